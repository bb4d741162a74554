/** A site's SIMOPS matrix and plot plan scales (issue 38): a remote setting per site, synced to every device with the others. */
import type { PlotPlanScaleBody, SimopsMatrix, SimopsSettings } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { ROOT_LOCATION_ID } from '../../domain/constants';
import type { LocationTree } from '../../domain/locations';
import { currentPlotPlan } from '../../domain/plotPlans';
import { DEFAULT_SIMOPS_SETTINGS } from '../../domain/simops/matrix';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** The remote setting's key; devices read the same key from their replica's site data. */
export const simopsSettingKey = (siteId: number) => `simops:${siteId}`;

export async function siteSimops(db: Queryable, siteId: number, lock = false): Promise<SimopsSettings> {
  const [row] = await db.query<{ value: SimopsSettings }>(
    `select value from remote_settings where key = $1 and not deleted${lock ? ' for update' : ''}`,
    [simopsSettingKey(siteId)],
  );
  return row?.value ?? DEFAULT_SIMOPS_SETTINGS;
}

const save = (tx: Queryable, siteId: number, settings: SimopsSettings) =>
  tx.query('insert into remote_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, deleted = false', [
    simopsSettingKey(siteId), JSON.stringify(settings),
  ]);

/** The matrix is the site's: forms.edit at the site's top location (administrators), as the site's forms are. */
function requireSiteEditor(user: UserRecord, tree: LocationTree, siteId: number): void {
  const tops = tree.childrenOf(ROOT_LOCATION_ID).filter((l) => l.SiteId === siteId);
  if (tops.length === 0) throw notFound(`There is no site with id ${siteId}.`);
  if (!tops.some((top) => abilitiesAt(granteeOf(user), tree, top.LocationId).forms.edit)) {
    throw forbidden('Only administrators who edit the site’s forms (forms.edit) can change its SIMOPS matrix.');
  }
}

/** Replaces a site's matrix, keeping its plan scales; a hazard a rule names must be defined. */
export async function saveSimopsMatrix(tx: Queryable, user: UserRecord, siteId: number, matrix: SimopsMatrix): Promise<SimopsSettings> {
  requireSiteEditor(user, await loadLocationTree(tx), siteId);
  const current = await siteSimops(tx, siteId, true);
  const settings: SimopsSettings = { Rules: matrix.Rules, Hazards: matrix.Hazards, PlanScales: current.PlanScales };
  await save(tx, siteId, settings);
  await audit(tx, user, 'simops.matrix', { type: 'settings', id: simopsSettingKey(siteId), siteId }, { SiteId: siteId, Rules: matrix.Rules.length, Hazards: matrix.Hazards.map((h) => h.Key) });
  return settings;
}

/**
 * Calibrates a location's plot plan: two points picked on it and the distance between them on the
 * ground give its metres per map unit. Needs forms.edit at the location, as uploading the plan does.
 */
export async function calibratePlotPlan(tx: Queryable, user: UserRecord, body: PlotPlanScaleBody): Promise<SimopsSettings> {
  const tree = await loadLocationTree(tx);
  const location = tree.byId.get(body.LocationId);
  if (!location) throw notFound(`There is no location ${body.LocationId}.`);
  if (!abilitiesAt(granteeOf(user), tree, location.LocationId).forms.edit) {
    throw forbidden(`Only administrators who edit forms (forms.edit) at ${location.Title} can set its plot plan's scale.`);
  }
  if (currentPlotPlan(location) === undefined) throw badRequest(`${location.Title} has no plot plan of its own to calibrate: upload one first.`);
  const units = Math.hypot(body.From.Latitude - body.To.Latitude, body.From.Longitude - body.To.Longitude);
  if (units < 10) throw badRequest('The two points are too close together to measure a scale: pick two points at least 10 map units apart, far apart on the drawing.');
  const current = await siteSimops(tx, location.SiteId, true);
  const metresPerUnit = body.DistanceM / units;
  const settings: SimopsSettings = { ...current, PlanScales: { ...current.PlanScales, [String(location.LocationId)]: metresPerUnit } };
  await save(tx, location.SiteId, settings);
  await audit(tx, user, 'simops.scale', { type: 'location', id: location.LocationId, locationId: location.LocationId }, {
    LocationId: location.LocationId, DistanceM: body.DistanceM, MetresPerUnit: metresPerUnit,
  });
  return settings;
}
