import { createHash } from 'node:crypto';
import type { ServedCollection } from '../../schemas';
import type { LocationTree } from '../../domain/locations';
import { replicaLocations, type ReplicaLocations } from '../../domain/replicaScope';
import { siteAbilities, sitesOf } from '../../domain/siteAccess';
import type { Queryable } from '../db/database';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, preferencesOf, type UserRecord } from '../users/users';

/** What one user's replica may hold, and a fingerprint of it per collection. */
export interface SyncScope extends ReplicaLocations {
  personnelId: number;
  /** Sites whose lists the replica holds: where the user views permits or forms, and the home site. */
  listSites: number[];
  fingerprint: Record<ServedCollection, string>;
}

/**
 * Part of the permits' fingerprint: raised when the permits' documents gain something a replica
 * holding older ones cannot get from a checkpoint, so those checkpoints resync. 2: the
 * approvals and comments (015_permit_approvals.sql). 3: the history (019_permit_history.sql).
 */
const PERMIT_SHAPE = 3;

const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

export async function loadScope(db: Queryable, user: UserRecord, now = new Date()): Promise<SyncScope> {
  return scopeOf(user, await loadLocationTree(db), now);
}

/** The scope from a location tree already read (the pulls keep it between requests). */
export function scopeOf(user: UserRecord, tree: LocationTree, now = new Date()): SyncScope {
  const locations = replicaLocations(granteeOf(user), tree, preferencesOf(user).HomeLocationId);
  const person = user.personnel_id;
  const grantee = granteeOf(user);
  const listSites = sitesOf(tree).filter((site) => {
    const a = siteAbilities(grantee, tree, site);
    return site === locations.siteId || a.permits.view || a.forms.view;
  });
  // A checkpoint is only valid within the scope it was taken in: one taken before the home
  // location or the grants changed would never deliver the older documents now in scope.
  const byLocation = digest([person, locations.viewable, locations.served]);
  const bySite = digest([person, locations.siteId]);
  // The work-order window slides forward each day and brings in orders that have not changed:
  // a checkpoint of an earlier day cannot deliver them, so it resyncs.
  const bySiteAndDay = digest([person, locations.siteId, now.toISOString().slice(0, 10)]);
  return {
    ...locations,
    personnelId: person,
    listSites,
    fingerprint: {
      permits: digest([byLocation, PERMIT_SHAPE]),
      definitions: byLocation,
      sitedata: digest([byLocation, listSites]),
      workorders: bySiteAndDay,
      templates: bySite,
      drafts: digest([person]),
      isolations: byLocation,
      gastests: byLocation,
      handovers: byLocation,
    },
  };
}
