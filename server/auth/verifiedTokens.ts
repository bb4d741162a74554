import type { TokenSubject } from './tokens';

/** How long a verdict is kept at most, whatever the token's own expiry: a corporate provider's keys may rotate. */
const KEEP_MS = 60_000;
/** A device holds one access token at a time: this covers thousands of devices at a few hundred bytes each. */
const MAX_TOKENS = 10_000;

/**
 * Bearer tokens already verified. A device sends the same token with every request for up to 15
 * minutes, and checking its signature again each time (jose imports the key and runs an HMAC or
 * RSA verification through WebCrypto) was a fifth of the server's CPU in the load run (issue
 * 12). A token found valid stays valid until it expires: its subject is kept until then, for at
 * most KEEP_MS. What may change meanwhile — the account disabled or expired — is still checked
 * on every request (http/authenticate.ts). Refusals are not kept: anyone could fill the memory
 * with forged tokens.
 */
export function createVerifiedTokens(now: () => number = Date.now) {
  const kept = new Map<string, { subject: TokenSubject; until: number }>();
  return {
    get(token: string): TokenSubject | null {
      const entry = kept.get(token);
      if (!entry) return null;
      if (now() < entry.until) return entry.subject;
      kept.delete(token);
      return null;
    },
    /** `expiresAt`: the token's `exp`, in milliseconds. */
    keep(token: string, subject: TokenSubject, expiresAt: number): void {
      kept.delete(token);
      kept.set(token, { subject, until: Math.min(expiresAt, now() + KEEP_MS) });
      // A Map iterates in insertion order: the first entry is the oldest.
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_TOKENS) break;
        kept.delete(oldest);
      }
    },
  };
}
