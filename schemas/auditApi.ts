import Type from 'typebox';
import { IsoDate } from './common';

/** GET /audit/export: the events of a date range (UTC days, both inclusive), of a location's subtree or of all. */
export const AuditExportQuery = Type.Object(
  {
    from: IsoDate,
    to: IsoDate,
    /** Only events at this location or below it; without it, every event, those of no location too. */
    locationId: Type.Optional(Type.Integer({ minimum: 0 })),
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('jsonl')])),
  },
  { additionalProperties: false },
);
export type AuditExportQuery = Type.Static<typeof AuditExportQuery>;

/** GET /audit/verify: the chain walked from its first event; the first broken link, if any. */
export const AuditVerifyResponse = Type.Object({
  ok: Type.Boolean(),
  checked: Type.Integer(),
  headId: Type.Integer(),
  headHash: Type.String(),
  firstBreak: Type.Union([
    Type.Object({
      id: Type.Integer(),
      problem: Type.String(),
      message: Type.String(),
      expected: Type.Optional(Type.String()),
      found: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
    Type.Null(),
  ]),
});
export type AuditVerifyResponse = Type.Static<typeof AuditVerifyResponse>;
