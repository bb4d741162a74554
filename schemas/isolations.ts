import Type from 'typebox';
import { LocationId, PersonnelId } from './common';
import { PermitInstanceId } from './permitApi';
import { PermitStateSchema, Timestamp } from './permit';

/** The life of an isolation certificate (issue 36): CANCELLED only from PLANNED. */
export const ISOLATION_STATES = ['PLANNED', 'ISOLATED', 'VERIFIED', 'DE-ISOLATION REQUESTED', 'DE-ISOLATED', 'CANCELLED'] as const;
export type IsolationState = (typeof ISOLATION_STATES)[number];
export const IsolationStateSchema = Type.Union(ISOLATION_STATES.map((s) => Type.Literal(s)) as [ReturnType<typeof Type.Literal<IsolationState>>]);

export const ISOLATION_POINT_TYPES = ['electrical', 'mechanical', 'process', 'instrument'] as const;
export type IsolationPointType = (typeof ISOLATION_POINT_TYPES)[number];

export const ISOLATION_METHODS = ['lock-off at MCC', 'valve closed and locked', 'spectacle blind/spade', 'double block and bleed', 'disconnection'] as const;
export type IsolationMethod = (typeof ISOLATION_METHODS)[number];

/** The reference a certificate shows until the server numbers it (as a permit's 'TBD' shows as 'Pending...'). */
export const PENDING_ISOLATION_REFERENCE = 'Pending...';

/** Client-generated ids (UUIDs): a certificate or point made offline keeps its id when it reaches the server. */
export const IsolationCertificateId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Isolation certificate id' });
export const IsolationPointId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Isolation point id' });

const Text = (maxLength: number) => Type.String({ maxLength });
const Required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/**
 * Who did a step and when: the server's time (`At`) and the device's (`DeviceAt`, from the
 * request's made-at header, null when the request did not say), as the audit trail keeps both.
 */
export const StepStamp = Type.Object({
  PersonnelId,
  Name: Type.String(),
  At: Timestamp,
  DeviceAt: Type.Union([Timestamp, Type.Null()]),
});
export type StepStamp = Type.Static<typeof StepStamp>;

/** A point as it is planned: where and how energy is isolated. */
export const IsolationPointPlan = Type.Object({
  PointId: IsolationPointId,
  /** The tag of the isolating device, e.g. MCC-3-B12 or XV-1012. */
  Tag: Required(60),
  Type: Type.Union(ISOLATION_POINT_TYPES.map((t) => Type.Literal(t)) as [ReturnType<typeof Type.Literal<IsolationPointType>>]),
  Method: Type.Union(ISOLATION_METHODS.map((m) => Type.Literal(m)) as [ReturnType<typeof Type.Literal<IsolationMethod>>]),
  /** The padlock's number, for the lock box. */
  LockNumber: Text(40),
  /** The danger tag's number hung on the device. */
  TagNumber: Text(40),
  Remarks: Text(2000),
  /**
   * Where the point is on its location's plot plan, on SPEC §9's 660 × 1020 sheet as a permit's
   * work location is; left out or null: not placed. Kept in the certificate's points (one jsonb
   * column on the server), so no column of its own.
   */
  Latitude: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 660, description: 'Point latitude on the plot plan (0 to 660)' }), Type.Null()])),
  Longitude: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1020, description: 'Point longitude on the plot plan (0 to 1020)' }), Type.Null()])),
});
export type IsolationPointPlan = Type.Static<typeof IsolationPointPlan>;

/** A point with its three signatures: applied, verified (by another person), removed. */
export const IsolationPoint = Type.Object({
  ...IsolationPointPlan.properties,
  IsolatedBy: Type.Union([StepStamp, Type.Null()]),
  VerifiedBy: Type.Union([StepStamp, Type.Null()]),
  RemovedBy: Type.Union([StepStamp, Type.Null()]),
});
export type IsolationPoint = Type.Static<typeof IsolationPoint>;

/** The zero-energy test ("try to start"/test for dead) that proves the isolation holds before it is VERIFIED. */
export const ZeroEnergyTest = Type.Object({ Result: Type.String(), By: StepStamp });
export type ZeroEnergyTest = Type.Static<typeof ZeroEnergyTest>;

/** A permit that relies on the certificate, as the certificate lists it. */
export const LinkedPermit = Type.Object({
  PermitInstanceId: Type.String(),
  PermitInstanceReferenceId: Type.String(),
  State: PermitStateSchema,
  LinkedBy: StepStamp,
});
export type LinkedPermit = Type.Static<typeof LinkedPermit>;

/** One step of the certificate's life: to which state, by whom, when. */
export const IsolationStep = Type.Object({ State: IsolationStateSchema, By: StepStamp });
export type IsolationStep = Type.Static<typeof IsolationStep>;

/** An isolation certificate, as GET /isolations answers it and the sync pull sends it. */
export const IsolationCertificate = Type.Object({
  IsolationCertificateId,
  /** IC-YYYY-NNNNNN, given by the server when the certificate reaches it. */
  ReferenceId: Type.String(),
  SiteId: Type.Integer(),
  LocationId,
  /** The equipment or asset isolated (e.g. "P-101 Crude charge pump"), picked from work orders' assets or typed. */
  Equipment: Type.String(),
  Description: Type.String(),
  State: IsolationStateSchema,
  Points: Type.Array(IsolationPoint),
  ZeroEnergyTest: Type.Union([ZeroEnergyTest, Type.Null()]),
  Steps: Type.Array(IsolationStep),
  Permits: Type.Array(LinkedPermit),
  CreatedBy: StepStamp,
  DateChanged: Timestamp,
});
export type IsolationCertificate = Type.Static<typeof IsolationCertificate>;

export const IsolationQuery = Type.Object({ IsolationCertificateId });
export type IsolationQuery = Type.Static<typeof IsolationQuery>;

const Points = Type.Array(IsolationPointPlan, { minItems: 1, maxItems: 200 });

/** POST /isolations: a PLANNED certificate under the client's id (a resend finds it made). */
export const CreateIsolationBody = Type.Object({
  IsolationCertificateId,
  LocationId,
  Equipment: Required(200),
  Description: Text(4000),
  Points,
});
export type CreateIsolationBody = Type.Static<typeof CreateIsolationBody>;

/** PUT /isolations: the plan changes while PLANNED; what is left out stays. */
export const EditIsolationBody = Type.Object({
  IsolationCertificateId,
  Equipment: Type.Optional(Required(200)),
  Description: Type.Optional(Text(4000)),
  Points: Type.Optional(Points),
});
export type EditIsolationBody = Type.Static<typeof EditIsolationBody>;

/** The certificate's steps (POST /isolations/step). */
export const ISOLATION_STEPS = ['isolate', 'verify', 'requestDeisolation', 'deisolate', 'cancel'] as const;
export type IsolationStepAction = (typeof ISOLATION_STEPS)[number];
export const IsolationStepBody = Type.Object({
  IsolationCertificateId,
  Action: Type.Union(ISOLATION_STEPS.map((a) => Type.Literal(a)) as [ReturnType<typeof Type.Literal<IsolationStepAction>>]),
});
export type IsolationStepBody = Type.Static<typeof IsolationStepBody>;

/** A point's steps (POST /isolations/point). */
export const POINT_STEPS = ['apply', 'verify', 'remove'] as const;
export type PointStepAction = (typeof POINT_STEPS)[number];
export const IsolationPointBody = Type.Object({
  IsolationCertificateId,
  PointId: IsolationPointId,
  Action: Type.Union(POINT_STEPS.map((a) => Type.Literal(a)) as [ReturnType<typeof Type.Literal<PointStepAction>>]),
});
export type IsolationPointBody = Type.Static<typeof IsolationPointBody>;

/** POST /isolations/zeroenergy: what was tried and found (e.g. "Start tried at local station: no rotation; 0 V at terminals"). */
export const ZeroEnergyBody = Type.Object({ IsolationCertificateId, Result: Required(2000) });
export type ZeroEnergyBody = Type.Static<typeof ZeroEnergyBody>;

/** POST /isolations/link and /isolations/unlink: a permit names, or stops naming, the certificate. */
export const IsolationLinkBody = Type.Object({ IsolationCertificateId, PermitInstanceId });
export type IsolationLinkBody = Type.Static<typeof IsolationLinkBody>;
