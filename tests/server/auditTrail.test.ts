/**
 * The audit trail (issue 40): the chain the seed leaves, each event's actor, subject and times,
 * a permit's field changes old → new, its history, the append-only trigger, tampering found at
 * the exact id, the export an auditor verifies outside the product, administrators only.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MADE_AT_HEADER, type PermitHistoryEvent } from '../../schemas/audit';
import { audit, SYSTEM_ACTOR } from '../../server/audit/record';
import { verifyChain } from '../../server/audit/verify';
import { DATABASE_KINDS, type TestServer } from './harness';
import { createPermit, post, signInCast, startPermitServer, type Cast } from './permitFactories';

interface Row {
  id: number;
  action: string;
  actor_name: string;
  actor_kind: string;
  personnel_id: number | null;
  subject_type: string;
  subject_id: string;
  location_id: number | null;
  device_at: Date | null;
  detail: Record<string, unknown>;
}

/** The auditor's few lines (README, Audit trail): sorted-key JSON without the hashes, SHA-256 after the previous hash. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(v);
function auditorChecks(jsonl: string): string[] {
  const problems: string[] = [];
  let previous: { id: number; hash: string } | undefined;
  for (const line of jsonl.split('\n').filter(Boolean)) {
    const { hash, prev_hash, ...event } = JSON.parse(line) as { hash: string; prev_hash: string; id: number };
    if (createHash('sha256').update(prev_hash + canonical(event)).digest('hex') !== hash) problems.push(`${event.id}: hash`);
    if (previous && previous.id + 1 === event.id && previous.hash !== prev_hash) problems.push(`${event.id}: link`);
    previous = { id: event.id, hash };
  }
  return problems;
}

const lastEvents = (server: TestServer, n = 1) =>
  server.db.query<Row>('select * from (select * from audit_log order by id desc limit $1) e order by id', [n]);

describe.each(DATABASE_KINDS)('the audit trail on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 300_000);
  afterAll(async () => server?.close());

  const verify = async () => (await server.request({ method: 'GET', url: '/api/audit/verify', token: as.admin })).json<{ ok: boolean; checked: number; firstBreak: { id: number; problem: string } | null }>();

  it('starts from the demo seed with a whole chain, and the seeded permits carry their history with their actors', async () => {
    const report = await verify();
    expect(report).toMatchObject({ ok: true, firstBreak: null });
    expect(report.checked).toBeGreaterThan(20);
    const [permit] = await server.db.query<{ history: PermitHistoryEvent[] }>(`select history from permits where permit_instance_id = 'demo-cs-revoked'`);
    expect(permit!.history.map((e) => e.Action)).toEqual(expect.arrayContaining(['permit.create', 'permit.submit', 'permit.approval.approval', 'permit.revoke']));
    expect(permit!.history[0]).toMatchObject({ ActorName: 'Alex Morgan', ActorKind: 'employee', Action: 'permit.create' });
    // Replayed at the times the seed gives them: the history reads as it happened, oldest first.
    const times = permit!.history.map((e) => Date.parse(e.At));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]!).toBeGreaterThan(20 * 3_600_000);
  });

  it('records a content edit as its fields, old → new, with the device time, and appends it to the permit history', async () => {
    const id = await createPermit(server, as.contractor, { submit: false, locationId: 111 });
    const madeAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const edit = await server.request({
      method: 'PATCH', url: `/api/permitcontent?PermitInstanceId=${id}`, token: as.contractor, headers: { [MADE_AT_HEADER]: madeAt },
      payload: { ops: [{ op: 'replace', path: '/HotWork/jobDescription', value: 'Replace gasket and bolts' }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [event] = await lastEvents(server);
    expect(event).toMatchObject({ action: 'permit.content', actor_name: 'Carlos Mendes', actor_kind: 'contractor', subject_type: 'permit', subject_id: id, location_id: 111 });
    expect(event!.device_at!.toISOString()).toBe(madeAt);
    expect(event!.detail.Changes).toEqual([{ Form: 'HotWork', Field: 'jobDescription', Old: expect.any(String), New: 'Replace gasket and bolts' }]);
    const [permit] = await server.db.query<{ history: PermitHistoryEvent[] }>('select history from permits where permit_instance_id = $1', [id]);
    expect(permit!.history.map((e) => e.Action)).toEqual(['permit.create', 'permit.content']);
    // Written by the edit's own transaction: the event's row and the permit's have the same xmin.
    const [same] = await server.db.query<{ yes: boolean }>(
      'select (select xmin from audit_log where id = $1)::text = (select xmin from permits where permit_instance_id = $2)::text as yes', [event!.id, id]);
    expect(same!.yes).toBe(true);
    expect(permit!.history[1]).toMatchObject({ DeviceAt: madeAt, ActorName: 'Carlos Mendes', ActorKind: 'contractor', Details: { Changes: event!.detail.Changes } });
  });

  it('keeps no device time that is not a plausible time, and still records the change', async () => {
    const id = await createPermit(server, as.admin, { submit: false });
    for (const header of ['yesterday', new Date(Date.now() + 3_600_000).toISOString(), '1999-12-31T23:59:59Z']) {
      const response = await post(server, as.admin, '/permitinstance/comment', { PermitInstanceId: id, Comment: `Device clock ${header}` });
      expect(response.statusCode).toBe(201);
    }
    const response = await server.request({ method: 'POST', url: '/api/permitinstance/comment', token: as.admin, headers: { [MADE_AT_HEADER]: 'not a time' }, payload: { PermitInstanceId: id, Comment: 'x y' } });
    expect(response.statusCode).toBe(201);
    expect((await lastEvents(server, 4)).map((e) => e.device_at)).toEqual([null, null, null, null]);
  });

  it('writes an event only with its change: a transaction that fails writes none, and there is none outside a transaction', async () => {
    const before = await lastEvents(server);
    await expect(server.db.transaction(async (tx) => {
      await audit(tx, SYSTEM_ACTOR, 'test.failed', { type: 'system', id: 'x' });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await lastEvents(server)).toEqual(before);
    await expect(audit(server.db, SYSTEM_ACTOR, 'test.outside', { type: 'system', id: 'x' })).rejects.toThrow(/inside a write transaction/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit_log, whoever asks', async () => {
    for (const sql of ['update audit_log set action = action where id = 1', 'delete from audit_log where id = 1', 'truncate audit_log']) {
      await expect(server.db.query(sql)).rejects.toThrow(/audit_log is append-only/);
    }
    expect((await verify()).ok).toBe(true);
  });

  it('lets administrators only verify and export', async () => {
    for (const who of ['issuer', 'viewer', 'contractor', 'noaccess'] as const) {
      for (const url of ['/api/audit/verify', `/api/audit/export?from=${today}&to=${today}`]) {
        const response = await server.request({ method: 'GET', url, token: as[who] });
        expect(response.statusCode, `${who} ${url}`).toBe(403);
        expect(response.json().message).toMatch(/Only administrators/);
      }
    }
    expect((await server.request({ method: 'GET', url: '/api/audit/verify' })).statusCode).toBe(401);
  });

  it('exports a date range and a location as JSON lines an auditor verifies with a few lines, and as CSV', async () => {
    await createPermit(server, as.admin, { locationId: 211 });
    const all = await server.request({ method: 'GET', url: `/api/audit/export?from=2000-01-01&to=${today}&format=jsonl`, token: as.admin });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = all.body.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: number; location_id: number | null });
    expect(lines.map((l) => l.id)).toEqual(lines.map((_, i) => i + 1));
    expect(auditorChecks(all.body)).toEqual([]);

    // Northfield (site 2, top location 200): its permits only, each line still checkable on its own.
    const site = await server.request({ method: 'GET', url: `/api/audit/export?from=2000-01-01&to=${today}&locationId=200`, token: as.admin });
    const siteLines = site.body.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { location_id: number });
    expect(siteLines.length).toBeGreaterThan(0);
    expect(siteLines.every((l) => l.location_id >= 200)).toBe(true);
    expect(auditorChecks(site.body)).toEqual([]);

    const csv = await server.request({ method: 'GET', url: `/api/audit/export?from=2000-01-01&to=${today}&format=csv`, token: as.admin });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toBe('id,at,device_at,actor_id,actor_name,actor_kind,action,subject_type,subject_id,location_id,details,prev_hash,hash');
    expect(rows.length).toBeGreaterThanOrEqual(lines.length);

    const none = await server.request({ method: 'GET', url: '/api/audit/export?from=1990-01-01&to=1990-01-02', token: as.admin });
    expect(none.body).toBe('');
  });

  it('refuses a bad range or location with a sentence', async () => {
    for (const [query, message] of [
      ['from=2026-02-30&to=2026-03-01', /not a calendar day/],
      ['from=2026-03-02&to=2026-03-01', /ends .* before it starts/],
      ['from=2026-03-01&to=2026-03-02&locationId=999999', /no location with id 999999/],
    ] as const) {
      const response = await server.request({ method: 'GET', url: `/api/audit/export?${query}`, token: as.admin });
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.json().message).toMatch(message);
    }
  });

  it('finds a changed, a deleted and an inserted event at the exact id (as a superuser, trigger off)', async () => {
    // Tampering needs the trigger off: only a superuser can. Each case is undone (trigger off again) before the next.
    const bypass = async (sql: string, params: unknown[] = []) => {
      await server.db.transaction(async (tx) => {
        await tx.query('alter table audit_log disable trigger user');
        await tx.query(sql, params);
        await tx.query('alter table audit_log enable trigger user');
      });
    };
    const [{ max: last } = { max: 0 }] = await server.db.query<{ max: number }>('select max(id)::int as max from audit_log');
    const target = Math.floor(last / 2);
    const [original] = await server.db.query<{ detail: unknown; action: string }>('select detail, action from audit_log where id = $1', [target]);

    await bypass(`update audit_log set action = 'permit.approve' || '' , detail = detail || '{"tampered": true}' where id = $1`, [target]);
    expect((await verifyChain(server.db)).firstBreak).toMatchObject({ id: target, problem: 'hash' });
    await bypass('update audit_log set action = $2, detail = $3 where id = $1', [target, original!.action, JSON.stringify(original!.detail)]);
    expect((await verifyChain(server.db)).ok).toBe(true);

    const [row] = await server.db.query<Record<string, unknown>>('select * from audit_log where id = $1', [target]);
    await bypass('delete from audit_log where id = $1', [target]);
    const deleted = await verifyChain(server.db);
    expect(deleted.firstBreak).toMatchObject({ id: target, problem: 'missing' });
    expect(deleted.checked).toBe(target - 1);
    const columns = Object.keys(row!);
    await bypass(`insert into audit_log (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, columns.map((c) => (c === 'detail' ? JSON.stringify(row![c]) : row![c])));
    expect((await verifyChain(server.db)).ok).toBe(true);

    // An event slipped in after the head, with a hash of its own making but not chained.
    await bypass(`insert into audit_log (id, at, action, actor_name, actor_kind, subject_type, subject_id, detail, prev_hash, hash)
                  values ($1, now(), 'permit.approve', 'Mallory', 'employee', 'permit', 'demo-cs-revoked', '{}', repeat('a', 64), repeat('b', 64))`, [last + 1]);
    expect((await verifyChain(server.db)).firstBreak).toMatchObject({ id: last + 1, problem: 'prev-hash' });
    await bypass('delete from audit_log where id = $1', [last + 1]);
    // Out of order: an id below the chain's first.
    await bypass(`insert into audit_log (id, at, action, actor_name, actor_kind, subject_type, subject_id, detail, prev_hash, hash)
                  values (0, now(), 'permit.approve', 'Mallory', 'employee', 'permit', 'demo-cs-revoked', '{}', repeat('0', 64), repeat('b', 64))`);
    expect((await verifyChain(server.db)).firstBreak).toMatchObject({ id: 0, problem: 'out-of-order' });
    await bypass('delete from audit_log where id = 0');
    expect((await verify()).ok).toBe(true);
  });
});
