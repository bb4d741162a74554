/**
 * What the startup reads from the replica's sitedata collection (schemas/sync.ts): the remote
 * settings, the location tree and the user's preferences with their own pending changes laid
 * over. Pure, so the shapes are checked where they are built, not in every screen.
 */
import { overlayPending } from '../../../replication/outboxOverlay';
import type { LocationList, Location, OutboxEffect, OutboxEntry, Preferences, RemoteSettings, SiteDataDocument } from '../../../schemas';

/** The company and its locations, and the remote settings: what every signed-in screen needs. */
export interface SiteBasics {
  settings: RemoteSettings;
  locations: LocationList;
}

/** The id of the signed-in user's own preferences document. */
export const PREFERENCES_ID = 'preferences';

/** The settings a usable RemoteSettings must have; the outage banners may be absent. */
const REQUIRED_SETTINGS = ['plotPlanEnabled', 'workOrdersEnabled', 'copyEnabled', 'serviceDeskEmail'] as const;
const SETTING_KEYS = ['outagewarningbanner', 'outagebanner', 'cardsExpandedSites', 'cardPrintSites', 'siteFeatures', ...REQUIRED_SETTINGS] as const;
/** The server's answer for a company that never named itself (server/settings). */
const UNNAMED_COMPANY = 'OpenPermit';

const settingKey = (doc: SiteDataDocument) => doc.id.slice('setting:'.length);

/**
 * Settings and locations from the replica, or null while they are incomplete (before the first
 * pull reached the end, or while a resync refills the collection): the startup then keeps what
 * it had, or asks the server.
 */
export function basicsFromSiteData(docs: readonly SiteDataDocument[]): SiteBasics | null {
  const settings = new Map(docs.filter((d) => d.type === 'setting').map((d) => [settingKey(d), d.data]));
  const locations = docs
    .filter((d) => d.type === 'location')
    .map((d) => d.data as Location)
    .sort((a, b) => a.LocationId - b.LocationId);
  if (locations.length === 0 || REQUIRED_SETTINGS.some((key) => !settings.has(key))) return null;
  const remote = Object.fromEntries(SETTING_KEYS.filter((key) => settings.has(key)).map((key) => [key, settings.get(key)]));
  const companyName = settings.get('companyName');
  return {
    settings: remote as RemoteSettings,
    locations: { CompanyName: typeof companyName === 'string' ? companyName : UNNAMED_COMPANY, LocationList: locations },
  };
}

export interface CurrentPreferences {
  preferences: Preferences;
  /** A change of them is waiting to reach the server (the 'Pending' badge by the home location). */
  pending: boolean;
}

/**
 * The user's preferences as they stand on this device: the pulled document (only if it is this
 * user's: a device shared with someone else holds theirs until the resync) or else `base`, from
 * the profile; then the user's queued changes over it.
 */
export function currentPreferences(
  base: Preferences,
  doc: SiteDataDocument | undefined,
  entries: readonly OutboxEntry[],
  syncedAt: number | null,
): CurrentPreferences {
  const own: SiteDataDocument =
    doc && (doc.data as Preferences).PersonnelId === base.PersonnelId
      ? doc
      : { id: PREFERENCES_ID, type: 'preferences', data: base, DateChanged: '' };
  const [overlaid] = overlayPending({ collection: 'sitedata', docs: [own], entries, syncedAt });
  return overlaid
    ? { preferences: overlaid.doc.data as Preferences, pending: overlaid.pending }
    : { preferences: own.data as Preferences, pending: false };
}

/**
 * The overlay effect of a preferences change. A patch replaces top-level fields, so it carries
 * the whole of `data`: the preferences as they will be once the server has the change.
 */
export function preferencesEffect(next: Preferences): OutboxEffect {
  return { collection: 'sitedata', key: PREFERENCES_ID, kind: 'patch', fields: { data: next } };
}
