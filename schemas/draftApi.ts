import Type from 'typebox';
import { LocationId } from './common';
import { Draft } from './permit';
import { PermitInstanceId } from './permitApi';

export const DraftParams = Type.Object({ id: PermitInstanceId });
export type DraftParams = Type.Static<typeof DraftParams>;

/** POST /permits/draft/{id} (SPEC §7); the content as an object or a JSON string, with its Yjs state when the client has one. */
export const SaveDraftBody = Type.Object(
  {
    PermitInstanceId: Type.Optional(PermitInstanceId),
    PermitContent: Type.Union([Type.String({ maxLength: 524_288 }), Type.Record(Type.String(), Type.Unknown())]),
    ContentState: Type.Optional(Type.String({ maxLength: 786_432, pattern: '^[A-Za-z0-9+/]*={0,2}$' })),
    PermitDefinitionId: Type.String({ minLength: 1, maxLength: 60 }),
    LocationId,
    SiteId: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type SaveDraftBody = Type.Static<typeof SaveDraftBody>;

export const DraftList = Type.Object({ DraftList: Type.Array(Draft) });
