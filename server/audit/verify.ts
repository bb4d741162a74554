import type { Queryable } from '../db/database';
import { eventHash, GENESIS_HASH } from './canonical';
import { EVENT_COLUMNS, storedEvent } from './chain';

/** Events read per query while walking the chain: bounded memory at any length. */
const PAGE = 5_000;

export interface ChainBreak {
  /** The id where the chain breaks: the event that is wrong, or the id that is missing. */
  id: number;
  problem: 'missing' | 'out-of-order' | 'prev-hash' | 'hash' | 'unsealed' | 'head';
  /** What differs, in a sentence. */
  message: string;
  expected?: string;
  found?: string | null;
}

export interface ChainReport {
  ok: boolean;
  /** Events checked, up to the first break. */
  checked: number;
  /** The last event's id and hash (the head). */
  headId: number;
  headHash: string;
  firstBreak: ChainBreak | null;
}

/**
 * Walks the whole chain in id order and reports the first broken link: an id missing from
 * the sequence 1, 2, 3 … (a deleted event), an event whose prev_hash is not the previous event's
 * hash (a row inserted or moved), an event whose hash is not the hash of its content (a changed
 * row), or a head that does not match the last event.
 */
export async function verifyChain(db: Queryable): Promise<ChainReport> {
  let expectedId = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  const fail = (firstBreak: ChainBreak): ChainReport => ({ ok: false, checked, headId: expectedId - 1, headHash: prevHash, firstBreak });
  for (;;) {
    const rows = await db.query<Record<string, unknown>>(`select ${EVENT_COLUMNS} from audit_log where id >= $1 order by id limit ${PAGE}`, [expectedId]);
    for (const row of rows) {
      const event = storedEvent(row);
      if (event.id !== expectedId) {
        return fail({ id: expectedId, problem: 'missing', message: `Event ${expectedId} is missing: the event after ${expectedId - 1} is ${event.id}. An event was deleted, or the chain was cut.` });
      }
      if (event.hash === null || event.prev_hash === null) {
        return fail({ id: event.id, problem: 'unsealed', message: `Event ${event.id} has no hash: it was written around the chain, not by the server.` });
      }
      if (event.prev_hash !== prevHash) {
        return fail({
          id: event.id, problem: 'prev-hash', expected: prevHash, found: event.prev_hash,
          message: `Event ${event.id} does not follow event ${event.id - 1}: its prev_hash is not event ${event.id - 1}'s hash. An event was inserted, replaced or moved here.`,
        });
      }
      const hash = eventHash(prevHash, event);
      if (hash !== event.hash) {
        return fail({
          id: event.id, problem: 'hash', expected: hash, found: event.hash,
          message: `Event ${event.id} was changed after it was written: its content does not hash to its stored hash.`,
        });
      }
      prevHash = event.hash;
      expectedId++;
      checked++;
    }
    if (rows.length < PAGE) break;
  }
  // Events below id 1 never come from the server: the ids of the chain start at 1.
  const [stray] = await db.query<{ id: number | string }>('select id from audit_log where id < 1 order by id limit 1');
  if (stray) return fail({ id: Number(stray.id), problem: 'out-of-order', message: `Event ${stray.id} is outside the chain's ids (they start at 1): it was inserted by hand.` });
  const [head] = await db.query<{ last_id: number | string; hash: string | null }>('select last_id, hash from audit_head');
  if (head && (Number(head.last_id) !== expectedId - 1 || (head.hash !== null && head.hash !== prevHash))) {
    const headId = Number(head.last_id);
    if (headId > expectedId - 1) {
      return fail({ id: expectedId, problem: 'missing', message: `Event ${expectedId} is missing: the chain's head says the last event is ${headId}. Events at the end were deleted.` });
    }
    return fail({ id: headId, problem: 'head', expected: prevHash, found: head.hash, message: `The chain's head (event ${headId}) does not match the last event (${expectedId - 1}).` });
  }
  return { ok: true, checked, headId: expectedId - 1, headHash: prevHash, firstBreak: null };
}
