import Type from 'typebox';
import { Timestamp } from './permit';
import { PULLED_COLLECTIONS, type PulledCollection } from './sync';

/** pending: in the queue; done: the server accepted it; refused: the server said no for good (a 4xx). */
export const OUTBOX_STATUSES = ['pending', 'done', 'refused'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OutboxMethod = (typeof OUTBOX_METHODS)[number];

/**
 * What a queued request will do to one replicated document, so lists can show it before the
 * server has it (DESIGN.md §4.2): `create` shows `fields` as the whole document, `patch` merges
 * `fields` over the pulled document, `delete` hides it.
 */
export const OutboxEffect = Type.Object({
  collection: Type.Union(PULLED_COLLECTIONS.map((c) => Type.Literal(c)) as [ReturnType<typeof Type.Literal<PulledCollection>>]),
  key: Type.String({ maxLength: 200 }),
  kind: Type.Union([Type.Literal('create'), Type.Literal('patch'), Type.Literal('delete')]),
  fields: Type.Record(Type.String(), Type.Unknown()),
});
export type OutboxEffect = Type.Static<typeof OutboxEffect>;

/** One request of the outbox, the device's durable queue of changes for the server. */
export const OutboxEntry = Type.Object({
  /** A UUID, sent as the Idempotency-Key: a resend is recognised, never applied twice. */
  id: Type.String({ maxLength: 36 }),
  /** Email of the user who made the change: only their session sends it. */
  owner: Type.String({ maxLength: 254 }),
  /** Queue order; a retried entry gets a new, later one. */
  seq: Type.Integer({ minimum: 0, maximum: 2 ** 52 }),
  method: Type.Union(OUTBOX_METHODS.map((m) => Type.Literal(m)) as [ReturnType<typeof Type.Literal<OutboxMethod>>]),
  /** Relative to /api (SPEC §7). */
  path: Type.String({ maxLength: 2000 }),
  body: Type.Optional(Type.Unknown()),
  /** What the user did, in their words ("Reject permit HW-1234"), for the "Not synced" list. */
  label: Type.String({ maxLength: 500 }),
  createdAt: Timestamp,
  status: Type.Union(OUTBOX_STATUSES.map((s) => Type.Literal(s)) as [ReturnType<typeof Type.Literal<OutboxStatus>>]),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last failure: the server's sentence for a refusal. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** Epoch ms before which it is not sent again (backoff). */
  nextAttemptAt: Type.Number({ minimum: 0 }),
  /** Epoch ms the server accepted it. */
  doneAt: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  effects: Type.Array(OutboxEffect),
});
export type OutboxEntry = Type.Static<typeof OutboxEntry>;
