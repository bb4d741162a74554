/**
 * Queued content edits of one permit travel as one request. Yjs updates merge without loss in
 * any order (DESIGN.md §5), so after a long offline shift the queue drains in one request per
 * permit rather than one per pause in typing. Anything else that concerns the permit (a
 * submit, a transition) stays a barrier: no edit behind it is sent before it.
 */
import type { OutboxEntry } from '../schemas';

/** At most this many entries in one request… */
export const BATCH_ENTRIES = 100;
/** …and at most this much of merged update (base64 characters), well under the route's limit. */
export const BATCH_UPDATE_CHARS = 256 * 1024;

export interface OutboxBatch {
  /** The head first, then the entries merged into it, in queue order. */
  entries: OutboxEntry[];
  /** The request body: the head's own, or for a merge the merged update (`batchBody`). */
  body: unknown;
  /** For a merge: the entries' Yjs updates (base64), merged into one when the batch is sent. */
  updates?: string[];
  /** The head's id alone; for a merge, head and last, so a resend of the same merge is recognised. */
  key: string;
}

function updateOf(entry: OutboxEntry): string | null {
  const update = (entry.body as { update?: unknown } | undefined)?.update;
  return entry.method === 'PATCH' && entry.path.startsWith('/permitcontent?') && typeof update === 'string' ? update : null;
}

const permitOf = (entry: OutboxEntry) => new URLSearchParams(entry.path.slice(entry.path.indexOf('?') + 1)).get('PermitInstanceId') ?? '';

/** Whether an entry does anything to the permit: its path, body or shown effects name it. */
const concerns = (entry: OutboxEntry, permitId: string) =>
  entry.path.includes(encodeURIComponent(permitId)) || entry.effects.some((e) => e.key === permitId) || JSON.stringify(entry.body ?? null).includes(permitId);

/**
 * The pending queue, in order, as the requests to send: each entry in exactly one. Planned once
 * for the whole queue, so draining it reads the queue once, not once a request.
 */
export function planBatches(queue: readonly OutboxEntry[]): OutboxBatch[] {
  const sent = new Set<string>();
  function* behind(index: number) {
    for (let i = index + 1; i < queue.length; i++) if (!sent.has(queue[i]!.id)) yield queue[i]!;
  }
  return queue.flatMap((head, index) => {
    if (sent.has(head.id)) return [];
    const batch = batchFrom(head, behind(index));
    for (const entry of batch.entries) sent.add(entry.id);
    return [batch];
  });
}

/** What to send for `head`, given the pending entries behind it in queue order. */
export function batchFrom(head: OutboxEntry, behind: Iterable<OutboxEntry>): OutboxBatch {
  const single = { entries: [head], body: head.body, key: head.id };
  const first = updateOf(head);
  if (first === null) return single;
  const permitId = permitOf(head);
  const entries = [head];
  const updates = [first];
  let chars = first.length;
  for (const entry of behind) {
    const update = updateOf(entry);
    if (update === null && concerns(entry, permitId)) break;
    if (update === null || entry.path !== head.path) continue;
    if (entries.length >= BATCH_ENTRIES || chars + update.length > BATCH_UPDATE_CHARS) break;
    entries.push(entry);
    updates.push(update);
    chars += update.length;
  }
  if (entries.length === 1) return single;
  return { entries, body: null, updates, key: `${head.id}.${entries.at(-1)!.id}` };
}

/**
 * What to send for a batch. Yjs (~30 KB gzip) is loaded only when a merge is sent: the
 * outbox runs from the first page, which must not carry it (issue 13's first-load budget).
 */
export async function batchBody(batch: OutboxBatch): Promise<unknown> {
  if (!batch.updates) return batch.body;
  const [{ mergeUpdates }, { fromBase64, toBase64 }] = await Promise.all([import('yjs'), import('../domain/permits/yContent')]);
  return { update: toBase64(mergeUpdates(batch.updates.map(fromBase64))) };
}
