import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../db/database';
import { createFindAccount } from './accounts';
import { createOidcAdapter } from './adapter';
import { SIGNING_ALG, type OidcSecrets } from './keys';
import { errorPage, signedOutPage, signOutPage } from './pages';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const REFRESH_TOKEN_TTL = 14 * DAY;
const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

export interface ProviderSettings {
  db: Database;
  secrets: OidcSecrets;
  /** The app's public address (no trailing slash); the issuer is `${publicUrl}${mountPath}`. */
  publicUrl: string;
  mountPath: string;
  clientId: string;
}

/** The one client: the OpenPermit web app, a public client (PKCE, no secret) on our own origin. */
function appClient(publicUrl: string, clientId: string) {
  return {
    client_id: clientId,
    client_name: 'OpenPermit',
    application_type: 'web' as const,
    token_endpoint_auth_method: 'none' as const,
    response_types: ['code' as const],
    grant_types: ['authorization_code', 'refresh_token'],
    redirect_uris: [`${publicUrl}/auth/callback`],
    post_logout_redirect_uris: [`${publicUrl}/auth/signout`],
    id_token_signed_response_alg: SIGNING_ALG,
    scope: SCOPES.join(' '),
  };
}

/**
 * Our client is first party: it gets every scope it asks for without a consent screen. The
 * grant is saved (which renews its lifetime) on every authorization, so it always outlives
 * the refresh tokens issued from it.
 */
async function loadGrant(ctx: KoaContextWithOIDC, clientId: string) {
  const { oidc } = ctx;
  if (!oidc.client || !oidc.session || !oidc.account) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (oidc.client.clientId !== clientId) return existing;
  const { accountId } = oidc.account;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope([...oidc.requestParamScopes].filter((scope) => SCOPES.includes(scope)).join(' '));
  const claims = [...oidc.requestParamClaims];
  if (claims.length) grant.addOIDCClaims(claims);
  await grant.save();
  return grant;
}

/** The provider's settings: one first-party client, our storage, our pages, our keys. */
export function providerConfiguration(settings: ProviderSettings): Configuration {
  const { db, secrets, publicUrl, mountPath, clientId } = settings;
  const appOrigin = new URL(publicUrl).origin;
  const isAppClient = (id: string | undefined) => id === clientId;

  return {
    adapter: createOidcAdapter(db),
    clients: [appClient(publicUrl, clientId)],
    findAccount: createFindAccount(db),
    jwks: secrets.signingJwks,
    cookies: {
      keys: secrets.cookieKeys,
      // Lax is enough: the app and the provider share one origin. The session cookie is only
      // needed by the provider, so it does not travel with every API call.
      long: { signed: true, httpOnly: true, sameSite: 'lax', path: mountPath },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The API accepts the id_token as the bearer token and reads the email from it.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    // The app calls the token endpoint from its own origin (fetch sends Origin on POST).
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    loadExistingGrant: (ctx) => loadGrant(ctx, clientId),
    // Always a refresh token for our app, even without offline_access (which the provider
    // drops unless the request also says prompt=consent).
    issueRefreshToken: (_ctx, client) => isAppClient(client.clientId) && client.grantTypeAllowed('refresh_token'),
    // The app works offline for a shift: its refresh tokens outlive the 12 h single sign-on
    // session. Signing out of the provider still ends them (see the adapter's Session destroy).
    expiresWithSession: (ctx) => !isAppClient(ctx.oidc.client?.clientId),
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 12 * HOUR,
      Grant: REFRESH_TOKEN_TTL,
      RefreshToken: (ctx, token, client) => {
        // A public client's token is rotated on every use; the rotated one keeps the remaining
        // lifetime, so a stolen token cannot be kept alive for ever.
        const rotated = ctx?.oidc.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) return rotated.remainingTTL;
        return REFRESH_TOKEN_TTL;
      },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      registration: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage({ message: describeError(out.error, out.error_description), homeUrl: publicUrl });
    },
  };
}

function describeError(error: string | undefined, description: string | undefined): string {
  if (error === 'invalid_request' && description?.includes('interaction')) {
    return 'This sign-in page has expired. Go back to OpenPermit and sign in again.';
  }
  return `The sign-in could not be completed (${description ?? error ?? 'unknown error'}). Go back to OpenPermit and try again.`;
}
