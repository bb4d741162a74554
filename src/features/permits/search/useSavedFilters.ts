import { useCallback } from 'react';
import { MAX_SAVED_FILTERS } from '../../../../domain/constants';
import { messages } from '../../../../domain/messages';
import { appendToOutbox } from '../../../../replication/outbox';
import type { SavedFilter } from '../../../../schemas';
import { useReplica } from '../../../app/replica';
import { useAppData } from '../../../app/startup/appData';
import { preferencesEffect } from '../../../app/startup/siteData';
import { useChangeOutcome, type ChangeMessages } from '../../../app/sync/useChangeOutcome';
import { useNotify } from '../../../app/toaster';

/** The screen the search page's filters are saved under (SPEC §3: the default screen). */
export const SEARCH_SCREEN = 'SearchPermits';

export interface SavedFilters {
  /** The user's saved filters, or null when the stored preferences cannot be read. */
  filters: SavedFilter[] | null;
  /** SPEC §5: a new filter only while the user has fewer than 10. */
  canCreate: boolean;
  create(name: string, filter: SavedFilter['Filter']): Promise<void>;
  update(id: string, changes: Partial<Pick<SavedFilter, 'Name' | 'Filter'>>): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * Saved filters of the search page, kept in the user's preferences. Each change is one
 * POST /userpref through the outbox with the whole list for the screen, shown at once and kept
 * when saved offline; the server's answer becomes SPEC §8's message.
 */
export function useSavedFilters(): SavedFilters {
  const db = useReplica();
  const { data, email } = useAppData();
  const tellOutcome = useChangeOutcome();
  const notify = useNotify();
  const preferences = data.profile.Preferences;
  const stored = preferences.Filters?.[SEARCH_SCREEN];
  const filters = stored === undefined ? [] : Array.isArray(stored) ? stored : null;

  const save = useCallback(
    async (next: SavedFilter[], label: string, outcome: ChangeMessages) => {
      // The device could not even queue it (storage full or broken): the same failure message.
      const entry = await appendToOutbox(db, email, {
        method: 'POST',
        path: '/userpref',
        body: { PersonnelId: preferences.PersonnelId, Screen: SEARCH_SCREEN, Filters: next },
        label,
        effects: [preferencesEffect({ ...preferences, Filters: { ...preferences.Filters, [SEARCH_SCREEN]: next } })],
      }).catch(() => null);
      if (entry) tellOutcome(entry, outcome);
      else notify('error', outcome.refused);
    },
    [db, email, preferences, tellOutcome, notify],
  );

  const list = filters ?? [];
  return {
    filters,
    canCreate: list.length < MAX_SAVED_FILTERS,
    create: (name, filter) =>
      save([...list, { Id: crypto.randomUUID(), Name: name.trim(), Active: true, Filter: filter }], `Save search filter "${name.trim()}"`, {
        done: messages.filters.created,
        refused: messages.filters.createFailed,
      }),
    update: (id, changes) =>
      save(
        list.map((f) => (f.Id === id ? { ...f, ...changes, Name: (changes.Name ?? f.Name).trim() } : f)),
        `Update search filter "${changes.Name ?? list.find((f) => f.Id === id)?.Name ?? ''}"`,
        { done: messages.filters.updated, refused: messages.filters.updateFailed },
      ),
    remove: (id) =>
      save(list.filter((f) => f.Id !== id), `Delete search filter "${list.find((f) => f.Id === id)?.Name ?? ''}"`, {
        done: messages.filters.deleted,
        refused: messages.filters.deleteFailed,
      }),
  };
}
