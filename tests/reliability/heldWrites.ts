/**
 * Stops the server's writes at a chosen point from outside it, with PostgreSQL's own locks: the
 * server runs unchanged, and a test can kill it while a write waits. A backend the killed server
 * left waiting is then terminated, as if the process had died before sending that statement
 * (otherwise it would go on and finish it once the lock is released). PostgreSQL only: a PGlite
 * folder belongs to the server's process alone.
 */
import pg from 'pg';
import { waitFor } from '../replication/helpers';

export interface HeldWrite {
  /** Resolves once a server connection is waiting on the hold. */
  reached(timeoutMs?: number): Promise<void>;
  /** Ends the connections left waiting (their process is dead), then lets go. */
  release(): Promise<void>;
}

// Any constant the server does not use.
const ANSWER_HOLD = 727_099;

/**
 * Holds back the storing of each Idempotency-Key's answer (the update that fills in its status),
 * nothing else: the route's change and its transaction go through.
 */
export async function holdIdempotentAnswers(databaseUrl: string): Promise<HeldWrite> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`create function hold_idempotent_answer() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock(${ANSWER_HOLD}); return new; end $$`);
  await client.query(`create trigger hold_idempotent_answer before update on idempotency_keys for each row
    when (old.status_code is null and new.status_code is not null) execute function hold_idempotent_answer()`);
  await client.query('select pg_advisory_lock($1)', [ANSWER_HOLD]);
  const waiting = `select pid from pg_locks where locktype = 'advisory' and objid = ${ANSWER_HOLD} and not granted`;
  return {
    async reached(timeoutMs = 90_000) {
      await waitFor(async () => (await client.query(waiting)).rowCount! > 0, timeoutMs, 'the answer to wait on the hold');
    },
    async release() {
      await client.query(`select pg_terminate_backend(pid) from (${waiting}) w`);
      await client.query('drop trigger hold_idempotent_answer on idempotency_keys');
      await client.query('drop function hold_idempotent_answer()');
      await client.end();
    },
  };
}

/** Holds a permit's row locked, as a long transaction would: a change to the permit waits. */
export async function holdPermit(databaseUrl: string, permitId: string): Promise<HeldWrite> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // pg_stat_activity is read once per transaction and kept until it ends: asked inside the holding
  // transaction, it would answer as at its first reading for ever (a wait that began after it never shows).
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([client.connect(), watcher.connect()]);
  await client.query('begin');
  await client.query('select 1 from permits where permit_instance_id = $1 for update', [permitId]);
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const waiting = `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> ${rows[0]!.pid} and pid <> pg_backend_pid()`;
  return {
    async reached(timeoutMs = 90_000) {
      await waitFor(async () => (await watcher.query(waiting)).rowCount! > 0, timeoutMs, 'a change to wait on the permit');
    },
    async release() {
      await watcher.query(`select pg_terminate_backend(pid) from (${waiting}) w`);
      await client.query('rollback');
      await Promise.all([client.end(), watcher.end()]);
    },
  };
}
