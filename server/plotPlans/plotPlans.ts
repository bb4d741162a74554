import type { Location, PlotPlanUploadBody } from '../../schemas';
import type { Database, Queryable } from '../db/database';
import { audit } from '../audit/record';
import { badRequest, notFound } from '../http/errors';
import { presentLocation, type LocationRow } from '../locations/locations';
import type { ObjectStore } from '../storage/objectStore';
import type { UserRecord } from '../users/users';

/** Where a plot plan version's file lives in the object store. */
export const plotPlanKey = (locationId: number, version: number) => `plotplans/${locationId}/${version}`;

/** One version's image, or a 404 that says what is missing. */
export async function plotPlanFile(db: Queryable, objects: ObjectStore, location: Location, version: number) {
  if (!location.PlotPlans.some((p) => p.Version === version)) throw notFound(`${location.Title} has no plot plan version ${version}.`);
  const file = await objects.get(plotPlanKey(location.LocationId, version));
  if (!file) throw notFound(`The file of ${location.Title}'s plot plan version ${version} is missing from the file store.`);
  return file;
}

const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/webp': (b) => new TextDecoder().decode(b.slice(0, 4)) === 'RIFF' && new TextDecoder().decode(b.slice(8, 12)) === 'WEBP',
  'image/svg+xml': (b) => /<svg[\s>]/i.test(new TextDecoder().decode(b.slice(0, 4096))),
};

/** An SVG may carry script; a plot plan never needs it, so an SVG with any is refused. */
const ACTIVE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i;

/** Stores a new version of the location's plot plan and makes it current (SPEC §3 PlotPlans, CurrentPlotPlan). */
export async function addPlotPlanVersion(db: Database, objects: ObjectStore, user: UserRecord, location: Location, body: PlotPlanUploadBody): Promise<Location> {
  const bytes = new Uint8Array(Buffer.from(body.Data, 'base64'));
  const kind = String(body.ContentType).replace('image/', '').replace('+xml', '').toUpperCase();
  if (!MAGIC[body.ContentType]!(bytes)) throw badRequest(`The file is not a ${kind} image: choose a PNG, JPEG, WebP or SVG plot plan.`);
  if (body.ContentType === 'image/svg+xml' && ACTIVE_SVG.test(new TextDecoder().decode(bytes))) {
    throw badRequest('The SVG contains scripts or event handlers: export the plot plan as a plain drawing (or as PNG) and upload it again.');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.query<LocationRow>('select * from locations where location_id = $1 for update', [location.LocationId]);
    if (!row) throw notFound(`There is no location with id ${location.LocationId}.`);
    const previous = row.plot_plans.find((p) => p.Version === row.current_plot_plan);
    const Version = Math.max(0, ...row.plot_plans.map((p) => p.Version)) + 1;
    const entry = { Version, FileName: body.FileName, ZoomLevel: previous?.ZoomLevel ?? 0, Center: previous?.Center ?? [330, 510], Maximum: previous?.Maximum ?? 2, Minimum: previous?.Minimum ?? -1 };
    // The file first: a version recorded without its file would break every map of the location.
    await objects.put(plotPlanKey(location.LocationId, Version), bytes, body.ContentType);
    const [updated] = await tx.query<LocationRow>(
      'update locations set plot_plans = plot_plans || $2::jsonb, current_plot_plan = $3 where location_id = $1 returning *',
      [location.LocationId, JSON.stringify([entry]), Version],
    );
    await audit(tx, user, 'location.plotplan', { type: 'location', id: location.LocationId, locationId: location.LocationId }, { LocationId: location.LocationId, Version, FileName: body.FileName, Bytes: bytes.length });
    return presentLocation(updated!);
  });
}
