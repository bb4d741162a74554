import { useCallback, useEffect, useRef } from 'react';
import { docToJson } from '../../../domain/permits/yContent';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { saveDraft } from './permitWrites';
import { DRAFT_AUTOSAVE_MS, type DraftDoc } from './useDraftDoc';

/**
 * Saves the draft through the outbox every 20 s while it changes and when the page is left
 * (SPEC §4), never after its permits are created: `stop` ends it.
 */
export function useDraftAutosave(draftId: string, draft: DraftDoc | null, definitionId: string | null) {
  const db = useReplica();
  const { data, email } = useAppData();
  const stopped = useRef(false);
  const latest = useRef({ draft, definitionId });
  useEffect(() => {
    latest.current = { draft, definitionId };
  }, [draft, definitionId]);
  const location = data.homeLocation;

  const save = useCallback(() => {
    const { draft: current, definitionId: defId } = latest.current;
    if (stopped.current || !current?.dirty.current || !defId || !location) return;
    current.dirty.current = false;
    void saveDraft(
      { db, owner: email },
      // From the document, not the last render: the forms hand over their last typing as the page unmounts.
      { id: draftId, doc: current.doc, content: docToJson(current.doc), definitionId: defId, locationId: location.LocationId, siteId: location.SiteId },
    );
  }, [db, email, draftId, location]);

  useEffect(() => {
    const timer = setInterval(save, DRAFT_AUTOSAVE_MS);
    const onHide = () => document.visibilityState === 'hidden' && save();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      // After the forms' own unmount, which may hand over what was typed last.
      setTimeout(save, 0);
    };
  }, [save]);

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);
  return { stop };
}
