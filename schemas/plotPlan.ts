import Type from 'typebox';
import { LocationId } from './common';

/** GET /plotplan: one version of a location's plot plan image. */
export const PlotPlanQuery = Type.Object({
  LocationId,
  Version: Type.Integer({ minimum: 1, description: 'Plot plan version' }),
});
export type PlotPlanQuery = Type.Static<typeof PlotPlanQuery>;

export const PLOT_PLAN_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** The largest plot plan image accepted, in bytes. */
export const PLOT_PLAN_MAX_BYTES = 8 * 1024 * 1024;

/** POST /plotplan: a new version of a location's plot plan (an administrator's upload), the image as base64. */
export const PlotPlanUploadBody = Type.Object({
  LocationId,
  FileName: Type.String({ minLength: 1, maxLength: 200, description: 'File name' }),
  ContentType: Type.Union(PLOT_PLAN_TYPES.map((t) => Type.Literal(t)), { description: 'Image type: PNG, JPEG, WebP or SVG' }),
  Data: Type.String({ minLength: 1, maxLength: Math.ceil((PLOT_PLAN_MAX_BYTES * 4) / 3) + 4, pattern: '^[A-Za-z0-9+/]+={0,2}$', description: 'Image (base64)' }),
});
export type PlotPlanUploadBody = Type.Static<typeof PlotPlanUploadBody>;
