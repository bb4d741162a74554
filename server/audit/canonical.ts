import { createHash } from 'node:crypto';

/** The hash an empty chain starts from: the first event's prev_hash. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * An event as it is hashed, exported and verified: every stored field but the hashes. Field
 * names are the export's (README, Audit trail); `at` and `device_at` are ISO times in UTC with
 * milliseconds, as JavaScript's toISOString() prints them.
 */
export interface ChainedEvent {
  id: number;
  at: string;
  device_at: string | null;
  actor_id: number | null;
  actor_name: string;
  actor_kind: string;
  action: string;
  subject_type: string;
  subject_id: string;
  location_id: number | null;
  details: Record<string, unknown>;
}

/**
 * JSON with the keys of every object sorted (by UTF-16 code unit, as Array.prototype.sort does),
 * no whitespace, arrays in their order: the one text an auditor's few lines of any language
 * reproduce from the exported event.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object).filter((k) => object[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256, in lowercase hex, of the UTF-8 bytes of the previous hash followed by the event's canonical JSON. */
export function eventHash(prevHash: string, event: ChainedEvent): string {
  const { id, at, device_at, actor_id, actor_name, actor_kind, action, subject_type, subject_id, location_id, details } = event;
  const hashed = { id, at, device_at, actor_id, actor_name, actor_kind, action, subject_type, subject_id, location_id, details };
  return createHash('sha256').update(prevHash + canonicalJson(hashed)).digest('hex');
}
