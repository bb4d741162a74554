import Type from 'typebox';
import { IsoDate } from './common';

/** PATCH /permits/search/all (SPEC §7): which permits every device pulls again. */
export const PermitCacheClear = Type.Object(
  {
    States: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 }),
    StartDate: Type.Union([IsoDate, Type.Null()]),
    EndDate: Type.Union([IsoDate, Type.Null()]),
    SiteId: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type PermitCacheClear = Type.Static<typeof PermitCacheClear>;

/** How many permits every device will pull again. */
export const PermitCacheCleared = Type.Object({ Permits: Type.Integer() });
