import type { FastifyRequest } from 'fastify';
import { administeredSites, administers, siteName } from '../../domain/externalUsers';
import type { LocationTree } from '../../domain/locations';
import type { Queryable } from '../db/database';
import { forbidden } from '../http/errors';
import { requireUser } from '../http/authenticate';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** Who is administering external users, and where they may. */
export interface Administrator {
  user: UserRecord;
  /** 'all' for an administrator (SysAdminFlag), else the sites listed under forms view (84). */
  sites: 'all' | number[];
  tree: LocationTree;
}

/**
 * Refuses (403) anyone who may administer external users nowhere: contractors, and employees
 * without forms view (SPEC §6: the admin area needs forms.view).
 */
export async function requireAdministrator(db: Queryable, request: FastifyRequest): Promise<Administrator> {
  const user = requireUser(request);
  const tree = await loadLocationTree(db);
  const sites = administeredSites(granteeOf(user), tree);
  if (sites !== 'all' && sites.length === 0) throw forbidden('You do not have permission to administer external users.');
  return { user, sites, tree };
}

/** Refuses (403) a site the administrator does not administer. */
export function requireSite(admin: Administrator, siteId: number): void {
  if (!administers(admin.sites, siteId)) {
    throw forbidden(`You do not have permission to administer external users at ${siteName(admin.tree, siteId)}.`);
  }
}
