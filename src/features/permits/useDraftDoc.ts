import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import * as Y from 'yjs';
import { applyJsonToDoc, docFromState, docToJson, fromBase64, type ContentJson } from '../../../domain/permits/yContent';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { drafts$ } from './permitQueries';

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
    void firstValueFrom(drafts$(db, email)).then((drafts) => {
      if (cancelled) return;
      const draft = drafts.find((d) => d.doc.PermitInstanceId === draftId)?.doc;
      const doc = draft ? docFromState(fromBase64(draft.ContentState), draft.PermitContent) : new Y.Doc();
      setState({ doc, content: docToJson(doc) });
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
