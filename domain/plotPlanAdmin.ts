/**
 * The admin area's Plot Plans page (issue 11 point 2): which locations of a site it lists, what
 * it says of each, and which files it sends. Pure: the page and the tests share it.
 */
import { PLOT_PLAN_FILE_NAME_MAX, PLOT_PLAN_MAX_BYTES, PLOT_PLAN_TYPES, type Location } from '../schemas';
import { abilitiesAt, type Grantee } from './abilities';
import { ROOT_LOCATION_ID } from './constants';
import type { LocationTree } from './locations';
import { messages } from './messages';
import { plotPlanFor } from './plotPlans';

export type PlotPlanType = (typeof PLOT_PLAN_TYPES)[number];

/** One location on the page. */
export interface PlotPlanAdminRow {
  location: Location;
  /** Levels below the site's top location, for indenting the list like the tree. */
  depth: number;
  /** Forms edit here (SPEC §6): the server takes a new version from this user. */
  canUpload: boolean;
  /** The location whose plot plan this one's maps use, when it has none of its own. */
  coveredBy: Location | undefined;
}

/**
 * The site's locations that have a plot plan, or may get one from this user, in tree order (a
 * parent before its children, siblings by title). A location the user may not upload to and
 * that has no plot plan is left out: there is nothing to see or do there.
 */
export function plotPlanAdminRows(tree: LocationTree, grantee: Grantee, siteId: number): PlotPlanAdminRow[] {
  const rows: PlotPlanAdminRow[] = [];
  const visit = (location: Location, depth: number, seen: Set<number>) => {
    if (seen.has(location.LocationId)) return;
    seen.add(location.LocationId);
    const canUpload = abilitiesAt(grantee, tree, location.LocationId).forms.edit;
    if (canUpload || location.PlotPlans.length > 0) {
      const covering = plotPlanFor(tree, location.LocationId)?.location;
      rows.push({ location, depth, canUpload, coveredBy: covering && covering.LocationId !== location.LocationId ? covering : undefined });
    }
    for (const child of tree.childrenOf(location.LocationId)) visit(child, depth + 1, seen);
  };
  const seen = new Set<number>();
  for (const top of tree.childrenOf(ROOT_LOCATION_ID)) if (top.SiteId === siteId) visit(top, 0, seen);
  return rows;
}

/** The highest version a location records (0 for none): versions only ever grow. */
const newestVersion = (location: Location) => Math.max(0, ...location.PlotPlans.map((p) => p.Version));

/**
 * The fresher of two copies of a location: the one the sync brought (`synced`) or the server's
 * answer to an upload (`uploaded`), shown until the sync catches up so the page never goes back.
 */
export function fresherLocation(synced: Location, uploaded: Location | undefined): Location {
  return uploaded && newestVersion(uploaded) > newestVersion(synced) ? uploaded : synced;
}

const BY_EXTENSION: Record<string, PlotPlanType> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * The type to send for a chosen file: what the browser says, else what its extension says (some
 * systems give no type for an SVG); undefined when it is none of the accepted images.
 */
export function plotPlanFileType(file: { name: string; type: string }): PlotPlanType | undefined {
  const given = (PLOT_PLAN_TYPES as readonly string[]).find((t) => t === file.type) as PlotPlanType | undefined;
  return given ?? (file.type === '' ? BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] : undefined);
}

/**
 * Why a chosen file cannot be sent, before it is read and sent; null when it may go. What is
 * inside the file is the server's to check (it reads the bytes and refuses a script in an SVG).
 */
export function plotPlanFileRefusal(file: { name: string; type: string; size: number }): string | null {
  if (!plotPlanFileType(file)) return messages.plotPlans.notAnImage(file.name);
  if (file.size === 0) return messages.plotPlans.emptyFile(file.name);
  if (file.size > PLOT_PLAN_MAX_BYTES) return messages.plotPlans.tooLarge(file.name, PLOT_PLAN_MAX_BYTES / 1024 / 1024);
  if (file.name.length > PLOT_PLAN_FILE_NAME_MAX) return messages.plotPlans.nameTooLong(PLOT_PLAN_FILE_NAME_MAX);
  return null;
}
