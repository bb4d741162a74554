/**
 * Measure 2: a change made on the server (through the API, as another user's device would)
 * until the RxDB query of a second, open client emits it. The client is a live replica (the
 * app's sync engine: SSE stream → pull → IndexedDB → query). Runner and page read the same
 * machine clock, so the latency is the difference of their Date.now().
 */
import { randomUUID } from 'node:crypto';
import type { BenchTab } from '../browser';
import type { BenchEnv } from '../env';
import type { ContentEdit, ReplicaPage } from '../page/api';

/** A short rest between changes, so each one is measured on its own rather than in a burst. */
const REST_MS = 150;

export async function measureLiveChanges(env: BenchEnv, tab: BenchTab<ReplicaPage>, permit: { id: string; form: string }, warmups: number, changes: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < warmups + changes; i++) {
    const edit: ContentEdit = { id: permit.id, form: permit.form, key: 'benchLiveNote', value: `change ${i} ${randomUUID()}` };
    await tab.call('watchEdit', edit);
    const before = Date.now();
    await env.session.http.api('PATCH', `/permitcontent?PermitInstanceId=${encodeURIComponent(edit.id)}`, { ops: [{ op: 'add', path: `/${edit.form}/${edit.key}`, value: edit.value }] }, { headers: { 'Idempotency-Key': randomUUID() } });
    const visible = await tab.call('watched');
    if (i >= warmups) latencies.push(visible - before);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
  }
  return latencies;
}
