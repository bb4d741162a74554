/**
 * The floor the replica is compared with: the same pages of GET /api/sync/permits, fetched
 * one after another as the replication does, each bulk-written into IndexedDB with Dexie
 * directly — no RxDB, no replication bookkeeping. It keeps the replica's secondary indexes,
 * so the ratio measures RxDB and the replication rather than the schema's choice of indexes.
 */
import Dexie from 'dexie';
import type { BaselinePage, BaselineResult, NetworkPull } from './api';

interface Page {
  documents: Record<string, unknown>[];
  checkpoint: unknown;
  remaining: number;
}

export async function baseline(pageSize: number): Promise<BaselineResult> {
  const dexie = new Dexie(`bench-baseline-${Date.now()}`);
  dexie.version(1).stores({ permits: 'PermitInstanceId, [State+CreatedOn]' });
  await dexie.open();
  const table = dexie.table('permits');
  let checkpoint: unknown = null;
  let fetchMs = 0;
  let writeMs = 0;
  let permits = 0;
  let bytes = 0;
  // One token for the whole sync, as the replica's session keeps its own in memory.
  const authorization = `Bearer ${await window.benchToken()}`;
  const started = performance.now();
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const sent = performance.now();
    const response = await fetch(`/api/sync/permits?${query.toString()}`, { headers: { Authorization: authorization } });
    if (!response.ok) throw new Error(`GET /api/sync/permits answered ${response.status}`);
    const text = await response.text();
    const page = JSON.parse(text) as Page;
    const received = performance.now();
    await table.bulkPut(page.documents);
    writeMs += performance.now() - received;
    fetchMs += received - sent;
    bytes += text.length;
    permits += page.documents.length;
    checkpoint = page.checkpoint;
    if (page.remaining === 0) break;
  }
  return { ms: performance.now() - started, fetchMs, writeMs, permits, bytes };
}

/**
 * The permit pages of a first sync, fetched only (no storage), as they cross the network:
 * `compressed` false asks the server not to compress them (`x-no-compression`, honoured by
 * @fastify/compress), as the server sent them before issue 13.
 */
export async function pullOverNetwork(pageSize: number, compressed: boolean): Promise<NetworkPull> {
  const authorization = `Bearer ${await window.benchToken()}`;
  const headers: Record<string, string> = compressed ? { Authorization: authorization } : { Authorization: authorization, 'x-no-compression': '1' };
  performance.clearResourceTimings();
  let checkpoint: unknown = null;
  let json = 0;
  const started = performance.now();
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await fetch(`/api/sync/permits?${query.toString()}`, { headers, cache: 'no-store' });
    if (!response.ok) throw new Error(`GET /api/sync/permits answered ${response.status}`);
    const text = await response.text();
    json += text.length;
    const page = JSON.parse(text) as Page;
    checkpoint = page.checkpoint;
    if (page.remaining === 0) break;
  }
  const ms = performance.now() - started;
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const transferred = entries.filter((e) => e.name.includes('/api/sync/permits')).reduce((sum, e) => sum + e.transferSize, 0);
  return { ms, transferred, json };
}

window.bench = { baseline, pullOverNetwork } satisfies BaselinePage;
