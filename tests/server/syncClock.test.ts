import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { CLOCK, CLOCKS } from '../../server/sync/pull';
import { DATABASE_KINDS, openTestDatabase } from './harness';

/** PostgreSQL's default jit_above_cost: a plan estimated above it is compiled before it runs. */
const JIT_ABOVE_COST = 100_000;

describe.each(DATABASE_KINDS)('the clock every pull reads, on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(kind));
    await migrate(db);
  });
  afterAll(() => drop());

  // Every pull reads it, 200 devices at once after each edit: compiling it each time cost more than running it.
  it('is planned far below the cost at which PostgreSQL JIT-compiles a query, on tables never analyzed', async () => {
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] | string }>(`explain (format json) ${CLOCK}`, ['2026-11-26T08:00:00.123456Z', '2026-11-26T07:00:00Z']);
    const plan = row!['QUERY PLAN'];
    const cost = (typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Total Cost': number } }]) : plan)[0].Plan['Total Cost'];
    expect(cost).toBeLessThan(JIT_ABOVE_COST / 100);
  });

  it('reads it for many pulls in one statement, each with its own checkpoint, in their order, as cheaply', async () => {
    const dates = ['2026-11-26T09:00:00.1+01:00', null, '2026-11-26T08:00:00.000002Z'];
    const rows = await db.query<Record<string, unknown>>(CLOCKS, [dates, [null, null, '2026-11-26T07:00:00Z']]);
    expect(rows.map((r) => [r.date, r.since])).toEqual([
      ['2026-11-26T08:00:00.100000Z', null],
      [null, null],
      ['2026-11-26T08:00:00.000002Z', '2026-11-26T07:00:00.000000Z'],
    ]);
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] | string }>(`explain (format json) ${CLOCKS}`, [dates, dates]);
    const plan = row!['QUERY PLAN'];
    expect((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Total Cost': number } }]) : plan)[0].Plan['Total Cost']).toBeLessThan(JIT_ABOVE_COST / 100);
  });

  it.runIf(kind === 'postgres')('runs with JIT off on PostgreSQL, whatever any other plan is estimated at', async () => {
    expect(await db.query('show jit')).toEqual([{ jit: 'off' }]);
  });

  it('reads the clock, the horizon and the checkpoint in the server spelling', async () => {
    const [clock] = await db.query<Record<string, unknown>>(CLOCK, ['2026-11-26T09:00:00.1+01:00', null]);
    expect(clock).toEqual({ high_water: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/), horizon: null, locations: null, date: '2026-11-26T08:00:00.100000Z', since: null, expired: false });
  });
});
