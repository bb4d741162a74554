/** The SIMOPS administration of issue 38, online only: devices get the result as the site's `simops:<SiteId>` setting on their next sync. */
import type { PlotPlanScaleBody, SimopsMatrix, SimopsSettings } from '../schemas';
import { api } from './http';

/** PUT /simops/sites/:SiteId: the site's matrix (forms.edit at the site); its plan scales are kept. */
export const saveSimopsMatrix = (siteId: number, matrix: SimopsMatrix) => api<SimopsSettings>('PUT', `/simops/sites/${siteId}`, matrix);

/** POST /simops/scale: a plot plan's scale from two points picked on it and the distance between them on the ground. */
export const calibratePlotPlan = (body: PlotPlanScaleBody) => api<SimopsSettings>('POST', '/simops/scale', body);
