import Type from 'typebox';
import { PersonnelId } from './common';
import { Timestamp } from './permit';

/** Who acted: a company employee, an external contractor, or the server itself (a permit timing out). */
export const AUDIT_ACTOR_KINDS = ['employee', 'contractor', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * The header the outbox sends with each request: when the user made the change on the device
 * (ISO timestamp), which is long before the server receives it for a change made offline.
 */
export const MADE_AT_HEADER = 'x-made-at';

/** One field a content edit changed: its sub-form, its key path in the form, and its value before and after. */
export const AuditFieldChange = Type.Object({
  Form: Type.String(),
  Field: Type.String(),
  Old: Type.Unknown(),
  New: Type.Unknown(),
});
export type AuditFieldChange = Type.Static<typeof AuditFieldChange>;

/**
 * An audit event of a permit as it travels with the permit to the devices (the permit's
 * `History`, oldest first): what the History tab reads, offline too. The hashes stay on the server.
 */
export const PermitHistoryEvent = Type.Object({
  /** Server receipt time. */
  At: Timestamp,
  /** When the change was made on the device, where that is known (null: made on the server or online at `At`). */
  DeviceAt: Type.Union([Timestamp, Type.Null()]),
  ActorId: Type.Union([PersonnelId, Type.Null()]),
  ActorName: Type.String(),
  ActorKind: Type.Union(AUDIT_ACTOR_KINDS.map((k) => Type.Literal(k)) as [ReturnType<typeof Type.Literal<AuditActorKind>>]),
  /** e.g. 'permit.content', 'permit.approve', 'permit.print' (server/audit). */
  Action: Type.String(),
  /** For 'permit.content': { Changes: AuditFieldChange[] }; for a transition: { from, to, ... }. */
  Details: Type.Record(Type.String(), Type.Unknown()),
});
export type PermitHistoryEvent = Type.Static<typeof PermitHistoryEvent>;
