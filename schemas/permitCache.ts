import Type from 'typebox';
import { IsoDate } from './common';

/** Every permit state but DRAFT: drafts live on their author's device and are not a cache (SPEC §5). */
export const CLEARABLE_STATES = ['PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT', 'REJECTED', 'COMPLETED', 'REVOKED'] as const;

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

/** The Permit Cache page's form (rendered from this schema); its dates become StartDate and EndDate. */
export const PermitCacheForm = Type.Object({
  States: Type.Array(Type.Enum(CLEARABLE_STATES), { title: 'States', uniqueItems: true }),
  StartDate: Type.Optional(Type.String({ title: 'From Date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
  EndDate: Type.Optional(Type.String({ title: 'To Date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
});
export type PermitCacheForm = Type.Static<typeof PermitCacheForm>;
