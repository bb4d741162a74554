import type { ApprovalRecord, Permit, PermitApprovals, PermitDefinition, PermitState } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { descendantsAndSelf } from '../../domain/locations';
import { duePhase, groupsOf, isYourApprovalRequired, phaseOf } from '../../domain/permits/approvals';
import { replicaLocations } from '../../domain/replicaScope';
import type { Database } from '../db/database';
import { forbidden } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, preferencesOf, type UserRecord } from '../users/users';
import { authorize, permitContext } from './context';
import { findPermits, loadDefinition, toDocument } from './records';

/** GET /permitinstance. */
export async function getPermitInstance(db: Database, user: UserRecord, id: string): Promise<Permit> {
  const context = await permitContext(db, user, id, false);
  authorize(context, 'view');
  return toDocument(context.permit);
}

/** GET /permitinstancestatus: the approvals document (records, summary, comments). */
export async function getPermitStatus(db: Database, user: UserRecord, id: string): Promise<PermitApprovals> {
  const context = await permitContext(db, user, id, false);
  authorize(context, 'view');
  return { ...context.approvals, LocationId: context.permit.LocationId };
}

/** GET /permitdefbyid: for anyone who may view permits where the definition applies (its location or below). */
export async function getDefinition(db: Database, user: UserRecord, id: string): Promise<PermitDefinition> {
  const definition = await loadDefinition(db, id);
  const tree = await loadLocationTree(db);
  const grantee = granteeOf(user);
  if (!descendantsAndSelf(tree, definition.LocationId).some((l) => abilitiesAt(grantee, tree, l).permits.view)) {
    throw forbidden(`You do not have permission to view permits where definition ${id} applies.`);
  }
  return definition;
}

/** POST /lastchanged/instance: DateChanged of the permits the user may view; others are left out. */
export async function lastChanged(db: Database, user: UserRecord, ids: readonly string[]) {
  const tree = await loadLocationTree(db);
  const grantee = granteeOf(user);
  const permits = await findPermits(db, ids);
  return {
    PermitInstanceList: permits
      .filter((p) => abilitiesAt(grantee, tree, p.LocationId).permits.view)
      .map((p) => ({ PermitInstanceId: p.PermitInstanceId, State: p.State, DateChanged: p.DateChanged })),
  };
}

/**
 * GET /me/approvalsrequired: the permits where the user can view (home location and below) that
 * wait for an approval of a group they are in ('Your Approval Required', SPEC §2).
 */
export async function approvalsRequired(db: Database, user: UserRecord) {
  const { viewable } = replicaLocations(granteeOf(user), await loadLocationTree(db), preferencesOf(user).HomeLocationId);
  const rows = await db.query<{ id: string; reference_id: string; state: string; location_id: number; metadata: Permit['PermitInstanceMetadataJSON']; approvals: ApprovalRecord[] }>(
    `select p.permit_instance_id as id, p.reference_id, p.state, p.location_id, p.metadata, p.approvals
       from permits p
      where not p.deleted and p.state in ('PRE-APPROVAL', 'PENDING', 'CLOSING') and p.location_id = any($1::int[])
        and p.metadata -> 'UsersOfGroupList' @> jsonb_build_array(jsonb_build_object('UserFormattedList', jsonb_build_array(jsonb_build_object('value', $2::text))))
      order by p.created_on`,
    [viewable, String(user.personnel_id)],
  );
  const due = rows.filter((r) => isYourApprovalRequired({ State: r.state, PermitInstanceMetadataJSON: r.metadata }, r.approvals, user.personnel_id));
  const list = due.map((r) => {
    const groups = groupsOf(user.personnel_id, r.metadata.UsersOfGroupList);
    const phase = duePhase(r.state as PermitState);
    const mine = r.approvals.filter((a) => phaseOf(a) === phase && a.IsApprovalRequired && !a.IsApproved && groups.has(a.ApprovalGroup));
    return { PermitInstanceId: r.id, PermitInstanceReferenceId: r.reference_id, State: r.state, LocationId: r.location_id, MissingApprovals: mine.map((a) => a.ApprovalLabel) };
  });
  return { Count: list.length, PermitInstanceList: list };
}
