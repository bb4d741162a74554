import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, createTokenVerifier, signContractorToken, type TokenKeys } from '../../server/auth/tokens';
import { createVerifiedTokens } from '../../server/auth/verifiedTokens';

const keys: TokenKeys = {
  contractorIssuer: 'http://openpermit.test/api',
  contractorKey: new Uint8Array(32).fill(7),
  oidcIssuer: 'http://idp.test',
  oidcClientId: 'openpermit',
  oidcJwks: { keys: [] },
};
const subject = { email: 'contractor@demo.test', kind: 'external' } as const;

describe('verified bearer tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a valid token until it expires, and at most a minute', () => {
    let now = 1_000_000;
    const verified = createVerifiedTokens(() => now);
    verified.keep('soon', subject, now + 5_000);
    verified.keep('later', subject, now + 3_600_000);
    now += 4_999;
    expect(verified.get('soon')).toEqual(subject);
    now += 1;
    expect(verified.get('soon')).toBeNull();
    expect(verified.get('later')).toEqual(subject);
    now += 55_000;
    expect(verified.get('later')).toBeNull();
    expect(verified.get('never kept')).toBeNull();
  });

  it('holds ten thousand tokens, forgetting the oldest first', () => {
    const verified = createVerifiedTokens(() => 0);
    for (let i = 0; i <= 10_000; i++) verified.keep(`t${i}`, subject, 60_000);
    expect(verified.get('t0')).toBeNull();
    expect(verified.get('t1')).toEqual(subject);
    expect(verified.get('t10000')).toEqual(subject);
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = createTokenVerifier(keys);
    const token = await signContractorToken(keys, 42, subject.email);
    expect(await verify(token)).toEqual(subject);
    vi.setSystemTime(Date.now() + 30_000);
    expect(await verify(token)).toEqual(subject);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_SECONDS * 1000);
    expect(await verify(token)).toBeNull();
  });

  it('keeps no verdict on a forged token: a good token after it is still accepted, the forgery never', async () => {
    const verify = createTokenVerifier(keys);
    const token = await signContractorToken(keys, 42, subject.email);
    const forged = await signContractorToken({ ...keys, contractorKey: new Uint8Array(32).fill(8) }, 42, subject.email);
    expect(await verify(forged)).toBeNull();
    expect(await verify(token)).toEqual(subject);
    expect(await verify(forged)).toBeNull();
  });
});
