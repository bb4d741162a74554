import type { GasSettings, GasSettingsBody } from '../../schemas';
import { defaultGasSettings, settingsProblem } from '../../domain/gasTests/limits';
import { siteAbilities } from '../../domain/siteAccess';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** A site's gas settings: those saved, or the defaults. */
export async function loadGasSettings(tx: Queryable, siteId: number): Promise<GasSettings> {
  const [row] = await tx.query<{ settings: Omit<GasSettings, 'SiteId'> }>('select settings from gas_settings where site_id = $1', [siteId]);
  return row ? { SiteId: siteId, ...row.settings } : defaultGasSettings(siteId);
}

/** GET /gastests/settings: any signed-in user of a site with locations (the limits are what every tester must know). */
export async function readGasSettings(tx: Queryable, siteId: number): Promise<GasSettings> {
  const tree = await loadLocationTree(tx);
  if (![...tree.byId.values()].some((l) => l.SiteId === siteId)) throw notFound(`There is no site with id ${siteId}.`);
  return loadGasSettings(tx, siteId);
}

/** PUT /gastests/settings: administrators of the site's forms (forms.edit at one of its locations) set its limits. */
export async function saveGasSettings(tx: Queryable, user: UserRecord, siteId: number, body: GasSettingsBody): Promise<GasSettings> {
  const tree = await loadLocationTree(tx);
  if (![...tree.byId.values()].some((l) => l.SiteId === siteId)) throw notFound(`There is no site with id ${siteId}.`);
  if (!siteAbilities(granteeOf(user), tree, siteId).forms.edit) throw forbidden(`You do not have permission to change the gas test settings of site ${siteId}: it needs forms.edit there.`);
  const problem = settingsProblem(body);
  if (problem) throw badRequest(problem);
  await tx.query(
    `insert into gas_settings (site_id, settings, date_changed) values ($1, $2, now())
     on conflict (site_id) do update set settings = excluded.settings, date_changed = now()`,
    [siteId, JSON.stringify(body)],
  );
  await audit(tx, user, 'gas.settings', { type: 'settings', id: `gasTests/${siteId}`, siteId }, {
    SiteId: siteId, GateMinutes: body.GateMinutes, TimeZone: body.TimeZone,
    types: body.Types.map((t) => `${t.PermitType}: ${t.Required ? 'required' : 'not required'}, retest ${t.RetestMinutes} min`),
  });
  return { SiteId: siteId, ...body };
}
