import type { ShiftPattern, ShiftPatternBody } from '../../schemas';
import { defaultShiftPattern, shiftPatternProblem } from '../../domain/handover/shifts';
import { siteAbilities } from '../../domain/siteAccess';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { loadGasSettings } from '../gasTests/settings';
import { badRequest, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** The remote setting that holds a site's shift pattern: devices read the same key from their replica's site data. */
export const shiftSettingKey = (siteId: number) => `shifts:${siteId}`;

/** A site's shift pattern: the one saved, or Day and Night on the site's clock as its gas settings give it. */
export async function loadShiftPattern(tx: Queryable, siteId: number): Promise<ShiftPattern> {
  const [row] = await tx.query<{ value: ShiftPatternBody }>('select value from remote_settings where key = $1 and not deleted', [shiftSettingKey(siteId)]);
  return row ? { SiteId: siteId, ...row.value } : defaultShiftPattern(siteId, (await loadGasSettings(tx, siteId)).TimeZone);
}

async function requireSite(tx: Queryable, siteId: number) {
  const tree = await loadLocationTree(tx);
  if (![...tree.byId.values()].some((l) => l.SiteId === siteId)) throw notFound(`There is no site with id ${siteId}.`);
  return tree;
}

/** GET /handover/shifts: any signed-in user (everyone on site works to the shifts). */
export async function readShiftPattern(tx: Queryable, siteId: number): Promise<ShiftPattern> {
  await requireSite(tx, siteId);
  return loadShiftPattern(tx, siteId);
}

/** PUT /handover/shifts: administrators of the site's forms (forms.edit at one of its locations), as for its other settings. */
export async function saveShiftPattern(tx: Queryable, user: UserRecord, siteId: number, body: ShiftPatternBody): Promise<ShiftPattern> {
  const tree = await requireSite(tx, siteId);
  if (!siteAbilities(granteeOf(user), tree, siteId).forms.edit) throw forbidden(`You do not have permission to change the shifts of site ${siteId}: it needs forms.edit there.`);
  const pattern: ShiftPatternBody = { TimeZone: body.TimeZone, Shifts: body.Shifts.map((s) => ({ ...s, Name: s.Name.trim() })), ...(body.Revalidation && { Revalidation: body.Revalidation }) };
  const problem = shiftPatternProblem(pattern);
  if (problem) throw badRequest(problem);
  await tx.query('insert into remote_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, deleted = false', [
    shiftSettingKey(siteId), JSON.stringify(pattern),
  ]);
  await audit(tx, user, 'handover.shifts', { type: 'settings', id: shiftSettingKey(siteId), siteId }, {
    SiteId: siteId, TimeZone: pattern.TimeZone, shifts: pattern.Shifts.map((s) => `${s.Name} ${s.Start}–${s.End}`),
    revalidation: pattern.Revalidation?.Enabled ? `on, ${pattern.Revalidation.GraceMinutes} min into the shift` : 'off',
  });
  return { SiteId: siteId, ...pattern };
}
