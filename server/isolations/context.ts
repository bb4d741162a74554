import type { IsolationCertificate } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import type { IsolationActor, IsolationDecision } from '../../domain/isolations/lifecycle';
import type { LocationTree } from '../../domain/locations';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';
import { loadCertificate, noCertificate } from './records';

/** Everything a step on one certificate is judged on. */
export interface CertificateContext {
  user: UserRecord;
  certificate: IsolationCertificate;
  actor: IsolationActor;
  tree: LocationTree;
}

/**
 * Loads a certificate (locked for a change) and the user's standing at its location: permits.view
 * to see it, permits.edit to change it (SPEC §6). One out of sight reads as one that does not exist.
 */
export async function certificateContext(tx: Queryable, user: UserRecord, id: string, lock = true): Promise<CertificateContext> {
  const certificate = await loadCertificate(tx, id, lock);
  const tree = await loadLocationTree(tx);
  const abilities = abilitiesAt(granteeOf(user), tree, certificate.LocationId);
  if (!abilities.permits.view) throw noCertificate(id);
  const locationTitle = tree.byId.get(certificate.LocationId)?.Title ?? `location ${certificate.LocationId}`;
  return { user, certificate, tree, actor: { personnelId: user.personnel_id, edit: abilities.permits.edit, locationTitle } };
}

/** A domain decision as the HTTP answer: the state it leads to, or its refusal. Call before writing anything. */
export function allowed(decision: IsolationDecision) {
  if (!decision.ok) throw new HttpError(decision.status, decision.reason);
  return decision.to;
}
