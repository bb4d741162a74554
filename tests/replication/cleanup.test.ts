import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectForCleanup, type CleanupCandidates, type CleanupRules } from '../../domain/localCleanup';
import { runCleanup, setAvailableOffline } from '../../replication/cleanup';
import { appendToOutbox, DONE_RETENTION_MS } from '../../replication/outbox';
import type { ReplicaDatabase } from '../../replication/replica';
import { buildDraft, buildPermit, buildWorkOrder } from './factories';
import { openTestReplica } from './replica';

const NOW = Date.parse('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString().replace('Z', '000Z');
const noPending: CleanupRules['pending'] = () => false;
const rules = (overrides: Partial<CleanupRules> = {}): CleanupRules => ({ now: NOW, keptOffline: new Set(), pending: noPending, ...overrides });
const none: CleanupCandidates = { permits: [], workorders: [], drafts: [] };
/** The instant `days` before NOW as a wall clock `hours` ahead of UTC would write it. */
const inZone = (days: number, hours: number) => {
  const wall = new Date(NOW - days * 86_400_000 + hours * 3_600_000).toISOString().slice(0, 19);
  return `${wall}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
};

describe('what the cleanup purges', () => {
  it.each([
    ['COMPLETED', 16, true],
    ['REVOKED', 30, true],
    ['REJECTED', 16, true],
    ['COMPLETED', 14, false],
    ['APPROVED', 90, false],
    ['TIMEOUT', 90, false],
    ['DRAFT', 90, false],
  ] as const)('a %s permit created %i days ago: purged %s', (State, days, purged) => {
    const permits = [buildPermit({ PermitInstanceId: 'p', State, CreatedOn: daysAgo(days) })];
    const selection = selectForCleanup({ ...none, permits }, rules());
    expect(selection.permits).toEqual(purged ? ['p'] : []);
  });

  it('keeps a closed permit marked available offline, or with a pending change to it', () => {
    const permits = ['offline', 'edited', 'old'].map((id) => buildPermit({ PermitInstanceId: id, State: 'COMPLETED', CreatedOn: daysAgo(40) }));
    const pending: CleanupRules['pending'] = (collection, key) => collection === 'permits' && key === 'edited';
    expect(selectForCleanup({ ...none, permits }, rules({ keptOffline: new Set(['offline']), pending })).permits).toEqual(['old']);
  });

  it.each([
    [-22, true],
    [-20, false],
    [0, false],
    [6, false],
    [8, true],
  ])('a work order scheduled %i days from now: purged %s', (days, purged) => {
    const workorders = [buildWorkOrder({ workOrderNumber: 'w', scheduledStart: daysAgo(-days) })];
    expect(selectForCleanup({ ...none, workorders }, rules()).workorders).toEqual(purged ? ['w'] : []);
    expect(selectForCleanup({ ...none, workorders }, rules({ pending: (c) => c === 'workorders' })).workorders).toEqual([]);
  });

  it.each([
    [8, true],
    [6, false],
  ])('a draft last changed %i days ago: purged %s, unless a change to it is pending', (days, purged) => {
    const drafts = [buildDraft({ PermitInstanceId: 'd', LastUpdatedOn: daysAgo(days) })];
    expect(selectForCleanup({ ...none, drafts }, rules()).drafts).toEqual(purged ? ['d'] : []);
    expect(selectForCleanup({ ...none, drafts }, rules({ pending: (c) => c === 'drafts' })).drafts).toEqual([]);
  });
});

describe('the cleanup job', () => {
  let db: ReplicaDatabase;
  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(() => db.remove());

  it('purges what aged out, keeps what is pending or marked, and prunes old done entries', async () => {
    const closed = (id: string) => buildPermit({ PermitInstanceId: id, State: 'COMPLETED', CreatedOn: daysAgo(20) });
    await db.permits.bulkInsert([closed('old'), closed('pending'), closed('offline'), buildPermit({ PermitInstanceId: 'open', State: 'APPROVED', CreatedOn: daysAgo(20) })]);
    await db.workorders.bulkInsert([buildWorkOrder({ workOrderNumber: 'past', scheduledStart: daysAgo(30) }), buildWorkOrder({ workOrderNumber: 'now', scheduledStart: daysAgo(1) })]);
    await db.drafts.insert(buildDraft({ PermitInstanceId: 'stale', LastUpdatedOn: daysAgo(10) }));
    await appendToOutbox(db, 'issuer@demo.test', { method: 'POST', path: '/permitcontent', label: 'Edit', effects: [{ collection: 'permits', key: 'pending', kind: 'patch', fields: {} }] });
    const done = await appendToOutbox(db, 'issuer@demo.test', { method: 'POST', path: '/x', label: 'Old change' });
    await (await db.outbox.findOne(done.id).exec())!.incrementalPatch({ status: 'done', doneAt: NOW - DONE_RETENTION_MS - 1 });
    await setAvailableOffline(db, 'offline', true);

    const result = await runCleanup(db, NOW);
    expect(result).toMatchObject({ permits: ['old'], workorders: ['past'], drafts: ['stale'], outbox: 1 });
    expect((await db.permits.find().exec()).map((p) => p.PermitInstanceId).sort()).toEqual(['offline', 'open', 'pending']);
    expect((await db.workorders.find().exec()).map((w) => w.workOrderNumber)).toEqual(['now']);
    expect(await db.drafts.count().exec()).toBe(0);
    expect(await db.outbox.count().exec()).toBe(1);
  });

  it('reads its candidates through the indexes without missing one written in another time zone, nor taking one still inside', async () => {
    await db.permits.bulkInsert([
      buildPermit({ PermitInstanceId: 'out-east', State: 'REVOKED', CreatedOn: inZone(15.1, 14) }),
      buildPermit({ PermitInstanceId: 'out-west', State: 'REJECTED', CreatedOn: inZone(15.1, -12) }),
      buildPermit({ PermitInstanceId: 'in-east', State: 'COMPLETED', CreatedOn: inZone(14.9, 14) }),
      buildPermit({ PermitInstanceId: 'in-west', State: 'COMPLETED', CreatedOn: inZone(14.9, -12) }),
    ]);
    await db.workorders.bulkInsert([
      buildWorkOrder({ workOrderNumber: 'ahead', scheduledStart: inZone(-7.1, -12) }),
      buildWorkOrder({ workOrderNumber: 'behind', scheduledStart: inZone(21.1, 14) }),
      buildWorkOrder({ workOrderNumber: 'soon', scheduledStart: inZone(-6.9, 14) }),
      buildWorkOrder({ workOrderNumber: 'lately', scheduledStart: inZone(20.9, -12) }),
    ]);
    await db.drafts.bulkInsert([
      buildDraft({ PermitInstanceId: 'stale', LastUpdatedOn: inZone(7.1, 14) }),
      buildDraft({ PermitInstanceId: 'fresh', LastUpdatedOn: inZone(6.9, -12) }),
    ]);

    const result = await runCleanup(db, NOW);
    expect(result.permits.sort()).toEqual(['out-east', 'out-west']);
    expect(result.workorders.sort()).toEqual(['ahead', 'behind']);
    expect(result.drafts).toEqual(['stale']);
  });
});
