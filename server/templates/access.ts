import type { Location, Template } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { ROOT_LOCATION_ID } from '../../domain/constants';
import type { LocationTree } from '../../domain/locations';
import { decideTemplate, type FormsActor, type TemplateAction, type TemplateDecision } from '../../domain/templates/workflow';
import { HttpError, notFound } from '../http/errors';
import { granteeOf, type UserRecord } from '../users/users';

/** The top-level location of a site: where a site-wide template (no LocationId) is judged. */
export function siteRoot(tree: LocationTree, siteId: number): Location | undefined {
  return tree.childrenOf(ROOT_LOCATION_ID).find((l) => l.SiteId === siteId);
}

/** The location a template belongs to: its own, else its site's top level. */
export function templateLocation(tree: LocationTree, template: Pick<Template, 'LocationId' | 'SiteId'>): Location {
  const location = template.LocationId === null ? siteRoot(tree, template.SiteId) : tree.byId.get(template.LocationId);
  if (!location) throw notFound(template.LocationId === null ? `There is no site ${template.SiteId}.` : `There is no location with id ${template.LocationId}.`);
  return location;
}

/** forms.view and forms.edit of SPEC §6 at a location. */
export function formsActor(user: UserRecord, tree: LocationTree, locationId: number): FormsActor {
  return abilitiesAt(granteeOf(user), tree, locationId).forms;
}

/** The decision of domain/templates/workflow for this user on this template; a refusal is thrown as its HTTP error. */
export function authorizeTemplate(
  user: UserRecord,
  tree: LocationTree,
  template: Pick<Template, 'LocationId' | 'SiteId' | 'State'>,
  action: TemplateAction,
  comment?: string,
): Extract<TemplateDecision, { ok: true }> {
  const location = templateLocation(tree, template);
  const decision = decideTemplate(action, template.State, formsActor(user, tree, location.LocationId), comment, location.Title);
  if (!decision.ok) throw new HttpError(decision.status, decision.reason);
  return decision;
}
