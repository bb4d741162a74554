import type { ApprovalRecord, PermitApprovals, PermitState } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import type { LocationTree } from '../../domain/locations';
import { groupsOf } from '../../domain/permits/approvals';
import { decide, type Actor, type PermitAction } from '../../domain/permits/lifecycle';
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';
import { loadPermitWithApprovals, type StoredPermit } from './records';

/** Everything an action on one permit is judged on. */
export interface PermitContext {
  user: UserRecord;
  permit: StoredPermit;
  approvals: PermitApprovals;
  actor: Actor;
  tree: LocationTree;
  locationTitle: string;
}

/** The user's abilities at a location and their groups on the permit (SPEC §6; groups from its UsersOfGroupList). */
export function actorOn(user: UserRecord, tree: LocationTree, permit: Pick<StoredPermit, 'LocationId' | 'PermitInstanceMetadataJSON'>): Actor {
  const abilities = abilitiesAt(granteeOf(user), tree, permit.LocationId);
  return {
    view: abilities.permits.view,
    edit: abilities.permits.edit,
    groups: groupsOf(user.personnel_id, permit.PermitInstanceMetadataJSON.UsersOfGroupList),
  };
}

/** Loads a permit (locked for an action) with its approvals and the user's standing on it. */
export async function permitContext(tx: Queryable, user: UserRecord, id: string, lock = true): Promise<PermitContext> {
  const { permit, approvals } = await loadPermitWithApprovals(tx, id, lock);
  const tree = await loadLocationTree(tx);
  const actor = actorOn(user, tree, permit);
  // A permit out of the user's sight reads exactly as one that does not exist: a 403 naming its
  // location would tell anyone with a token that it exists, and where.
  if (!actor.view) throw notFound(`There is no permit ${id}.`);
  return {
    user,
    permit,
    approvals,
    actor,
    tree,
    locationTitle: tree.byId.get(permit.LocationId)?.Title ?? `location ${permit.LocationId}`,
  };
}

/**
 * The state `action` leads to, or the refusal of domain/permits/lifecycle as an HTTP error.
 * Call it before writing anything: a refused action changes nothing and leaves no audit row.
 */
export function authorize(context: PermitContext, action: PermitAction, options: { record?: ApprovalRecord; reason?: string; copyEnabled?: boolean } = {}): PermitState {
  const facts = { State: context.permit.State, Approvals: context.approvals.Approvals, copyEnabled: options.copyEnabled, LocationTitle: context.locationTitle };
  const decision = decide(action, facts, context.actor, options.record, options.reason);
  if (!decision.ok) throw new HttpError(decision.status, decision.reason);
  return decision.to;
}
