import Type from 'typebox';
import { LocationId, PersonnelId } from './common';

/** Permit states (SPEC §4); "open" ones are counted as open permits. */
export const PERMIT_STATES = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT', 'REJECTED', 'COMPLETED', 'REVOKED'] as const;
export type PermitState = (typeof PERMIT_STATES)[number];
/** States counted as open (SPEC §4): open permits stay in every replica's scope whatever their age. */
export const OPEN_PERMIT_STATES: readonly PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT'];
export const PermitStateSchema = Type.Union(PERMIT_STATES.map((s) => Type.Literal(s)) as [ReturnType<typeof Type.Literal<PermitState>>]);

/** Server timestamps keep microseconds, so they travel as strings (DESIGN.md §4 pitfalls). */
export const Timestamp = Type.String({ maxLength: 40, description: 'ISO timestamp with microseconds' });

export const UserOption = Type.Object({ value: Type.String(), label: Type.String() });

export const PermitInstanceMetadata = Type.Object({
  UsersOfGroupList: Type.Array(Type.Object({ Group: Type.String(), UserFormattedList: Type.Array(UserOption) })),
  AvailablePermits: Type.Array(Type.String()),
});

export const PermitType = Type.Object({ Name: Type.String(), Label: Type.String() });

/** A permit instance as pulled into the replica (SPEC §3), with its derived display fields. */
export const Permit = Type.Object({
  PermitInstanceId: Type.String({ maxLength: 40 }),
  /** 'TBD' until the server assigns a reference. */
  PermitInstanceReferenceId: Type.String(),
  PermitDefinitionId: Type.String(),
  State: Type.String({ maxLength: 20 }),
  /** Form data keyed by sub-form. */
  ContentJSON: Type.Record(Type.String(), Type.Unknown()),
  /** The Yjs state of the content, base64; the editor starts from it (DESIGN.md §5). '' until the first content write. */
  ContentState: Type.String(),
  PermitInstanceMetadataJSON: PermitInstanceMetadata,
  CreatedBy: PersonnelId,
  CreatedOn: Timestamp,
  DateChanged: Timestamp,
  SiteId: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  LocationId: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  Latitude: Type.Union([Type.Number(), Type.Null()]),
  Longitude: Type.Union([Type.Number(), Type.Null()]),
  EffectiveDate: Type.Union([Timestamp, Type.Null()]),
  EndStateDescription: Type.Union([Type.String(), Type.Null()]),
  approvalRequired: Type.Boolean(),
  permitTypes: Type.Array(PermitType),
  assetNumber: Type.String(),
  assetDescription: Type.String(),
  workOrderNumber: Type.String(),
  workDescription: Type.Array(Type.Object({ parentForm: Type.String(), workDescription: Type.String() })),
  companyName: Type.String(),
  workDate: Type.String(),
  workLocation: Type.String(),
  permitIssuer: Type.String(),
  permitReceiver: Type.String(),
});
export type Permit = Type.Static<typeof Permit>;

export const ApprovalRecord = Type.Object({
  PermitApprovalId: Type.String(),
  ApprovalLabel: Type.String(),
  ApprovalGroup: Type.String(),
  ApprovalName: Type.String(),
  ApprovalOrder: Type.Integer(),
  ApprovalPath: Type.String(),
  ApprovedByName: Type.Union([Type.String(), Type.Null()]),
  ApprovedByPersonnelId: Type.Union([PersonnelId, Type.Null()]),
  ApprovalDate: Type.Union([Timestamp, Type.Null()]),
  IsApproved: Type.Boolean(),
  IsApprovalRequired: Type.Boolean(),
  /** Approval, Discontinue, Rejection or Review. */
  Nature: Type.String(),
  NotificationRecipient: Type.Union([Type.String(), Type.Null()]),
});
export type ApprovalRecord = Type.Static<typeof ApprovalRecord>;

export const CommentType = Type.Union([
  Type.Literal('General'), Type.Literal('Review'), Type.Literal('Approval'), Type.Literal('Rejection'), Type.Literal('Discontinue'),
]);
export const Comment = Type.Object({
  Comment: Type.String({ minLength: 1 }),
  CommentType,
  CreatedOn: Timestamp,
  CreatedBy: Type.Object({ PersonnelId, FirstName: Type.String(), LastName: Type.String() }),
});
export type Comment = Type.Static<typeof Comment>;

export const ApprovalSummary = Type.Object({ RequiredApprovals: Type.Integer(), MissingApprovals: Type.Integer(), ApprovalNature: Type.String() });
export type ApprovalSummary = Type.Static<typeof ApprovalSummary>;

/** Approvals and comments of one permit (GET /permitinstancestatus). */
export const PermitApprovals = Type.Object({
  PermitInstanceId: Type.String({ maxLength: 40 }),
  LocationId,
  Approvals: Type.Array(ApprovalRecord),
  Summary: ApprovalSummary,
  Comments: Type.Array(Comment),
  DateChanged: Timestamp,
});
export type PermitApprovals = Type.Static<typeof PermitApprovals>;

export const Draft = Type.Object({
  PermitInstanceId: Type.String({ maxLength: 40 }),
  PermitContent: Type.Record(Type.String(), Type.Unknown()),
  /** The Yjs state of the content, base64, as for permits (DESIGN.md §5); '' until the first content write. */
  ContentState: Type.String(),
  PermitDefinitionId: Type.String(),
  LocationId,
  SiteId: Type.Integer(),
  LastUpdatedOn: Timestamp,
  DateChanged: Timestamp,
});
export type Draft = Type.Static<typeof Draft>;

export const PermitDefinition = Type.Object({
  PermitDefinitionId: Type.String({ maxLength: 60 }),
  LocationId,
  EffectiveDate: Timestamp,
  DefinitionMetadataJSON: Type.Object({
    Approvals: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    KeysList: Type.Array(Type.String()),
    CustomFieldPathList: Type.Array(Type.String()),
    Forms: Type.Array(Type.Object({ ContentsPath: Type.String(), Name: Type.String(), PermitType: Type.String() })),
  }),
  DefinitionJSONS3Key: Type.String(),
  /** The Form.io form definitions, keyed by form name. */
  Forms: Type.Record(Type.String(), Type.Unknown()),
  DateChanged: Timestamp,
});
export type PermitDefinition = Type.Static<typeof PermitDefinition>;
