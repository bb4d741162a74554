import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { local$, type ReplicaDatabase } from '../../replication/replica';
import { buildPermit } from './factories';
import { openTestReplica } from './replica';

describe('local$', () => {
  let db: ReplicaDatabase;
  let seen: unknown[];
  let stop: () => void;

  beforeEach(async () => {
    db = await openTestReplica();
    seen = [];
    const subscription = local$<{ n: number }>(db, 'watched').subscribe((value) => seen.push(value));
    stop = () => subscription.unsubscribe();
    await vi.waitFor(() => expect(seen).toEqual([null]));
  });

  afterEach(async () => {
    stop();
    await db.remove();
  });

  it('follows the document through writes and its removal', async () => {
    await db.upsertLocal('watched', { n: 1 });
    await db.upsertLocal('watched', { n: 2 });
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }, { n: 2 }]));
    await (await db.getLocal('watched'))!.remove();
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }, { n: 2 }, null]));
  });

  it('says nothing of other local documents nor of pulled documents', async () => {
    await db.upsertLocal('other', { n: 9 });
    await db.permits.bulkUpsert([buildPermit({ PermitInstanceId: 'p1' }), buildPermit({ PermitInstanceId: 'p2' })]);
    await db.upsertLocal('watched', { n: 1 });
    await vi.waitFor(() => expect(seen).toEqual([null, { n: 1 }]));
  });

  it('starts from what was stored before the subscription', async () => {
    await db.upsertLocal('watched', { n: 5 });
    const values: unknown[] = [];
    const subscription = local$(db, 'watched').subscribe((value) => values.push(value));
    await vi.waitFor(() => expect(values).toEqual([{ n: 5 }]));
    subscription.unsubscribe();
  });
});
