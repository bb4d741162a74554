import { abilitiesAt, type Grantee } from '../abilities';
import { ancestorsAndSelf, type LocationTree } from '../locations';

/**
 * Whether a permit whose definition belongs to `definitionLocationId` may be moved to
 * `locationId` (PUT /permitinstance, SPEC §4 and §6): the location takes permits, the user
 * edits there, and the permit's definition serves it (a definition serves its own location and
 * everything below). These are the checks the server makes of the new location, so the picker
 * offers nothing it would refuse.
 */
export function canMovePermitTo(grantee: Grantee, tree: LocationTree, locationId: number, definitionLocationId: number): boolean {
  const location = tree.byId.get(locationId);
  return (
    !!location &&
    location.EnabledFlag &&
    location.PermittingEnabled &&
    abilitiesAt(grantee, tree, locationId).permits.edit &&
    ancestorsAndSelf(tree, locationId).includes(definitionLocationId)
  );
}
