/**
 * Plot plan images (SPEC §7: fetched from secured storage with the user's token). A version
 * never changes once uploaded, so the first copy fetched is kept on the device in the Cache
 * Storage and served from there ever after: the map opens offline, and a long shift on a
 * tablet costs one download per version.
 */
import type { Location, PlotPlanUploadBody } from '../schemas';
import { api, http } from './http';

/** The device's store of plot plan images, apart from the app shell's (the service worker replaces that one on every release). */
export const PLOT_PLAN_CACHE = 'openpermit-plotplans-v1';

/** The API path of one version's image; under /api, also its key in the cache. */
export const plotPlanPath = (locationId: number, version: number) =>
  `/plotplan?${new URLSearchParams({ LocationId: String(locationId), Version: String(version) }).toString()}`;

/** Cache Storage exists only in secure contexts (HTTPS, localhost); elsewhere every call asks the server. */
const deviceCache = (): Promise<Cache> | null => (typeof caches === 'undefined' ? null : caches.open(PLOT_PLAN_CACHE));

/**
 * One version's image: from the device when it holds it, else from the server (then kept).
 * Rejects with an ApiError when neither has it (offline before the first view, or refused).
 */
export async function plotPlanImage(locationId: number, version: number): Promise<Blob> {
  const path = plotPlanPath(locationId, version);
  const cache = await deviceCache();
  const key = `/api${path}`;
  const kept = await cache?.match(key);
  if (kept) return kept.blob();
  const response = await http.open('GET', path);
  const blob = await response.blob();
  // Stored without the Authorization header the request had: the key is the path alone.
  await cache?.put(key, new Response(blob, { headers: { 'Content-Type': response.headers.get('Content-Type') ?? blob.type } }));
  return blob;
}


/**
 * POST /plotplan: a new version of the location's plot plan, made current (an administrator's
 * upload, online only). Answers the location as it now stands; every device gets it through
 * the sitedata sync, and fetches the new image on its first map.
 */
export const uploadPlotPlan = (body: PlotPlanUploadBody) => api<Location>('POST', '/plotplan', body);
