import type { FastifyRequest } from 'fastify';
import type { Abilities } from '../../domain/abilities';
import { siteName } from '../../domain/externalUsers';
import { siteAbilities } from '../../domain/siteAccess';
import type { Queryable } from '../db/database';
import { forbidden, notFound } from '../http/errors';
import { requireUser } from '../http/authenticate';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/** What a person needs at a site: to read what it offers, or to change how it works. */
export type SiteNeed = 'read' | 'edit';

const DOES: Record<SiteNeed, string> = { read: 'view', edit: 'change' };

/** Whether the abilities at a site meet the need: reading wants forms or permits view; changing wants forms edit (SPEC §6). */
const meets = (need: SiteNeed, a: Abilities) => (need === 'read' ? a.forms.view || a.permits.view : a.forms.edit);

/**
 * Refuses (404) a site with no locations and (403) a person without the need there, in a
 * sentence naming the site and what they tried (`what`, e.g. 'the lists'). Returns the user.
 */
export async function requireSite(db: Queryable, request: FastifyRequest, siteId: number, need: SiteNeed, what: string): Promise<UserRecord> {
  const user = requireUser(request);
  const tree = await loadLocationTree(db);
  if (![...tree.byId.values()].some((l) => l.SiteId === siteId)) throw notFound(`There is no site with id ${siteId}.`);
  if (!meets(need, siteAbilities(granteeOf(user), tree, siteId))) {
    throw forbidden(`You do not have permission to ${DOES[need]} ${what} of ${siteName(tree, siteId)}.`);
  }
  return user;
}
