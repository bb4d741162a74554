import Type from 'typebox';
import { LocationId } from './common';
import { Comment, Permit, PermitStateSchema, Timestamp } from './permit';

/** Client-generated ids (UUIDs) of permits and drafts: the outbox can create offline and resend safely. */
export const PermitInstanceId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Permit instance id' });
const Reason = Type.String({ maxLength: 2000 });
/** As isolations.ts's IsolationCertificateId, which imports this module: written out here rather than import in a cycle. */
const CertificateId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Isolation certificate id' });
/** A Yjs update or state, base64 (DESIGN.md §5). 768 KiB of base64 stays under the body limit. */
const YjsBase64 = Type.String({ maxLength: 786_432, pattern: '^[A-Za-z0-9+/]*={0,2}$' });

export const PermitInstanceQuery = Type.Object({ PermitInstanceId });
export type PermitInstanceQuery = Type.Static<typeof PermitInstanceQuery>;
export const PermitDefinitionQuery = Type.Object({ PermitDefinitionId: Type.String({ minLength: 1, maxLength: 60 }) });
export type PermitDefinitionQuery = Type.Static<typeof PermitDefinitionQuery>;

/** POST /permitcontentofdef: one permit of one definition; the id is the client's, so a resend finds the permit already made. */
export const CreatePermitBody = Type.Object(
  {
    PermitInstanceId,
    PermitDefinitionId: Type.String({ minLength: 1, maxLength: 60 }),
    LocationId,
    /** Content keyed by sub-form, as a JSON string (SPEC §7) or an object. */
    ContentJSON: Type.Union([Type.String({ maxLength: 524_288 }), Type.Record(Type.String(), Type.Unknown())]),
    /** The Yjs state the client built the content in; when given it is the content, so later updates merge onto it. */
    ContentState: Type.Optional(YjsBase64),
    Latitude: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    Longitude: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    /** Submit at once (the create page's submit); otherwise the permit stays a DRAFT. */
    Submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type CreatePermitBody = Type.Static<typeof CreatePermitBody>;

export const PermitInstanceResponse = Type.Object({ PermitInstance: Permit });

/** PUT /permitinstance: move to another location, or set the work location on the plot plan. */
export const UpdatePermitInstanceBody = Type.Object(
  {
    PermitInstanceId,
    LocationId: Type.Optional(LocationId),
    Latitude: Type.Optional(Type.Number()),
    Longitude: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type UpdatePermitInstanceBody = Type.Static<typeof UpdatePermitInstanceBody>;

export const ContentPatchOperation = Type.Object(
  {
    op: Type.Union([Type.Literal('add'), Type.Literal('remove'), Type.Literal('replace'), Type.Literal('move'), Type.Literal('copy'), Type.Literal('test')]),
    path: Type.String({ maxLength: 500 }),
    from: Type.Optional(Type.String({ maxLength: 500 })),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

/** PATCH /permitcontent: a Yjs update (the app) or JSON Patch operations (integrations). */
export const PatchContentBody = Type.Union([
  Type.Object({ update: YjsBase64 }, { additionalProperties: false }),
  Type.Object({ ops: Type.Array(ContentPatchOperation, { minItems: 1, maxItems: 200 }) }, { additionalProperties: false }),
]);
export type PatchContentBody = Type.Static<typeof PatchContentBody>;

export const PermitContent = Type.Object({
  PermitInstanceId,
  PermitNumber: Type.String(),
  State: PermitStateSchema,
  Content: Type.Record(Type.String(), Type.Unknown()),
  ContentState: Type.String(),
  DateChanged: Timestamp,
});

export const PatchContentResponse = Type.Object({ PermitInstanceId, ChangedFields: Type.Array(Type.String()), DateChanged: Timestamp });

export const PermitReasonBody = Type.Object({ PermitInstanceId, reason: Reason }, { additionalProperties: false });
export type PermitReasonBody = Type.Static<typeof PermitReasonBody>;

export const RevokeBody = Type.Object(
  { PermitInstanceIds: Type.Array(PermitInstanceId, { minItems: 1, maxItems: 200 }), reason: Reason },
  { additionalProperties: false },
);
export type RevokeBody = Type.Static<typeof RevokeBody>;

/** One row of a bulk result (SPEC §3 permit search row: ResultCode OK or FAIL with a message). */
export const PermitResult = Type.Object({
  PermitInstanceId,
  PermitInstanceReferenceId: Type.String(),
  State: Type.String(),
  ResultCode: Type.Union([Type.Literal('OK'), Type.Literal('FAIL')]),
  ResultMessage: Type.String(),
});
export type PermitResult = Type.Static<typeof PermitResult>;
export const RevokeResponse = Type.Object({ PermitInstanceList: Type.Array(PermitResult) });

/** The answer to a transition: the new state and the one before (the submitted dialog shows a change). */
export const TransitionResponse = Type.Object({
  PermitInstanceId,
  PermitInstanceReferenceId: Type.String(),
  State: PermitStateSchema,
  PreviousState: PermitStateSchema,
});

export const PermitIdBody = Type.Object({ PermitInstanceId }, { additionalProperties: false });
export type PermitIdBody = Type.Static<typeof PermitIdBody>;

export const APPROVAL_ACTIONS = ['Approval', 'Review', 'Rejection', 'Discontinue'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const ApprovalActionBody = Type.Object(
  {
    PermitInstanceId,
    PermitApprovalId: Type.String({ minLength: 1, maxLength: 60 }),
    Action: Type.Union([Type.Literal('Approval'), Type.Literal('Review'), Type.Literal('Rejection'), Type.Literal('Discontinue')]),
    /** Required for Rejection and Discontinue. */
    Comment: Type.Optional(Reason),
    /**
     * The isolation certificates the permit named on the device when the approver approved
     * (issue 36): an Approval is applied only while the permit names exactly these. Absent from
     * devices older than the rule: then judged on the permit's links as they are.
     */
    IsolationCertificateIds: Type.Optional(Type.Array(CertificateId, { maxItems: 200, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type ApprovalActionBody = Type.Static<typeof ApprovalActionBody>;

export const CommentBody = Type.Object({ PermitInstanceId, Comment: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export type CommentBody = Type.Static<typeof CommentBody>;
export const CommentResponse = Type.Object({ PermitInstanceId, Comment });

/** POST /permitinstance/closeout: Submit the close-out (APPROVED or TIMEOUT → CLOSING), or Approve it as a member of the close-out group. */
export const CloseoutBody = Type.Object(
  { PermitInstanceId, Action: Type.Union([Type.Literal('Submit'), Type.Literal('Approve')]), Comment: Type.Optional(Reason) },
  { additionalProperties: false },
);
export type CloseoutBody = Type.Static<typeof CloseoutBody>;

export const CopyResponse = Type.Object({ PermitInstance: Permit, DefinitionIsLatest: Type.Boolean() });

export const LastChangedBody = Type.Object({ PermitInstanceIds: Type.Array(PermitInstanceId, { minItems: 1, maxItems: 5000 }) }, { additionalProperties: false });
export type LastChangedBody = Type.Static<typeof LastChangedBody>;
export const LastChangedResponse = Type.Object({
  PermitInstanceList: Type.Array(Type.Object({ PermitInstanceId, State: Type.String(), DateChanged: Timestamp })),
});

export const ApprovalsRequiredResponse = Type.Object({
  Count: Type.Integer(),
  PermitInstanceList: Type.Array(
    Type.Object({ PermitInstanceId, PermitInstanceReferenceId: Type.String(), State: Type.String(), LocationId, MissingApprovals: Type.Array(Type.String()) }),
  ),
});
