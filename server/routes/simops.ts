import type { FastifyInstance } from 'fastify';
import { PlotPlanScaleBody, SimopsMatrix, SimopsMatrixParams, SimopsSettings } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { calibratePlotPlan, saveSimopsMatrix } from '../simops/settings';
import type { RouteDeps } from './deps';

const answers = { 200: SimopsSettings };

/**
 * A site's SIMOPS set-up (issue 38): its matrix, and each plot plan's scale. Devices read both
 * from their replica (the `simops:<SiteId>` setting of the site data); changes need forms.edit
 * at the site, or at the plan's location for its scale.
 */
export async function simopsRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.put<{ Params: SimopsMatrixParams; Body: SimopsMatrix }>(
    '/simops/sites/:SiteId',
    { schema: { params: SimopsMatrixParams, body: SimopsMatrix, response: answers } },
    (request) => db.transaction((tx) => saveSimopsMatrix(tx, requireUser(request), request.params.SiteId, request.body)),
  );
  app.post<{ Body: PlotPlanScaleBody }>('/simops/scale', { schema: { body: PlotPlanScaleBody, response: answers } }, (request) =>
    db.transaction((tx) => calibratePlotPlan(tx, requireUser(request), request.body)),
  );
}
