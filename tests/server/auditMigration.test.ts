/**
 * Migration 018 on a database that already has events (issue 40): the earlier events get their
 * actor and subject, ids 1..n in their order, and are sealed into the chain at the first start;
 * the permits' histories are filled from them; verify then finds the chain whole, and new events
 * extend it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitHistoryEvent } from '../../schemas/audit';
import { audit, SYSTEM_ACTOR } from '../../server/audit/record';
import { verifyChain } from '../../server/audit/verify';
import { chainHead } from '../../server/audit/witness';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { DATABASE_KINDS, openTestDatabase } from './harness';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

describe.each(DATABASE_KINDS)('migration 018 over earlier events on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(kind));
    // The schema as it was before the audit trail: migrations up to 017, applied as migrate() does.
    await db.transaction(async (tx) => {
      await tx.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '018').sort()) {
        await tx.exec(readFileSync(join(MIGRATIONS, file), 'utf8'));
        await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      }
    });
    await db.query(`insert into locations (location_id, parent_location_id, site_id, title) values (1, 0, 1, 'Site')`);
    await db.query(`insert into users (personnel_id, email, kind, first_name, last_name, site_id) values (5, 'c@x.test', 'external', 'Carla', 'Contractor', 1)`);
    await db.query(`insert into permits (permit_instance_id, permit_definition_id, created_by, site_id, location_id) values ('p1', 'd', 5, 1, 1)`);
    // Ids with a gap (a rolled-back transaction's), times with microseconds, as the old table had them.
    await db.query(`insert into audit_log (at, personnel_id, action, detail) values
      ('2026-11-01T08:00:00.123456Z', 5, 'permit.create', '{"PermitInstanceId": "p1"}'),
      ('2026-11-01T08:05:00Z', null, 'permit.timeout', '{"PermitInstanceId": "p1", "from": "APPROVED", "to": "TIMEOUT"}')`);
    await db.query(`select nextval(pg_get_serial_sequence('audit_log', 'id'))`);
    await db.query(`insert into audit_log (personnel_id, action, detail) values (5, 'preferences.update', '{"fields": ["Filters"]}')`);
    await migrate(db);
  }, 300_000);
  afterAll(async () => drop?.());

  it('gives the earlier events their actor, subject and ids 1..n, and the permit its history', async () => {
    const rows = await db.query<{ id: number; actor_name: string; actor_kind: string; subject_type: string; subject_id: string; location_id: number | null }>(
      'select id::int, actor_name, actor_kind, subject_type, subject_id, location_id from audit_log order by id');
    expect(rows).toEqual([
      { id: 1, actor_name: 'Carla Contractor', actor_kind: 'contractor', subject_type: 'permit', subject_id: 'p1', location_id: 1 },
      { id: 2, actor_name: 'OpenPermit', actor_kind: 'system', subject_type: 'permit', subject_id: 'p1', location_id: 1 },
      { id: 3, actor_name: 'Carla Contractor', actor_kind: 'contractor', subject_type: 'user', subject_id: '5', location_id: null },
    ]);
    const [permit] = await db.query<{ history: PermitHistoryEvent[] }>(`select history from permits where permit_instance_id = 'p1'`);
    expect(permit!.history).toEqual([
      { At: '2026-11-01T08:00:00.123Z', DeviceAt: null, ActorId: 5, ActorName: 'Carla Contractor', ActorKind: 'contractor', Action: 'permit.create', Details: {} },
      { At: '2026-11-01T08:05:00.000Z', DeviceAt: null, ActorId: null, ActorName: 'OpenPermit', ActorKind: 'system', Action: 'permit.timeout', Details: { from: 'APPROVED', to: 'TIMEOUT' } },
    ]);
  });

  it('seals them into the chain at the first start, and new events extend it', async () => {
    expect((await verifyChain(db)).firstBreak).toMatchObject({ id: 1, problem: 'unsealed' });
    const head = await chainHead(db);
    expect(head.id).toBe(3);
    expect(await verifyChain(db)).toMatchObject({ ok: true, checked: 3, headHash: head.hash });
    await db.transaction((tx) => audit(tx, SYSTEM_ACTOR, 'test.after', { type: 'permit', id: 'p1' }));
    expect(await verifyChain(db)).toMatchObject({ ok: true, checked: 4 });
    const [permit] = await db.query<{ history: PermitHistoryEvent[] }>(`select history from permits where permit_instance_id = 'p1'`);
    expect(permit!.history.map((e) => e.Action)).toEqual(['permit.create', 'permit.timeout', 'test.after']);
  });
});
