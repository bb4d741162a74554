import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '../../schemas';
import { messages } from '../../domain/messages';
import type { Database, Queryable } from '../db/database';
import { HttpError, unauthorized } from '../http/errors';
import { findUserByEmail, findUserById, isAccountUsable, todayUtc } from '../users/users';
import { verifyPassword } from './passwords';
import { clearFailures, isThrottled, recordFailure } from './signinThrottle';
import { ACCESS_TOKEN_SECONDS, signContractorToken, type TokenKeys } from './tokens';

const REFRESH_TOKEN_DAYS = 14;
const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Issues an access token and a refresh token of the sign-in `family` (sign-in, refresh, registration). */
export async function issueSession(db: Queryable, keys: TokenKeys, personnelId: number, email: string, family: string): Promise<TokenResponse> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db.query(
    `insert into refresh_tokens (token_hash, personnel_id, family, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4))`,
    [hash(refreshToken), personnelId, family, REFRESH_TOKEN_DAYS],
  );
  return {
    accessToken: await signContractorToken(keys, personnelId, email),
    refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
    EmailAddress: email,
  };
}

/** Email + password sign-in of an external contractor (SPEC §1). */
export async function signInContractor(
  db: Database,
  keys: TokenKeys,
  credentials: { EmailAddress: string; Password: string },
  address: string,
): Promise<TokenResponse> {
  const email = credentials.EmailAddress.trim();
  if (await isThrottled(db, email, address)) throw new HttpError(429, messages.signIn.tooManyAttempts);
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(credentials.Password, user?.kind === 'external' ? user.password_hash : null);
  if (!user || !passwordOk || !isAccountUsable(user, todayUtc())) {
    await recordFailure(db, email, address);
    throw unauthorized(messages.signIn.incorrect);
  }
  await clearFailures(db, email);
  return issueSession(db, keys, user.personnel_id, user.email, randomUUID());
}

/**
 * Exchanges a refresh token for a new pair. Each token works once: presenting a used one
 * means it was stolen or replayed, so the whole sign-in (its family) is revoked.
 */
export async function refreshContractor(db: Database, keys: TokenKeys, refreshToken: string): Promise<TokenResponse> {
  const result = await db.transaction(async (tx) => {
    const rows = await tx.query<{ personnel_id: number; family: string; used: boolean; live: boolean }>(
      `select personnel_id, family, used_at is not null as used,
              (revoked_at is null and expires_at > now()) as live
         from refresh_tokens where token_hash = $1 for update`,
      [hash(refreshToken)],
    );
    const row = rows[0];
    if (!row || !row.live) return null;
    if (row.used) {
      // Committed, not thrown: the revocation must outlive this refusal.
      await tx.query('update refresh_tokens set revoked_at = now() where family = $1', [row.family]);
      return null;
    }
    const user = await findUserById(tx, row.personnel_id);
    if (!user || !isAccountUsable(user, todayUtc())) return null;
    await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [hash(refreshToken)]);
    return issueSession(tx, keys, user.personnel_id, user.email, row.family);
  });
  if (!result) throw unauthorized('Your sign-in has expired. Sign in again.');
  return result;
}

/** Ends the sign-in the refresh token belongs to. Unknown tokens are ignored: the result is the same. */
export async function signOutContractor(db: Queryable, refreshToken: string): Promise<void> {
  await db.query(
    `update refresh_tokens set revoked_at = now()
      where family = (select family from refresh_tokens where token_hash = $1) and revoked_at is null`,
    [hash(refreshToken)],
  );
}

/** Revokes every sign-in of a user (on disable or delete). */
export async function revokeAllSessions(db: Queryable, personnelId: number): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where personnel_id = $1 and revoked_at is null', [personnelId]);
}
