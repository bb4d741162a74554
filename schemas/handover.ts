import Type from 'typebox';
import { LocationId } from './common';
import { Timestamp } from './permit';

/** A time of day on the site's clock, 24-hour. */
export const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5, description: 'Time of day as HH:MM (24-hour)' });

/** One shift of a site's pattern: from Start to End on the site's clock; an End at or before Start ends the next day. */
export const ShiftDefinition = Type.Object({
  Name: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S', description: 'Shift name' }),
  Start: ClockTime,
  End: ClockTime,
});
export type ShiftDefinition = Type.Static<typeof ShiftDefinition>;

/**
 * Revalidation at shift change: when on, each APPROVED permit is revalidated by an issuer of the
 * incoming shift; one not revalidated GraceMinutes into the shift reads *Revalidation required*.
 */
export const RevalidationSetting = Type.Object({
  Enabled: Type.Boolean(),
  GraceMinutes: Type.Integer({ minimum: 0, maximum: 12 * 60 }),
});
export type RevalidationSetting = Type.Static<typeof RevalidationSetting>;

/** PUT /handover/shifts: a site's shifts, which together cover each day once, and the site's clock. */
export const ShiftPatternBody = Type.Object({
  /** IANA zone, e.g. America/Chicago: shift changes follow the site's clock through daylight saving. */
  TimeZone: Type.String({ minLength: 1, maxLength: 60, description: 'Time zone' }),
  Shifts: Type.Array(ShiftDefinition, { minItems: 1, maxItems: 6 }),
  /** Off when not given. */
  Revalidation: Type.Optional(RevalidationSetting),
});
export type ShiftPatternBody = Type.Static<typeof ShiftPatternBody>;

export const ShiftPattern = Type.Object({ SiteId: Type.Integer(), ...ShiftPatternBody.properties });
export type ShiftPattern = Type.Static<typeof ShiftPattern>;

export const ShiftPatternQuery = Type.Object({ SiteId: Type.Integer({ minimum: 0 }) });
export type ShiftPatternQuery = Type.Static<typeof ShiftPatternQuery>;

/** A shift as it ran: its name and its start and end instants. */
export const ShiftSpan = Type.Object({ Name: Type.String(), Start: Timestamp, End: Timestamp });
export type ShiftSpan = Type.Static<typeof ShiftSpan>;

/** Client-generated ids (UUIDs): a handover submitted offline keeps its id, so a resend is the same handover. */
export const HandoverId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Handover id' });

const Text = (maxLength: number) => Type.String({ maxLength });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A permit as a handover lists it. */
export const HandoverPermit = Type.Object({
  PermitInstanceId: Text(40),
  Reference: Text(40),
  State: Text(20),
  Work: Text(2000),
  Receiver: Text(200),
  Where: Text(400),
  /** When its validity ends; null when its form does not say. */
  ValidUntil: Nullable(Timestamp),
  /** Whole minutes of validity left (negative once past); null without ValidUntil. */
  MinutesLeft: Nullable(Type.Integer()),
  /** It times out during the next shift: the incoming shift must close it out or have it extended. */
  TimesOutNextShift: Type.Boolean(),
  /** For a permit that ended this shift (revoked, rejected, completed): when, and the reason given. */
  EndedAt: Nullable(Timestamp),
  Reason: Nullable(Text(2000)),
});
export type HandoverPermit = Type.Static<typeof HandoverPermit>;

/** An isolation certificate in place or waiting for de-isolation. */
export const HandoverIsolation = Type.Object({
  IsolationCertificateId: Text(40),
  Reference: Text(40),
  State: Text(30),
  Equipment: Text(400),
  Points: Type.Integer({ minimum: 0 }),
  /** The references of the open permits that rely on it. */
  Permits: Type.Array(Text(40), { maxItems: 200 }),
});
export type HandoverIsolation = Type.Static<typeof HandoverIsolation>;

/** A permit's gas tests that need the incoming shift: its work suspended, or a retest due this shift or overdue. */
export const HandoverGasTest = Type.Object({
  PermitInstanceId: Text(40),
  Reference: Text(40),
  Status: Type.Union([Type.Literal('suspended'), Type.Literal('overdue'), Type.Literal('due')]),
  /** In words: the suspension's reason, "Gas test overdue by 12 min", "Gas test due at 17:30". */
  Words: Text(400),
  DueAt: Nullable(Timestamp),
});
export type HandoverGasTest = Type.Static<typeof HandoverGasTest>;

/** Two permits whose work must not go on together where they are (SIMOPS). */
export const HandoverClash = Type.Object({
  Permits: Type.Array(Type.Object({ PermitInstanceId: Text(40), Reference: Text(40) }), { minItems: 2, maxItems: 2 }),
  Rule: Text(40),
  Words: Text(400),
});
export type HandoverClash = Type.Static<typeof HandoverClash>;

/**
 * What a handover page holds for an area and a shift: the same for the page on the device and for
 * the snapshot the server keeps. Sections after AwaitingApproval are present only when their data exists.
 */
export const HandoverPage = Type.Object({
  LocationId,
  LocationTitle: Text(200),
  Shift: ShiftSpan,
  /** The clock the page was built at. */
  At: Timestamp,
  /** APPROVED, CLOSING, TIMEOUT: work under way or to be closed out. */
  OpenPermits: Type.Array(HandoverPermit, { maxItems: 2000 }),
  /** PRE-APPROVAL and PENDING. */
  AwaitingApproval: Type.Array(HandoverPermit, { maxItems: 2000 }),
  /** Revoked, rejected or completed since the shift began. */
  EndedThisShift: Type.Array(HandoverPermit, { maxItems: 2000 }),
  Isolations: Type.Optional(Type.Array(HandoverIsolation, { maxItems: 1000 })),
  GasTests: Type.Optional(Type.Array(HandoverGasTest, { maxItems: 1000 })),
  Clashes: Type.Optional(Type.Array(HandoverClash, { maxItems: 1000 })),
});
export type HandoverPage = Type.Static<typeof HandoverPage>;

/** A note on one item of the page: ItemId is `permit:<id>`, `isolation:<id>`, `gas:<permit id>` or `clash:<id>:<id>`. */
export const HandoverItemNote = Type.Object({
  ItemId: Type.String({ minLength: 1, maxLength: 100, description: 'Item id' }),
  Note: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', description: 'Note' }),
});
export type HandoverItemNote = Type.Static<typeof HandoverItemNote>;

/** POST /handover: the outgoing person hands over the area: the page as they saw it and their notes. */
export const SubmitHandoverBody = Type.Object({
  HandoverId,
  Page: HandoverPage,
  GeneralNotes: Type.String({ maxLength: 10_000, description: 'General notes' }),
  ItemNotes: Type.Array(HandoverItemNote, { maxItems: 2000 }),
});
export type SubmitHandoverBody = Type.Static<typeof SubmitHandoverBody>;

/** POST /handover/addendum: a correction or addition; a handover itself is never changed. */
export const HandoverAddendumBody = Type.Object({
  HandoverId,
  AddendumId: HandoverId,
  Text: Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S', description: 'Addendum' }),
});
export type HandoverAddendumBody = Type.Static<typeof HandoverAddendumBody>;

/** POST /handover/acknowledge: the incoming person signs for the handover. */
export const AcknowledgeHandoverBody = Type.Object({
  HandoverId,
  Comment: Type.Optional(Type.String({ maxLength: 2000, description: 'Comment' })),
});
export type AcknowledgeHandoverBody = Type.Static<typeof AcknowledgeHandoverBody>;

export const HandoverQuery = Type.Object({ HandoverId });

/** GET /handover/history: an area's handovers, newest shift first, a page at a time (Before: the last page's oldest shift end). */
export const HandoverHistoryQuery = Type.Object({
  LocationId,
  Before: Type.Optional(Timestamp),
  Limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type HandoverHistoryQuery = Type.Static<typeof HandoverHistoryQuery>;
export type HandoverQuery = Type.Static<typeof HandoverQuery>;

/** Who did something: their name as it was then, the server's time, and the device's where it told it. */
export const HandoverStamp = Type.Object({
  PersonnelId: Type.Integer(),
  Name: Type.String(),
  At: Timestamp,
  DeviceAt: Nullable(Timestamp),
});
export type HandoverStamp = Type.Static<typeof HandoverStamp>;

/** A handover as the server keeps it and the sync pull sends it. */
export const Handover = Type.Object({
  HandoverId: Type.String(),
  SiteId: Type.Integer(),
  LocationId,
  Shift: ShiftSpan,
  Page: HandoverPage,
  GeneralNotes: Type.String(),
  ItemNotes: Type.Array(HandoverItemNote),
  SubmittedBy: HandoverStamp,
  /** Oldest first. */
  Addenda: Type.Array(Type.Object({ AddendumId: Type.String(), Text: Type.String(), By: HandoverStamp })),
  Acknowledgement: Nullable(Type.Object({ By: HandoverStamp, Comment: Type.String() })),
  DateChanged: Timestamp,
});
export type Handover = Type.Static<typeof Handover>;

export const HandoverHistory = Type.Object({
  Handovers: Type.Array(Handover),
  /** Older handovers remain: ask again with Before set to the last one's shift end. */
  More: Type.Boolean(),
});
export type HandoverHistory = Type.Static<typeof HandoverHistory>;

/** POST /handover/revalidate: an issuer of the incoming shift confirms an APPROVED permit may go on. */
export const RevalidatePermitBody = Type.Object({ PermitInstanceId: Type.String({ minLength: 1, maxLength: 40, description: 'Permit id' }) });
export type RevalidatePermitBody = Type.Static<typeof RevalidatePermitBody>;

export const RevalidationResult = Type.Object({
  PermitInstanceId: Type.String(),
  /** The shift it was revalidated for. */
  Shift: ShiftSpan,
  /** False when it had been revalidated for this shift already (a resend, or a second issuer). */
  Recorded: Type.Boolean(),
});
export type RevalidationResult = Type.Static<typeof RevalidationResult>;
