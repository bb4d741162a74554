import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { personnelIdOf } from './syncFactories';

describe.each(DATABASE_KINDS)('Idempotency-Key on mutating routes on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let personnelId: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.employeeToken('issuer@demo.test');
    personnelId = await personnelIdOf(server.db, 'issuer@demo.test');
  });
  afterAll(() => server.close());

  const setHome = (HomeLocationId: number, key?: string, as = token) =>
    server.request({ method: 'POST', url: '/api/userpref', token: as, payload: { PersonnelId: personnelId, HomeLocationId }, headers: key ? { 'idempotency-key': key } : {} });
  const updates = async () => {
    const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'preferences.update' and personnel_id = $1`, [personnelId]);
    return row!.n;
  };

  it('replays the stored answer to a resend, without doing the change again', async () => {
    const key = randomUUID();
    const before = await updates();
    const first = await setHome(111, key);
    expect(first.statusCode).toBe(200);
    await setHome(112);
    const again = await setHome(111, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(await updates()).toBe(before + 2);
    const [row] = await server.db.query<{ preferences: { HomeLocationId: number } }>('select preferences from users where personnel_id = $1', [personnelId]);
    expect(row!.preferences.HomeLocationId).toBe(112);
  });

  it('replays a refusal too, and answers 422 to the same key on a different request', async () => {
    const key = randomUUID();
    const refused = await setHome(122, key);
    expect(refused.statusCode).toBe(400);
    expect((await setHome(122, key)).body).toBe(refused.body);
    const other = await setHome(111, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request. Send each new change with a new key.');
  });

  it('answers 429 with Retry-After (not 409, which means a conflict) while the first request is in flight, and takes over one hung for a minute', async () => {
    const key = randomUUID();
    await setHome(111, key);
    // As a request of this live server leaves it while it runs: claimed, nothing committed, no answer.
    await server.db.query('update idempotency_keys set status_code = null, body = null, committed = false where personnel_id = $1 and key = $2', [personnelId, key]);
    const busy = await setHome(111, key);
    expect(busy.statusCode).toBe(429);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(busy.json().message).toMatch(/still being processed/);
    await server.db.query(`update idempotency_keys set created_at = now() - interval '2 minutes' where key = $1`, [key]);
    const before = await updates();
    expect((await setHome(111, key)).statusCode).toBe(200);
    expect(await updates()).toBe(before + 1);
  });

  it('takes over at once a claim whose server process has gone', async () => {
    const key = randomUUID();
    await setHome(111, key);
    // A process that no longer holds its liveness lock, e.g. this server's earlier start.
    await server.db.query('update idempotency_keys set status_code = null, body = null, committed = false, process = null where personnel_id = $1 and key = $2', [personnelId, key]);
    const before = await updates();
    const resent = await setHome(111, key);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBeUndefined();
    expect(await updates()).toBe(before + 1);
  });

  it('never runs a committed change again, even when its answer was lost: the resend is a replayed success', async () => {
    const key = randomUUID();
    await setHome(111, key);
    // As the server dying between the change's commit and storing its answer leaves the key.
    await server.db.query('update idempotency_keys set status_code = null, body = null, process = null where personnel_id = $1 and key = $2', [personnelId, key]);
    const before = await updates();
    const resent = await setHome(111, key);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json().message).toBe('This change was already made (same Idempotency-Key); its first answer was lost when the server stopped.');
    expect(await updates()).toBe(before);
  });

  it('runs concurrent duplicates once', async () => {
    const key = randomUUID();
    const before = await updates();
    const answers = await Promise.all(Array.from({ length: 6 }, () => setHome(112, key)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(await updates()).toBe(before + 1);
  });

  it('keys are per user; requests without a key work as before; a malformed key is refused', async () => {
    const key = randomUUID();
    await setHome(111, key);
    const viewerId = await personnelIdOf(server.db, 'viewer@demo.test');
    const viewer = await server.employeeToken('viewer@demo.test');
    const theirs = await server.request({ method: 'POST', url: '/api/userpref', token: viewer, payload: { PersonnelId: viewerId, HomeLocationId: 111 }, headers: { 'idempotency-key': key } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    const before = await updates();
    await setHome(111);
    await setHome(111);
    expect(await updates()).toBe(before + 2);
    const bad = await setHome(111, 'x'.repeat(201));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
  });

  it('does not keep a server fault: the retry runs again', async () => {
    const key = randomUUID();
    await server.db.exec(`create or replace function fail_once() returns trigger language plpgsql as $$
      begin raise exception 'simulated fault'; end $$;
      create trigger fail_preferences before update on users for each row execute function fail_once();`);
    expect((await setHome(111, key)).statusCode).toBe(500);
    await server.db.exec('drop trigger fail_preferences on users');
    const retried = await setHome(111, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});
