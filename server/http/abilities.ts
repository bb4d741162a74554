import type { FastifyRequest } from 'fastify';
import type { Location } from '../../schemas';
import { abilitiesAt, type Abilities } from '../../domain/abilities';
import type { Queryable } from '../db/database';
import { loadLocationTree } from '../locations/locations';
import { granteeOf } from '../users/users';
import { forbidden, notFound } from './errors';
import { requireUser } from './authenticate';

type Ability = `permits.${keyof Abilities['permits']}` | `forms.${keyof Abilities['forms']}`;

const VERBS: Record<Ability, string> = {
  'permits.view': 'view permits',
  'permits.edit': 'create or edit permits',
  'permits.print': 'print permits',
  'forms.view': 'view forms',
  'forms.edit': 'edit forms',
};

/**
 * Refuses unless the signed-in user holds `ability` at the location (SPEC §6), with the same
 * domain function the app uses for its menus and buttons. Returns the location.
 */
export async function requireAbility(db: Queryable, request: FastifyRequest, locationId: number, ability: Ability): Promise<Location> {
  const user = requireUser(request);
  const tree = await loadLocationTree(db);
  const location = tree.byId.get(locationId);
  if (!location) throw notFound(`There is no location with id ${locationId}.`);
  const [area, action] = ability.split('.') as ['permits' | 'forms', string];
  const granted = (abilitiesAt(granteeOf(user), tree, locationId)[area] as Record<string, boolean>)[action];
  if (!granted) throw forbidden(`You do not have permission to ${VERBS[ability]} at ${location.Title}.`);
  return location;
}
