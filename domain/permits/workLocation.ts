import { abilitiesAt, type Grantee } from '../abilities';
import { ancestorsAndSelf, type LocationTree } from '../locations';

/** Why a permit may not move to a location; the server answers each with its own status. */
export type MoveRefusal = 'unknown' | 'forbidden' | 'not-enabled' | 'outside-definition';

/**
 * The one rule for moving a permit whose definition belongs to `definitionLocationId` to
 * `locationId` (PUT /permitinstance, SPEC §4 and §6): the location exists, the user edits there,
 * it takes permits, and the permit's definition serves it (a definition serves its own location
 * and everything below). The picker greys out what this refuses and the server refuses the
 * same, so neither can drift from the other. Null: the move is allowed.
 */
export function permitMoveRefusal(grantee: Grantee, tree: LocationTree, locationId: number, definitionLocationId: number): MoveRefusal | null {
  const location = tree.byId.get(locationId);
  if (!location) return 'unknown';
  if (!abilitiesAt(grantee, tree, locationId).permits.edit) return 'forbidden';
  if (!location.EnabledFlag || !location.PermittingEnabled) return 'not-enabled';
  if (!ancestorsAndSelf(tree, locationId).includes(definitionLocationId)) return 'outside-definition';
  return null;
}

/** Whether the move is allowed: what the location picker offers. */
export function canMovePermitTo(grantee: Grantee, tree: LocationTree, locationId: number, definitionLocationId: number): boolean {
  return permitMoveRefusal(grantee, tree, locationId, definitionLocationId) === null;
}
