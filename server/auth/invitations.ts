import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { getOrCreateSecret } from './secrets';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** What an invitation link vouches for: the user as they were when it was sent. */
export interface InvitedUser {
  personnelId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Stored on the user row; replaced on resend and cleared on registration. */
  nonce: string;
}

export const newNonce = () => randomBytes(16).toString('base64url');

const invitationKey = async (db: Queryable) =>
  Buffer.from(await getOrCreateSecret(db, 'invitationKey', () => randomBytes(32).toString('base64url')), 'base64url');

function mac(key: Buffer, user: InvitedUser, expiresAt: number): Buffer {
  // JSON keeps field boundaries unambiguous ("Ann", "a Lee" never signs like "Ann a", "Lee").
  const fields = ['invitation', user.personnelId, user.email.toLowerCase(), user.firstName, user.lastName, user.nonce, expiresAt];
  return createHmac('sha256', key).update(JSON.stringify(fields)).digest();
}

/** The link's token: its expiry (seconds, base 36) and an HMAC over the user's details and nonce. */
export async function signInvitation(db: Queryable, user: InvitedUser, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = Math.floor(now.getTime() / 1000) + INVITATION_DAYS * 24 * 3600;
  const signature = mac(await invitationKey(db), user, expiresAt).toString('base64url');
  return { token: `${expiresAt.toString(36)}.${signature}`, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * Whether the token was signed for exactly this user, nonce included, and has not expired.
 * Any change to the email, a name or the nonce since it was signed makes it fail.
 */
export async function verifyInvitation(db: Queryable, user: InvitedUser, token: string, now: Date): Promise<boolean> {
  const [expiry, signature, extra] = token.split('.');
  if (!expiry || !signature || extra !== undefined || !/^[0-9a-z]{1,10}$/.test(expiry)) return false;
  const expiresAt = parseInt(expiry, 36);
  if (expiresAt * 1000 <= now.getTime()) return false;
  const expected = mac(await invitationKey(db), user, expiresAt);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The registration page's address, carrying the invitation (SPEC §2 /auth/register). */
export function invitationLink(publicUrl: string, user: InvitedUser, token: string): string {
  const query = new URLSearchParams({ EmailAddress: user.email, FirstName: user.firstName, LastName: user.lastName, token });
  return `${publicUrl}/auth/register?${query.toString()}`;
}
