import { useCallback, useMemo } from 'react';
import { messages } from '../../../domain/messages';
import type { Template } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useNotify } from '../../app/toaster';
import * as writes from './templateWrites';

type Decision = 'comment' | 'review' | 'approve' | 'reject' | 'discontinue';
const m = messages.templates;
const DECISION_MESSAGES: Record<Decision, { done: string; refused: string }> = {
  comment: { done: m.commentAdded, refused: m.commentFailed },
  review: { done: m.stateUpdated, refused: m.stateFailed },
  approve: { done: m.stateUpdated, refused: m.stateFailed },
  reject: { done: m.stateUpdated, refused: m.stateFailed },
  discontinue: { done: m.stateUpdated, refused: m.stateFailed },
};

/**
 * The template changes of the screens, each queued in the outbox and followed by the toast of
 * SPEC §8 when the server answers (or at once, offline, that it is saved on the device). A
 * change that could not even be queued gets the failure toast at once.
 */
export function useTemplateWrites() {
  const db = useReplica();
  const { email, data } = useAppData();
  const outcome = useChangeOutcome();
  const notify = useNotify();
  const writer = useMemo(() => ({ db, owner: email, profile: data.profile }), [db, email, data.profile]);

  const guard = useCallback(
    async <T,>(refused: string, work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (error) {
        notify('error', refused, error instanceof Error ? error.message : undefined);
        return null;
      }
    },
    [notify],
  );

  return useMemo(
    () => ({
      create: (t: writes.NewTemplate) =>
        guard(m.createFailed, async () => {
          const made = await writes.createTemplate(writer, t);
          outcome(made.entry, { done: m.created, refused: m.createFailed });
          return made.id;
        }),
      update: (id: string, changes: Parameters<typeof writes.updateTemplate>[2]) =>
        guard(m.updateFailed, async () => outcome(await writes.updateTemplate(writer, id, changes), { done: m.updated, refused: m.updateFailed })),
      remove: (t: Template) => guard(m.deleteFailed, async () => outcome(await writes.deleteTemplate(writer, t), { done: m.deleted, refused: m.deleteFailed })),
      copy: (t: Template) =>
        guard(m.copyFailed, async () => {
          const made = await writes.copyTemplate(writer, t);
          outcome(made.entry, { done: m.copied, refused: m.copyFailed });
          return made.id;
        }),
      act: (t: Template, action: Decision, comment: string) =>
        guard(DECISION_MESSAGES[action].refused, async () => outcome(await writes.actOnTemplate(writer, t, action, comment), DECISION_MESSAGES[action])),
    }),
    [writer, outcome, guard],
  );
}
