import { useCallback, useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import type { FieldClass } from '../../../domain/permits/fields';
import { applyJsonToDoc, changedFields, docFromState, docToJson, fromBase64, type ContentJson } from '../../../domain/permits/yContent';
import type { Permit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { patchContent } from './permitWrites';

/** Keystrokes are gathered this long into one update: one outbox entry per pause, not per character. */
const SEND_AFTER_MS = 400;

interface Options {
  permit: Permit | null;
  /** The user's content updates still in the outbox (base64). */
  updates: readonly string[];
  /** The class of a field by content path (`SubForm.key`); only editable classes are written. */
  fieldClass(path: string): FieldClass;
  editable(fieldClass: FieldClass): boolean;
  /** Shows content that came from elsewhere in the open forms. */
  onRemote(content: ContentJson): void;
}

/**
 * The permit's Yjs document (DESIGN.md §5): the pulled state plus the user's unsent updates;
 * each pulled state merges in (the forms then show it), and the user's changes go out as Yjs
 * updates through the outbox, only for fields the state lets them change.
 */
export function usePermitDoc({ permit, updates, fieldClass, editable, onRemote }: Options) {
  const db = useReplica();
  const { email } = useAppData();
  const [doc, setDoc] = useState<Y.Doc | null>(null);
  const sentUpTo = useRef<Uint8Array | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onRemoteRef = useRef(onRemote);
  useEffect(() => {
    onRemoteRef.current = onRemote;
  }, [onRemote]);
  const id = permit?.PermitInstanceId;
  const hasPermit = permit !== null;

  useEffect(() => {
    if (!hasPermit || doc) return;
    const created = docFromState(fromBase64(permit.ContentState), permit.ContentJSON);
    for (const update of updates) Y.applyUpdate(created, fromBase64(update), 'remote');
    sentUpTo.current = Y.encodeStateVector(created);
    setDoc(created);
  }, [hasPermit, doc, permit, updates]);

  // A pulled state (another person's edit, or ours come back) merges in; Yjs ignores what it already has.
  const state = permit?.ContentState ?? '';
  useEffect(() => {
    if (!doc || !state) return;
    const before = docToJson(doc);
    Y.applyUpdate(doc, fromBase64(state), 'remote');
    const after = docToJson(doc);
    if (changedFields(before, after).length > 0) onRemoteRef.current(after);
  }, [doc, state]);

  const send = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!doc || !id || !sentUpTo.current) return;
    const update = Y.encodeStateAsUpdate(doc, sentUpTo.current);
    sentUpTo.current = Y.encodeStateVector(doc);
    void patchContent({ db, owner: email }, id, update, docToJson(doc));
  }, [db, email, doc, id]);

  useEffect(() => () => {
    if (timer.current) send();
  }, [send]);

  /** A sub-form's data after a user change: the editable fields that differ are written, and sent shortly. */
  const change = useCallback(
    (path: string, data: Record<string, unknown>) => {
      if (!doc) return;
      const content = docToJson(doc);
      const current = (content[path] ?? {}) as Record<string, unknown>;
      const next = { ...current };
      for (const [key, value] of Object.entries(data)) if (editable(fieldClass(`${path}.${key}`))) next[key] = value;
      const after = { ...content, [path]: next };
      if (changedFields(content, after).length === 0) return;
      applyJsonToDoc(doc, after);
      clearTimeout(timer.current);
      timer.current = setTimeout(send, SEND_AFTER_MS);
    },
    [doc, editable, fieldClass, send],
  );

  /** Sends what is gathered now (before a submit). */
  const flush = useCallback(() => {
    if (timer.current) send();
  }, [send]);

  return { ready: doc !== null, content: doc ? docToJson(doc) : null, change, flush };
}
