/**
 * Many writers, one chain (issue 40): on PostgreSQL, 20 writers for 30 s — 10 through the app's
 * routes, 10 through a second connection pool as another server instance would — append to the
 * audit chain at once. Pass: every change committed (no deadlock, no failed write), one event per
 * change, ids without a gap, and verify finds the chain whole. PGlite has one connection: skipped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../server/audit/record';
import { verifyChain } from '../../server/audit/verify';
import { openDatabase, type Database } from '../../server/db/database';
import { findUserByEmail } from '../../server/users/users';
import type { TestServer } from './harness';
import { createPermit, signInCast, startPermitServer, type Cast } from './permitFactories';

const WRITERS = 20;
const SECONDS = Number(process.env.AUDIT_CONCURRENCY_SECONDS ?? 30);

describe.skipIf(!process.env.DATABASE_URL)('the audit chain under concurrent writers on postgres', () => {
  let server: TestServer;
  let other: Database;
  let as: Cast;

  beforeAll(async () => {
    server = await startPermitServer('postgres');
    other = await openDatabase({ databaseUrl: server.databaseUrl });
    as = await signInCast(server);
  }, 300_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it(`keeps one linear chain with ${WRITERS} writers for ${SECONDS} s`, async () => {
    const [{ last: start } = { last: 0 }] = await server.db.query<{ last: number }>('select coalesce(max(id), 0)::int as last from audit_log');
    // Half the writers share one permit (they contend for its row), the others have their own.
    const shared = await createPermit(server, as.admin, { submit: false });
    const own = await Promise.all(Array.from({ length: WRITERS / 2 }, () => createPermit(server, as.admin, { submit: false })));
    const admin = (await findUserByEmail(server.db, 'admin@demo.test'))!;
    const [{ last: before } = { last: 0 }] = await server.db.query<{ last: number }>('select coalesce(max(id), 0)::int as last from audit_log');
    const until = Date.now() + SECONDS * 1000;
    const failures: string[] = [];
    let changes = 0;

    const viaRoutes = async (writer: number) => {
      while (Date.now() < until) {
        const id = writer % 2 === 0 ? shared : own[writer]!;
        const response = await server.request({ method: 'POST', url: '/api/permitinstance/comment', token: as.admin, payload: { PermitInstanceId: id, Comment: `Writer ${writer}` } });
        if (response.statusCode === 201) changes++;
        else failures.push(`route writer ${writer}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    };
    const viaOtherInstance = async (writer: number) => {
      while (Date.now() < until) {
        try {
          await other.transaction(async (tx) => {
            // A change of a synced row first (the sync clock's lock, as every write takes), then its event.
            const id = writer % 2 === 0 ? shared : own[writer]!;
            await tx.query('update permits set comments = comments where permit_instance_id = $1', [id]);
            await audit(tx, admin, 'test.concurrent', { type: 'permit', id }, { writer, nonce: randomUUID() });
          });
          changes++;
        } catch (error) {
          failures.push(`instance writer ${writer}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => (i < WRITERS / 2 ? viaRoutes(i) : viaOtherInstance(i - WRITERS / 2))));

    expect(failures.slice(0, 5)).toEqual([]);
    const [{ n, last } = { n: 0, last: 0 }] = await server.db.query<{ n: number; last: number }>('select count(*)::int as n, max(id)::int as last from audit_log where id > $1', [before]);
    expect(n).toBe(changes);
    expect(last - before).toBe(changes);
    const report = await verifyChain(server.db);
    expect(report).toMatchObject({ ok: true, firstBreak: null });
    expect(report.checked).toBeGreaterThan(start);
    console.log(`${changes} changes by ${WRITERS} writers in ${SECONDS} s, one chain of ${report.checked} events, head ${report.headHash}`);
  }, (SECONDS + 120) * 1000);
});
