/**
 * A device as the app runs it, minus the screens: its own replica and the real sync engine
 * (pulls, change stream, outbox), talking HTTP to a server through whatever is in between.
 */
import { appendToOutbox, type OutboxRequest } from '../../replication/outbox';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { readCollectionState } from '../../replication/syncState';
import type { OutboxEntry, PulledCollection } from '../../schemas';
import { testClient, waitFor } from '../replication/helpers';
import { openTestReplica } from '../replication/replica';

export const CONTRACTOR = 'contractor@demo.test';

/** Retries within a test's patience: the faults are meant to be recovered from in seconds, not minutes. */
const FAST = { outbox: { baseMs: 50, capMs: 500 }, stream: { baseMs: 50, capMs: 500 } };

export interface Device {
  db: ReplicaDatabase;
  /** Queues changes, as the screens do, whether or not the engine runs. */
  queue(...requests: OutboxRequest[]): Promise<OutboxEntry[]>;
  /** Starts the sync engine against `apiUrl` (…/api) with `token`. */
  start(apiUrl: string, token: string): void;
  /** Stops the engine; the replica and its queue stay. */
  stop(): Promise<void>;
  /** Resolves once every queued change has an answer from the server; fails if one was refused. */
  drained(timeoutMs?: number): Promise<OutboxEntry[]>;
  /** Resolves once a pull of each collection has reached the end since `after` (epoch ms, the device's clock). */
  synced(collections: PulledCollection[], after: number, timeoutMs?: number): Promise<void>;
  remove(): Promise<void>;
}

export async function openDevice(options: { owner?: string; now?: () => number } = {}): Promise<Device> {
  const owner = options.owner ?? CONTRACTOR;
  const now = options.now ?? Date.now;
  const db = await openTestReplica();
  let engine: SyncEngine | null = null;
  const device: Device = {
    db,
    async queue(...requests) {
      const entries: OutboxEntry[] = [];
      for (const request of requests) entries.push(await appendToOutbox(db, owner, request, now()));
      return entries;
    },
    start(apiUrl, token) {
      engine = startSync({ db, owner, http: testClient((url, init) => fetch(url, init), apiUrl, token), backoff: FAST, pullRetryMs: 200, now });
    },
    async stop() {
      await engine?.stop();
      engine = null;
    },
    async drained(timeoutMs = 30_000) {
      const entries = await waitFor(async () => {
        const all = (await db.outbox.find().exec()).map((doc) => doc.toMutableJSON());
        return all.every((e) => e.status !== 'pending') && all;
      }, timeoutMs, 'the outbox to drain');
      const refused = entries.filter((e) => e.status === 'refused');
      if (refused.length > 0) throw new Error(`The server refused queued changes: ${refused.map((e) => `${e.label}: ${e.lastError}`).join('; ')}`);
      return entries;
    },
    async synced(collections, after, timeoutMs = 30_000) {
      for (const collection of collections) {
        await waitFor(async () => ((await readCollectionState(db, collection)).lastSyncedAt ?? -Infinity) >= after, timeoutMs, `a pull of ${collection} to the end`);
      }
    },
    async remove() {
      await device.stop();
      await db.remove();
    },
  };
  return device;
}

/** Signs the demo contractor in over HTTP (the employees' provider is not reachable from a test). */
export async function contractorToken(serverUrl: string, email = CONTRACTOR): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EmailAddress: email, Password: 'Demo#2026' }),
  });
  if (!response.ok) throw new Error(`The sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
