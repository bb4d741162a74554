import type { GasSettings, GasSettingsBody } from '../../schemas';
import { defaultGasSettings, settingsProblem } from '../../domain/gasTests/limits';
import { siteAbilities } from '../../domain/siteAccess';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** The remote setting that holds a site's gas settings: devices read the same key from their replica's site data. */
export const gasSettingKey = (siteId: number) => `gasTests:${siteId}`;

/** A site's gas settings: those saved, or the defaults. */
export async function loadGasSettings(tx: Queryable, siteId: number): Promise<GasSettings> {
  const [row] = await tx.query<{ value: Omit<GasSettings, 'SiteId'> }>('select value from remote_settings where key = $1 and not deleted', [gasSettingKey(siteId)]);
  return row ? { SiteId: siteId, ...row.value } : defaultGasSettings(siteId);
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
  await tx.query('insert into remote_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, deleted = false', [
    gasSettingKey(siteId), JSON.stringify(body),
  ]);
  await audit(tx, user, 'gas.settings', { type: 'settings', id: gasSettingKey(siteId), siteId }, {
    SiteId: siteId, GateMinutes: body.GateMinutes, TimeZone: body.TimeZone,
    types: body.Types.map((t) => `${t.PermitType}: ${t.Required ? 'required' : 'not required'}, retest ${t.RetestMinutes} min`),
  });
  return { SiteId: siteId, ...body };
}
