import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildPermit, pullOnce, Replica, type Page } from './syncFactories';

/**
 * After an edit every device that sees it pulls at once: the server reads such a page once and
 * serves it to all who ask for it at the same clock mark (server/sync/pullCache.ts).
 */
describe.each(DATABASE_KINDS)('pulls shared between devices on %s', (kind) => {
  let server: TestServer;
  let viewer: string;
  let colleague: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // Another person with the viewer's grants and home location: the same permits in sight.
    await server.db.query(
      `insert into users (email, kind, first_name, last_name, site_id, permissions, preferences)
       select 'colleague@demo.test', kind, 'Cole', 'League', site_id, permissions, preferences from users where email = 'viewer@demo.test'`,
    );
    viewer = await server.employeeToken('viewer@demo.test');
    colleague = await server.employeeToken('colleague@demo.test');
    await buildPermit(server.db, { locationId: 111 });
  });
  afterAll(() => server.close());

  it('serves the same page to two people who see the same locations, their own checkpoint scope on each', async () => {
    const mine = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    const theirs = new Replica(server, colleague, 'permits', 'PermitInstanceId');
    await mine.pull();
    await theirs.pull();
    expect([...theirs.docs.keys()]).toEqual([...mine.docs.keys()]);
    // The checkpoint's scope is each person's own: one person's checkpoint is no good to the other.
    expect(theirs.checkpoint!.scope).not.toBe(mine.checkpoint!.scope);
    const borrowed = await pullOnce(server, colleague, 'permits', mine.checkpoint);
    expect(borrowed.resync).toBe(true);
  });

  it('sends a shared page compressed as each client asks, each with its own checkpoint, the same JSON as uncompressed', async () => {
    // Enough permits for a page above the compression threshold.
    for (let i = 0; i < 3; i++) await buildPermit(server.db, { locationId: 111 });
    const pull = (token: string, acceptEncoding: string) => server.request({ method: 'GET', url: '/api/sync/permits?limit=100', token, headers: { 'accept-encoding': acceptEncoding } });
    const plain = await pull(viewer, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json<Page>();
    for (const [token, acceptEncoding, encoding] of [[viewer, 'gzip, deflate, br', 'br'], [colleague, 'gzip, deflate, br', 'br'], [viewer, 'gzip, deflate', 'gzip'], [colleague, 'gzip', 'gzip']] as const) {
      const response = await pull(token, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const page = JSON.parse((encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload)).toString('utf8')) as Page;
      expect(page.documents).toEqual(expected.documents);
      expect(page.checkpoint).toEqual(token === viewer ? expected.checkpoint : { ...expected.checkpoint, scope: page.checkpoint!.scope });
      if (token === colleague) expect(page.checkpoint!.scope).not.toBe(expected.checkpoint!.scope);
    }
    // @fastify/compress's opt-out holds for a shared page too.
    const optedOut = await server.request({ method: 'GET', url: '/api/sync/permits?limit=100', token: viewer, headers: { 'accept-encoding': 'gzip, br', 'x-no-compression': '1' } });
    expect(optedOut.headers['content-encoding']).toBeUndefined();
    expect(optedOut.json<Page>()).toEqual(expected);
  });

  it('reads a page again once anything was written since, so no device misses a change', async () => {
    const mine = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    const theirs = new Replica(server, colleague, 'permits', 'PermitInstanceId');
    await Promise.all([mine.pull(), theirs.pull()]);

    const added = await buildPermit(server.db, { locationId: 112 });
    // Both at once, as devices woken by the same change event pull.
    const [a, b] = await Promise.all([mine.pull(), theirs.pull()]);
    expect(a.flatMap((p) => p.documents).map((d) => d.PermitInstanceId)).toEqual([added]);
    expect(b.flatMap((p) => p.documents).map((d) => d.PermitInstanceId)).toEqual([added]);

    await server.db.query(`update permits set state = 'APPROVED' where permit_instance_id = $1`, [added]);
    expect((await mine.pull()).flatMap((p) => p.documents).map((d) => d.State)).toEqual(['APPROVED']);
    expect((await theirs.pull()).flatMap((p) => p.documents).map((d) => d.State)).toEqual(['APPROVED']);
  });

  it('reads once for many identical pulls at the same clock mark: a row changed without a stamp stays unseen until the clock moves', async () => {
    const first = await pullOnce(server, viewer, 'permits', null, 1000);
    const [permit] = first.documents;
    // Every replicated write takes a stamp; one that does not (only a test can) shows which pulls were served from memory.
    await server.db.exec(`
      alter table permits disable trigger permits_stamp;
      update permits set asset_number = 'unstamped' where permit_instance_id = '${String(permit!.PermitInstanceId)}';
      alter table permits enable trigger permits_stamp;`);
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => pullOnce(server, i % 2 ? viewer : colleague, 'permits', null, 1000)));
    for (const page of again) expect(page.documents).toEqual(first.documents);

    await buildPermit(server.db, { locationId: 111 });
    const moved = await pullOnce(server, colleague, 'permits', null, 1000);
    expect(moved.documents.find((d) => d.PermitInstanceId === permit!.PermitInstanceId)).toMatchObject({ assetNumber: 'unstamped' });
  });

  it('reads the accounts and the clock of pulls made at once in a few statements, not two for each pull', async () => {
    // Tokens verified and the location tree read already, as on a live server.
    await Promise.all([pullOnce(server, viewer, 'permits'), pullOnce(server, colleague, 'permits')]);
    const queries = vi.spyOn(server.db, 'query');
    const transactions = vi.spyOn(server.db, 'transaction');
    try {
      const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => pullOnce(server, i % 2 ? viewer : colleague, 'permits')));
      expect(new Set(pages.map((p) => JSON.stringify(p.documents))).size).toBe(1);
      // Each the first alone, then the others asked meanwhile together: their 40 reads in two
      // statements each when the requests come in two waves, a few more when a busy machine spreads
      // them over more (5 seen at load 6); 40 without batching. The page at most once.
      expect(queries.mock.calls.length).toBeLessThanOrEqual(10);
      expect(transactions.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
    }
  });
});
