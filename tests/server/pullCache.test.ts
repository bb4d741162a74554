import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { SharedStart } from '../../server/http/sharedCompression';
import { createPullCache, type Moment, type SharedPage } from '../../server/sync/pullCache';
import type { UserRecord } from '../../server/users/users';

const at = (high_water: string, horizon = '-infinity'): Moment => ({ high_water, horizon });
const page = (documents: string, highWater: string): SharedPage => ({ expired: false, documents, start: new SharedStart(() => documents), highWater, last: null, remaining: 0 });

/** A read that answers when told, counting how often the database would have been asked. */
function reads() {
  const log: string[] = [];
  const read = (moment: Moment, documents: string) => () => {
    log.push(documents);
    return Promise.resolve({ at: moment, result: page(documents, moment.high_water) });
  };
  return { log, read };
}

describe('the pull cache', () => {
  it('reads once for the requests that ask for one page at one clock mark together, and serves it after', async () => {
    const cache = createPullCache();
    const { log, read } = reads();
    const now = at('2026-11-26T02:00:00.000001Z');
    const together = await Promise.all([1, 2, 3].map(() => cache.page('k', now, read(now, '["a"]'))));
    expect(together.map((p) => !p!.expired && p!.documents)).toEqual(['["a"]', '["a"]', '["a"]']);
    await cache.page('k', now, read(now, '["b"]'));
    expect(log).toEqual(['["a"]']);
  });

  it('reads again once the clock moved or the horizon did, and for another key', async () => {
    const cache = createPullCache();
    const { log, read } = reads();
    const first = at('2026-11-26T02:00:00.000001Z');
    const later = at('2026-11-26T02:00:00.000002Z');
    const purged = at('2026-11-26T02:00:00.000001Z', '2026-11-01T00:00:00.000000Z');
    await cache.page('k', first, read(first, '["a"]'));
    expect(await cache.page('k', later, read(later, '["b"]'))).toMatchObject({ documents: '["b"]' });
    expect(await cache.page('k', purged, read(purged, '["c"]'))).toMatchObject({ documents: '["c"]' });
    expect(await cache.page('other', purged, read(purged, '["d"]'))).toMatchObject({ documents: '["d"]' });
    expect(log).toEqual(['["a"]', '["b"]', '["c"]', '["d"]']);
  });

  it('keeps nothing from a read that could not be shared, nor from one that failed', async () => {
    const cache = createPullCache();
    const now = at('2026-11-26T02:00:00.000001Z');
    expect(await cache.page('k', now, () => Promise.resolve(null))).toBeNull();
    await expect(cache.page('k', now, () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    const { log, read } = reads();
    expect(await cache.page('k', now, read(now, '["a"]'))).toMatchObject({ documents: '["a"]' });
    expect(log).toEqual(['["a"]']);
  });

  it('forgets the pages of a clock mark once a request read a newer one: they can never be served again', async () => {
    const cache = createPullCache();
    const { log, read } = reads();
    const first = at('2026-11-26T02:00:00.000001Z');
    const later = at('2026-11-26T02:00:00.000002Z');
    await cache.page('k', first, read(first, '["a"]'));
    await cache.page('other', later, read(later, '["b"]'));
    // A request that read the older mark (its clock query ran before the write) reads again.
    await cache.page('k', first, read(first, '["c"]'));
    expect(log).toEqual(['["a"]', '["b"]', '["c"]']);
  });
});

describe("the pull cache's scopes", () => {
  const tree = buildLocationTree([]);
  const user = (changes: Partial<UserRecord> = {}): UserRecord => ({
    personnel_id: 7, email: 'contractor@demo.test', kind: 'external', first_name: 'C', last_name: 'M', site_id: 1, active_flag: true, delete_flag: false,
    signup_initiated: true, signup_complete: true, sys_admin_flag: false, password_hash: null, company: null, access_expires_date: null,
    permissions: [], preferences: { HomeLocationId: 111 }, ...changes,
  });

  it("computes a user's scope once for the tree kept, and again for other grants, another home, another day or another tree", () => {
    const cache = createPullCache();
    cache.keepTree('v1', tree);
    const first = cache.scope(user(), tree, new Date('2026-11-26T08:00:00Z'));
    // The same person read again from the database by the next request, later that day.
    expect(cache.scope(user(), tree, new Date('2026-11-26T20:00:00Z'))).toBe(first);
    expect(cache.scope(user({ sys_admin_flag: true }), tree, new Date('2026-11-26T08:00:00Z'))).not.toBe(first);
    expect(cache.scope(user({ preferences: { HomeLocationId: 112 } }), tree, new Date('2026-11-26T08:00:00Z'))).not.toBe(first);
    expect(cache.scope(user({ personnel_id: 8 }), tree, new Date('2026-11-26T08:00:00Z'))).not.toBe(first);
    const nextDay = cache.scope(user(), tree, new Date('2026-11-27T08:00:00Z'));
    expect(nextDay).not.toBe(first);
    expect(nextDay.fingerprint.workorders).not.toBe(first.fingerprint.workorders);
    const other = buildLocationTree([]);
    expect(cache.scope(user(), other, new Date('2026-11-26T08:00:00Z'))).not.toBe(first);
    cache.keepTree('v2', other);
    expect(cache.scope(user(), tree, new Date('2026-11-26T08:00:00Z'))).not.toBe(first);
  });
});
