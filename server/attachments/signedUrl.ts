import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { getOrCreateSecret } from '../auth/secrets';

/** How long an opened link works: long enough to load in a new tab, too short to share. */
export const SIGNED_URL_SECONDS = 120;

/** The key that signs links; made when the routes are registered, so opening a link never writes. */
export const signingKey = (db: Queryable) => getOrCreateSecret(db, 'attachment-url-key', () => randomBytes(32).toString('base64url'));

const signature = (secret: string, objectKey: string, expires: number) =>
  createHmac('sha256', secret).update(`${objectKey}\n${expires}`).digest('base64url');

/** A signed link to one stored file, made only after the user's view ability was checked. */
export async function signObjectUrl(db: Queryable, objectKey: string, now: Date): Promise<{ Url: string; ExpiresAt: string }> {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS;
  const sig = signature(await signingKey(db), objectKey, expires);
  const query = new URLSearchParams({ key: objectKey, expires: String(expires), sig });
  return { Url: `/api/permitattachment/file?${query.toString()}`, ExpiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether a link is the server's own and still fresh. */
export async function verifyObjectUrl(db: Queryable, objectKey: string, expires: number, sig: string, now: Date): Promise<'ok' | 'expired' | 'invalid'> {
  const expected = Buffer.from(signature(await signingKey(db), objectKey, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'ok';
}
