import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import * as Y from 'yjs';
import { applyJsonToDoc, docFromState, docToJson, fromBase64, type ContentJson } from '../../../domain/permits/yContent';
import { overlayEntries$ } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';

/** Autosave period of a draft (SPEC §9). */
export const DRAFT_AUTOSAVE_MS = 20_000;

export interface DraftDoc {
  doc: Y.Doc;
  /** The content keyed by sub-form; a permit type is selected when its sub-form is there. */
  content: ContentJson;
  setContent(content: ContentJson): void;
  /** Changed since the last save. */
  dirty: React.RefObject<boolean>;
}

/**
 * The draft's Yjs document: from the replica's draft (with unsent saves) when there is one,
 * else a new empty one. Drafts use the permit content model (DESIGN.md §5), so the content
 * becomes the permit's without conversion.
 */
export function useDraftDoc(draftId: string): DraftDoc | null {
  const db = useReplica();
  const { email } = useAppData();
  const [state, setState] = useState<{ doc: Y.Doc; content: ContentJson } | null>(null);
  const dirty = useRef(false);

  useEffect(() => {
    let cancelled = false;
    void loadDraftDoc(db, email, draftId).then((doc) => {
      if (!cancelled) setState({ doc, content: docToJson(doc) });
    });
    return () => {
      cancelled = true;
    };
  }, [db, email, draftId]);

  const doc = state?.doc;
  const setContent = useCallback(
    (content: ContentJson) => {
      if (!doc) return;
      applyJsonToDoc(doc, content);
      dirty.current = true;
      setState({ doc, content: docToJson(doc) });
    },
    [doc],
  );

  return state ? { ...state, setContent, dirty } : null;
}

/**
 * The pulled draft merged with every save of it the pull may not have brought yet. Merging the
 * Yjs states, rather than picking one version, cannot lose typing whichever way a save and a
 * pull interleave. The outbox is read first: a save leaves it only long after it was accepted.
 */
async function loadDraftDoc(db: ReplicaDatabase, owner: string, draftId: string): Promise<Y.Doc> {
  const entries = await firstValueFrom(overlayEntries$(db, owner));
  const pulled = await db.drafts.findOne(draftId).exec();
  const saves = entries.flatMap((e) => e.effects).filter((f) => f.collection === 'drafts' && f.key === draftId && f.kind === 'create');
  const states = [pulled?.ContentState, ...saves.map((f) => f.fields.ContentState)].filter((s): s is string => typeof s === 'string' && s !== '');
  if (states.length === 0) return docFromState(new Uint8Array(), pulled?.PermitContent ?? {});
  const doc = new Y.Doc();
  for (const state of states) Y.applyUpdate(doc, fromBase64(state));
  return doc;
}
