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

/** The longest plot plan file name kept. */
export const PLOT_PLAN_FILE_NAME_MAX = 200;

/** POST /plotplan: a new version of a location's plot plan (an administrator's upload), the image as base64. */
export const PlotPlanUploadBody = Type.Object({
  LocationId,
  FileName: Type.String({ minLength: 1, maxLength: PLOT_PLAN_FILE_NAME_MAX, description: 'File name' }),
  // Spelled out (PLOT_PLAN_TYPES in order): a union mapped from that list types as never, and no client could type a body.
  ContentType: Type.Union(
    [Type.Literal('image/png'), Type.Literal('image/jpeg'), Type.Literal('image/webp'), Type.Literal('image/svg+xml')],
    { description: 'Image type: PNG, JPEG, WebP or SVG' },
  ),
  Data: Type.String({ minLength: 1, maxLength: Math.ceil((PLOT_PLAN_MAX_BYTES * 4) / 3) + 4, pattern: '^[A-Za-z0-9+/]+={0,2}$', description: 'Image (base64)' }),
});
export type PlotPlanUploadBody = Type.Static<typeof PlotPlanUploadBody>;
