import Type from 'typebox';
import { LocationId } from './common';
import { PermitInstanceId } from './permitApi';
import { Timestamp } from './permit';

/** The four gases every reading carries (DOMAIN.md, Gas tests); a site adds others as extra gases. */
export const STANDARD_GASES = ['O2', 'LEL', 'H2S', 'CO'] as const;
export type StandardGas = (typeof STANDARD_GASES)[number];

/** A gas's short name as the instrument shows it: O2, LEL, H2S, CO, or a site's extra gas (NH3, SO2, Benzene). */
export const GasName = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9][A-Za-z0-9 ()-]*$', description: 'Gas' });

/** Client-generated ids (UUIDs): a reading taken offline keeps its id when it reaches the server, so a resend is the same reading. */
export const GasReadingId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Gas reading id' });

/** A measured value: % vol for O2, % LEL, ppm for the toxic gases. Instruments read 0–100 % and up to a few thousand ppm. */
const Measured = Type.Number({ minimum: 0, maximum: 100_000 });
const Required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
/** A calendar day, as a bump test is dated on the instrument's sticker. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });

export const ExtraGasValue = Type.Object({ Gas: GasName, Value: Measured });
export type ExtraGasValue = Type.Static<typeof ExtraGasValue>;

/** Who did something and when, on the server's clock; PersonnelId null when the server itself did it (an overdue retest). */
export const GasStamp = Type.Object({
  PersonnelId: Type.Union([Type.Integer(), Type.Null()]),
  Name: Type.String(),
  At: Timestamp,
});
export type GasStamp = Type.Static<typeof GasStamp>;

/** What a tester measured at one sample point at one time. */
export const GasMeasurement = Type.Object({
  O2: Measured,
  LEL: Measured,
  H2S: Measured,
  CO: Measured,
  /** The site's extra gases measured with it. */
  Extra: Type.Array(ExtraGasValue, { maxItems: 20 }),
});
export type GasMeasurement = Type.Static<typeof GasMeasurement>;

/** POST /gastests/reading: one reading under the client's id (a resend finds it recorded). */
export const AddGasReadingBody = Type.Object({
  ReadingId: GasReadingId,
  PermitInstanceId,
  /** When it was taken, on the device's clock (offline readings arrive later). */
  TakenAt: Timestamp,
  /** The gas detector's id or serial, e.g. "MSA Altair 4XR #A-102". */
  InstrumentId: Required(80),
  /** The instrument's last bump test: a detector not bump-tested cannot be trusted to alarm. */
  BumpTestDate: Day,
  /** Where the sample was drawn, e.g. "Manway top", "Middle", "Bottom". */
  SamplePoint: Required(80),
  ...GasMeasurement.properties,
  Extra: Type.Optional(Type.Array(ExtraGasValue, { maxItems: 20 })),
  /** A correction is a new reading naming the one it corrects, with why: readings are never edited. */
  Corrects: Type.Optional(GasReadingId),
  CorrectionReason: Type.Optional(Required(500)),
});
export type AddGasReadingBody = Type.Static<typeof AddGasReadingBody>;

/** A reading as the server keeps it: append-only, with the device's and the server's time. */
export const GasReading = Type.Object({
  ReadingId: GasReadingId,
  PermitInstanceId: Type.String(),
  TakenAt: Timestamp,
  ReceivedAt: Timestamp,
  Tester: GasStamp,
  InstrumentId: Type.String(),
  BumpTestDate: Type.String(),
  SamplePoint: Type.String(),
  ...GasMeasurement.properties,
  Corrects: Type.Union([Type.String(), Type.Null()]),
  CorrectionReason: Type.Union([Type.String(), Type.Null()]),
});
export type GasReading = Type.Static<typeof GasReading>;

/**
 * A gas's acceptable range: at least Low (when set) and below High (when set), or at most High
 * when HighInclusive (hot work's LEL ≤ 1 %).
 */
export const GasLimit = Type.Object({
  Gas: GasName,
  /** '% vol', '% LEL', 'ppm'. */
  Unit: Type.String({ minLength: 1, maxLength: 10 }),
  Low: Type.Union([Measured, Type.Null()]),
  High: Type.Union([Measured, Type.Null()]),
  HighInclusive: Type.Boolean(),
});
export type GasLimit = Type.Static<typeof GasLimit>;

/** A permit type's gas rules at a site. */
export const GasTypeSettings = Type.Object({
  /** The permit type's Name (e.g. ConfinedSpace, HotWork), as permits carry it. */
  PermitType: Type.String({ minLength: 1, maxLength: 60 }),
  /** Whether permits of the type need gas tests: the approval gate and the retests apply to them. */
  Required: Type.Boolean(),
  /** How long a passing reading holds before a retest is due. */
  RetestMinutes: Type.Integer({ minimum: 5, maximum: 24 * 60 }),
  /** The four standard gases' limits and any extra gas the site measures for this type. */
  Limits: Type.Array(GasLimit, { minItems: 1, maxItems: 24 }),
});
export type GasTypeSettings = Type.Static<typeof GasTypeSettings>;

/** A site's gas test settings; a type not listed has the defaults (domain/gasTests/limits). */
export const GasSettingsBody = Type.Object({
  /** How recent a passing reading must be for a permit that needs gas tests to be approved. */
  GateMinutes: Type.Integer({ minimum: 1, maximum: 24 * 60 }),
  /** The site's clock (IANA zone, e.g. America/Chicago): due times and suspensions are told in it. */
  TimeZone: Type.String({ minLength: 1, maxLength: 60 }),
  Types: Type.Array(GasTypeSettings, { maxItems: 50 }),
});
export type GasSettingsBody = Type.Static<typeof GasSettingsBody>;

export const GasSettings = Type.Object({ SiteId: Type.Integer(), ...GasSettingsBody.properties });
export type GasSettings = Type.Static<typeof GasSettings>;

export const GasSettingsQuery = Type.Object({ SiteId: Type.Integer({ minimum: 0 }) });
export type GasSettingsQuery = Type.Static<typeof GasSettingsQuery>;

/** Why work stopped: a reading out of its limits, a retest not done in time, or an area's emergency stop. */
export const SUSPENSION_CAUSES = ['reading', 'overdue', 'area'] as const;
export type SuspensionCause = (typeof SUSPENSION_CAUSES)[number];

/** A suspension of a permit's work: a condition on an APPROVED permit, not a state of its own (SPEC §4). */
export const GasSuspension = Type.Object({
  SuspensionId: Type.String(),
  Cause: Type.Union(SUSPENSION_CAUSES.map((c) => Type.Literal(c)) as [ReturnType<typeof Type.Literal<SuspensionCause>>]),
  /** In words, e.g. "LEL 14 % LEL at 10:42 (limit below 10 % LEL)". */
  Reason: Type.String(),
  SuspendedBy: GasStamp,
  /** The failing reading, when a reading suspended the work. */
  ReadingId: Type.Union([Type.String(), Type.Null()]),
  /** The location whose work was stopped all at once, when an area was suspended. */
  AreaLocationId: Type.Union([Type.Integer(), Type.Null()]),
  ResumedBy: Type.Union([GasStamp, Type.Null()]),
  ResumeComment: Type.Union([Type.String(), Type.Null()]),
  /** The passing reading the work resumed on. */
  ResumeReadingId: Type.Union([Type.String(), Type.Null()]),
});
export type GasSuspension = Type.Static<typeof GasSuspension>;

/** A permit's gas tests, as GET /gastests answers and the sync pull sends them: one document per permit. */
export const PermitGasTests = Type.Object({
  PermitInstanceId: Type.String(),
  SiteId: Type.Integer(),
  LocationId,
  Readings: Type.Array(GasReading),
  /** Oldest first; the last one without ResumedBy is the suspension in force. */
  Suspensions: Type.Array(GasSuspension),
  Suspended: Type.Boolean(),
  DateChanged: Timestamp,
});
export type PermitGasTests = Type.Static<typeof PermitGasTests>;

export const GasTestsQuery = Type.Object({ PermitInstanceId });
export type GasTestsQuery = Type.Static<typeof GasTestsQuery>;

/** POST /gastests/resume: an issuer lets the work go on, saying why it is safe again. */
export const ResumeWorkBody = Type.Object({ PermitInstanceId, Comment: Required(2000) });
export type ResumeWorkBody = Type.Static<typeof ResumeWorkBody>;

/** POST /gastests/suspendarea: every open APPROVED permit under the location stops at once (an alarm, a gas release, weather). */
export const SuspendAreaBody = Type.Object({ LocationId, Reason: Required(2000) });
export type SuspendAreaBody = Type.Static<typeof SuspendAreaBody>;

/** What an area suspension stopped. */
export const AreaSuspension = Type.Object({
  LocationId,
  Reason: Type.String(),
  Suspended: Type.Array(Type.Object({ PermitInstanceId: Type.String(), PermitInstanceReferenceId: Type.String() })),
});
export type AreaSuspension = Type.Static<typeof AreaSuspension>;

/** What adding a reading did: the reading, and the suspension it started (null when it did not stop the work). */
export const GasReadingResult = Type.Object({
  Reading: GasReading,
  Suspension: Type.Union([GasSuspension, Type.Null()]),
});
export type GasReadingResult = Type.Static<typeof GasReadingResult>;
