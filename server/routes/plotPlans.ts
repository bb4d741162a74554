import type { FastifyInstance } from 'fastify';
import { Location, PLOT_PLAN_MAX_BYTES, PlotPlanQuery, PlotPlanUploadBody } from '../../schemas';
import { requireAbility } from '../http/abilities';
import { requireUser } from '../http/authenticate';
import { addPlotPlanVersion, plotPlanFile } from '../plotPlans/plotPlans';
import { storeDemoPlotPlans } from '../seed/demoPlotPlans';
import type { RouteDeps } from './deps';

/**
 * Plot plans (SPEC §3, §7 "plot plan files from secured storage"): each version's image is
 * served with the user's token to those who may view permits at its location, and an
 * administrator (forms.edit there) uploads a new version.
 */
export async function plotPlanRoutes(app: FastifyInstance, { db, objects }: RouteDeps) {
  await storeDemoPlotPlans(db, objects);

  app.get<{ Querystring: PlotPlanQuery }>('/plotplan', { schema: { querystring: PlotPlanQuery } }, async (request, reply) => {
    const location = await requireAbility(db, request, request.query.LocationId, 'permits.view');
    const file = await plotPlanFile(db, objects, location, request.query.Version);
    return reply
      .type(file.contentType)
      // A version never changes: the browser may keep it; only this user's browser (it needed a token).
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      // An SVG opened on its own must not run anything, whatever slipped past the upload check.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
      .send(Buffer.from(file.body));
  });

  app.post<{ Body: PlotPlanUploadBody }>(
    '/plotplan',
    { bodyLimit: Math.ceil((PLOT_PLAN_MAX_BYTES * 4) / 3) + 64 * 1024, schema: { body: PlotPlanUploadBody, response: { 201: Location } } },
    async (request, reply) => {
      const location = await requireAbility(db, request, request.body.LocationId, 'forms.edit');
      return reply.code(201).send(await addPlotPlanVersion(db, objects, requireUser(request), location, request.body));
    },
  );
}
