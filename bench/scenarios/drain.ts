/**
 * Measure 4: edits queued offline in the outbox as the edit page queues them (Yjs updates,
 * PATCH /permitcontent, over many permits), then the device goes online; the time
 * until the header's pending count is 0, and how many of the edits the server holds — read
 * back from the permits' content, each edit having set a field of its own.
 */
import type { BenchTab } from '../browser';
import type { BenchEnv } from '../env';
import type { ContentEdit, EditablePermit, ReplicaPage } from '../page/api';

export interface DrainSample {
  edits: number;
  /** From going online to an empty queue. */
  ms: number;
  /** How long appending them to the outbox took, offline. */
  queueMs: number;
  arrived: number;
  refused: number;
}

interface PermitContent {
  Content: Record<string, Record<string, unknown> | undefined>;
}

/** Edits `count` spread round-robin over `permits`, each setting its own field `${tag}_${i}`. */
function plannedEdits(permits: EditablePermit[], count: number, tag: string): ContentEdit[] {
  return Array.from({ length: count }, (_, i) => {
    const permit = permits[i % permits.length]!;
    return { id: permit.id, form: permit.form, key: `${tag}_${i}`, value: String(i) };
  });
}

async function countArrived(env: BenchEnv, edits: ContentEdit[]): Promise<number> {
  let arrived = 0;
  for (const id of new Set(edits.map((edit) => edit.id))) {
    const { Content } = await env.session.http.api<PermitContent>('GET', `/permitcontent?PermitInstanceId=${encodeURIComponent(id)}`);
    arrived += edits.filter((edit) => edit.id === id && Content[edit.form]?.[edit.key] === edit.value).length;
  }
  return arrived;
}

export async function measureDrain(env: BenchEnv, tab: BenchTab<ReplicaPage>, permits: EditablePermit[], count: number, tag: string): Promise<DrainSample> {
  const edits = plannedEdits(permits, count, tag);
  await tab.context.setOffline(true);
  await tab.page.waitForFunction(() => !navigator.onLine);
  const queueMs = await tab.call('queueEdits', env.owner, edits);
  await tab.call('watchDrain', env.owner);
  const online = Date.now();
  await tab.context.setOffline(false);
  const { at, refused } = await tab.call('drained');
  return { edits: count, ms: at - online, queueMs, arrived: await countArrived(env, edits), refused };
}
