import { descendantsAndSelf } from '../../domain/locations';
import { abilitiesAt } from '../../domain/abilities';
import { decideResume } from '../../domain/gasTests/suspension';
import type { AreaSuspension, PermitGasTests, ResumeWorkBody, SuspendAreaBody } from '../../schemas';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { forbidden, HttpError, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { permitContext } from '../permits/context';
import { granteeOf, type UserRecord } from '../users/users';
import { gasStamp, insertSuspension, loadGasTests, suspensionInForce, touchGasTests } from './records';
import { permitRules, readingsOf } from './rules';

/**
 * POST /gastests/resume: the second of the two steps that restart suspended work — an issuer (a
 * member of one of the permit's approval groups, with permits.edit there) with a comment, once a
 * reading taken since the suspension passed (domain/gasTests/suspension).
 */
export async function resumeWork(tx: Queryable, user: UserRecord, body: ResumeWorkBody, now: Date): Promise<PermitGasTests> {
  const { permit, actor, locationTitle } = await permitContext(tx, user, body.PermitInstanceId);
  const inForce = await suspensionInForce(tx, permit.PermitInstanceId);
  const { rules } = await permitRules(tx, permit);
  const decision = decideResume({ ...permit, suspendedAt: inForce?.at ?? null }, await readingsOf(tx, permit.PermitInstanceId), rules, {
    edit: actor.edit, issuer: actor.groups.size > 0, locationTitle,
  });
  if (!decision.ok) throw new HttpError(decision.status, decision.reason);
  const comment = body.Comment.trim();
  await tx.query(
    `update gas_suspensions set resumed_by = $2, resumed_at = $3, resume_comment = $4, resume_reading_id = $5 where suspension_id = $1::bigint`,
    [inForce!.id, JSON.stringify(gasStamp(user, now)), now.toISOString(), comment, decision.readingId],
  );
  await touchGasTests(tx, permit);
  await audit(tx, user, 'gas.resume', { type: 'permit', id: permit.PermitInstanceId }, {
    PermitInstanceId: permit.PermitInstanceId, comment, ReadingId: decision.readingId,
  });
  return loadGasTests(tx, permit);
}

/**
 * POST /gastests/suspendarea: every open APPROVED permit at the location or under it is suspended
 * at once, in this one transaction, with the reason; each permit resumes on its own. The permits
 * are locked in id order, as one permit's change locks its row first.
 */
export async function suspendArea(tx: Queryable, user: UserRecord, body: SuspendAreaBody, now: Date): Promise<AreaSuspension> {
  const tree = await loadLocationTree(tx);
  const location = tree.byId.get(body.LocationId);
  const abilities = abilitiesAt(granteeOf(user), tree, body.LocationId);
  if (!location || !abilities.permits.view) throw notFound(`There is no location ${body.LocationId}.`);
  if (!abilities.permits.edit) throw forbidden(`You do not have permission to suspend work at ${location.Title}: it needs permits.edit there.`);
  const reason = body.Reason.trim();
  const permits = await tx.query<{ id: string; reference: string; site_id: number; location_id: number }>(
    `select permit_instance_id as id, reference_id as reference, site_id, location_id from permits
      where state = 'APPROVED' and not deleted and location_id = any($1::int[])
      order by permit_instance_id for update`,
    [descendantsAndSelf(tree, body.LocationId)],
  );
  const by = gasStamp(user, now);
  const suspended: AreaSuspension['Suspended'] = [];
  for (const p of permits) {
    // Already stopped: it stays stopped for its own reason, and resumes as it would have.
    if (await suspensionInForce(tx, p.id)) continue;
    const permit = { PermitInstanceId: p.id, SiteId: p.site_id, LocationId: p.location_id };
    await insertSuspension(tx, permit, { cause: 'area', reason, by, areaLocationId: body.LocationId }, now);
    await audit(tx, user, 'gas.suspend', { type: 'permit', id: p.id }, { PermitInstanceId: p.id, cause: 'area', reason, AreaLocationId: body.LocationId });
    suspended.push({ PermitInstanceId: p.id, PermitInstanceReferenceId: p.reference });
  }
  await tx.query('insert into gas_area_suspensions (site_id, location_id, reason, suspended_by, suspended_at, permits) values ($1, $2, $3, $4, $5, $6)', [
    location.SiteId, body.LocationId, reason, JSON.stringify(by), now.toISOString(), JSON.stringify(suspended),
  ]);
  await audit(tx, user, 'gas.areaSuspend', { type: 'location', id: body.LocationId, locationId: body.LocationId }, {
    LocationId: body.LocationId, location: location.Title, reason, permits: suspended.map((p) => p.PermitInstanceReferenceId),
  });
  return { LocationId: body.LocationId, Reason: reason, Suspended: suspended };
}

/** GET /gastests: a permit's readings and suspensions, to whoever may view the permit. */
export async function gasTestsOf(tx: Queryable, user: UserRecord, permitId: string): Promise<PermitGasTests> {
  const { permit } = await permitContext(tx, user, permitId, false);
  return loadGasTests(tx, permit);
}
