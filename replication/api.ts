/**
 * Typed calls of the server API (SPEC §7), one function per call, so components name what
 * they need and never build URLs or call fetch themselves.
 */
import type {
  LocationList,
  PermitCacheClear,
  Preferences,
  PreferencesUpdate,
  PermitSearchResponse,
  PublicConfig,
  RegisterBody,
  RemoteSettings,
  SignInBody,
  TokenResponse,
  UserProfile,
  WorkOrderSearchBody,
  WorkOrderSearchResponse,
} from '../schemas';
import { api } from './http';

/** What the app needs before anyone signs in (product name, version, OIDC issuer). */
export const getConfig = () => api<PublicConfig>('GET', '/config', undefined, { auth: false });

/** Remote configuration: outage banners, feature flags, service desk address. */
export const getSettings = () => api<RemoteSettings>('GET', '/settings');

/** The whole location tree of the user's company. */
export const getLocations = () => api<LocationList>('GET', '/location?IncludeSublocations=true');

/** The profile of the signed-in user; null when the server knows no such user. */
export const getUserProfile = (email: string) =>
  api<UserProfile | null>('GET', `/user?Email=${encodeURIComponent(email)}`);

/** Saves part of the user's preferences (home location, printer or one screen's filters). */
export const updatePreferences = (update: PreferencesUpdate) => api<Preferences>('POST', '/userpref', update);

/** Contractor sign-in with email and password. */
export const postSignIn = (body: SignInBody) => api<TokenResponse>('POST', '/auth/signin', body, { auth: false });

/** Exchanges a refresh token for new tokens; the old refresh token stops working. */
export const postRefresh = (refreshToken: string) =>
  api<TokenResponse>('POST', '/auth/refresh', { refreshToken }, { auth: false });

/** Revokes a contractor's refresh token. The token itself is the credential, so no bearer. */
export const postSignOut = (refreshToken: string) =>
  api<void>('POST', '/auth/signout', { refreshToken }, { auth: false });

/** What a registration link carries (SPEC §3 Registration invitation) with its signature. */
export type Invitation = Omit<RegisterBody, 'Password'>;

/** Checks a registration link before asking for a password; a 400 carries the invalid-link sentence. */
export const checkInvitation = (invitation: Invitation) =>
  api<{ valid: true }>('GET', `/auth/invitation?${new URLSearchParams(invitation).toString()}`, undefined, { auth: false });

/** Completes a contractor's registration from the invitation; answers like sign-in. */
export const postRegister = (body: RegisterBody) => api<TokenResponse>('POST', '/auth/register', body, { auth: false });

/** POST /permits/search: the server's search over every permit the user may view (SPEC §7). */
export const searchPermits = (body: object) => api<PermitSearchResponse>('POST', '/permits/search', body);
/** Server search of work orders beyond the device's window (SPEC §7); online only. */
export const searchWorkOrders = (body: WorkOrderSearchBody) => api<WorkOrderSearchResponse>('POST', '/workorders/search', body);
/** PATCH /permits/search/all: every device pulls the matching permits again (online only, DESIGN.md §4.8). */
export const clearPermitCache = (body: PermitCacheClear) => api<{ Permits: number }>('PATCH', '/permits/search/all', body);
