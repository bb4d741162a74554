import { createContext, useContext } from 'react';
import { abilitiesAt, hasAnyAbility, isHomeLocationEnabled, type Abilities } from '../../../domain/abilities';
import { siteFlags, type FeatureFlags } from '../../../domain/access';
import { buildLocationTree, type LocationTree } from '../../../domain/locations';
import type { Location, LocationList, RemoteSettings, UserProfile } from '../../../schemas';

/** Everything a signed-in screen needs, derived once per load (SPEC §4 Startup). */
export interface AppData {
  settings: RemoteSettings;
  flags: FeatureFlags;
  companyName: string;
  locations: readonly Location[];
  tree: LocationTree;
  profile: UserProfile;
  /** Abilities at the home location (SPEC §6). */
  abilities: Abilities;
  anyAbility: boolean;
  homeLocation: Location | undefined;
  /** False sends every guarded route to /location-not-enabled. */
  homeEnabled: boolean;
}

export function deriveAppData(settings: RemoteSettings, locations: LocationList, profile: UserProfile): AppData {
  const tree = buildLocationTree(locations.LocationList);
  const homeId = profile.Preferences.HomeLocationId;
  const abilities = abilitiesAt(profile, tree, homeId);
  const homeSite = homeId === null ? undefined : tree.byId.get(homeId)?.SiteId;
  return {
    settings,
    flags: siteFlags(settings, homeSite),
    companyName: locations.CompanyName,
    locations: locations.LocationList,
    tree,
    profile,
    abilities,
    anyAbility: hasAnyAbility(abilities),
    homeLocation: homeId === null ? undefined : tree.byId.get(homeId),
    homeEnabled: isHomeLocationEnabled(tree, homeId),
  };
}

export interface AppDataContextValue {
  data: AppData;
  /** The user's email: the owner of their outbox entries on this device. */
  email: string;
  /**
   * No session: it lapsed (a token expired offline) and the user goes on working from what the
   * device remembers. Their changes queue until they sign in again.
   */
  lapsed: boolean;
  /** A change of the preferences (the home location) waits to reach the server. */
  preferencesPending: boolean;
  /** 'Refresh data': pulls everything now and asks the server for the profile again. */
  refresh(): Promise<void>;
  refreshing: boolean;
}

export const AppDataContext = createContext<AppDataContextValue | null>(null);

export function useAppData(): AppDataContextValue {
  const value = useContext(AppDataContext);
  if (!value) throw new Error('useAppData outside a signed-in route');
  return value;
}
