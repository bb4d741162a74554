/**
 * Plot plan images (SPEC §7: fetched from secured storage with the user's token). A version
 * never changes once uploaded, so the first copy fetched is kept on the device in the Cache
 * Storage and served from there ever after: the map opens offline, and a long shift on a
 * tablet costs one download per version. The current versions are fetched ahead of any map
 * (plotPlanPrefetch.ts), so a plan never opened online opens offline too.
 */
import type { Location, PlotPlanUploadBody } from '../schemas';
import { api, http, type HttpClient } from './http';

/** The device's store of plot plan images, apart from the app shell's (the service worker replaces that one on every release). */
export const PLOT_PLAN_CACHE = 'openpermit-plotplans-v1';

/** The API path of one version's image; under /api, also its key in the cache. */
export const plotPlanPath = (locationId: number, version: number) =>
  `/plotplan?${new URLSearchParams({ LocationId: String(locationId), Version: String(version) }).toString()}`;

/** One version's key in the device's store. */
export const plotPlanCacheKey = (locationId: number, version: number) => `/api${plotPlanPath(locationId, version)}`;

/** Cache Storage exists only in secure contexts (HTTPS, localhost); elsewhere every call asks the server. */
export const plotPlanCache = (): Promise<Cache> | null => (typeof caches === 'undefined' ? null : caches.open(PLOT_PLAN_CACHE));

/** Fetches one version with the user's token and keeps it in `cache` (when the device has one). */
export async function fetchPlotPlan(client: HttpClient, cache: Cache | null, locationId: number, version: number, signal?: AbortSignal): Promise<Blob> {
  const response = await client.open('GET', plotPlanPath(locationId, version), undefined, { signal });
  const blob = await response.blob();
  // Stored without the Authorization header the request had: the key is the path alone.
  await cache?.put(plotPlanCacheKey(locationId, version), new Response(blob, { headers: { 'Content-Type': response.headers.get('Content-Type') ?? blob.type } }));
  return blob;
}

/**
 * One version's image: from the device when it holds it, else from the server (then kept).
 * Rejects with an ApiError when neither has it (offline before the device fetched it, or refused).
 */
export async function plotPlanImage(locationId: number, version: number): Promise<Blob> {
  const cache = await plotPlanCache();
  const kept = await cache?.match(plotPlanCacheKey(locationId, version));
  if (kept) return kept.blob();
  return fetchPlotPlan(http, cache ?? null, locationId, version);
}

/**
 * POST /plotplan: a new version of the location's plot plan, made current (an administrator's
 * upload, online only). Answers the location as it now stands; every device gets it through
 * the sitedata sync, and the leader tab fetches the new image in the background (plotPlanPrefetch.ts).
 */
export const uploadPlotPlan = (body: PlotPlanUploadBody) => api<Location>('POST', '/plotplan', body);
