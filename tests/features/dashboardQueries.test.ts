import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplicaDatabase } from '../../replication/replica';
import { writeCollectionState } from '../../replication/syncState';
import type { LocationMetadata } from '../../schemas';
import { valueNow } from '../../src/app/useObservable';
import { openWorkOrderCount$, permitCounts$, warmDashboardQueries } from '../../src/features/dashboard/dashboardQueries';
import { buildPermit, buildWorkOrder } from '../replication/factories';
import { openTestReplica } from '../replication/replica';

const OWNER = 'issuer@demo.test';
const SYNCED = { firstSyncDone: true, pulled: 0, expected: 0, lastSyncedAt: 1 };

const metadata = (LocationId: number, ActiveStatuses: string[]) => ({
  id: `locationmetadata:${LocationId}`,
  type: 'locationmetadata' as const,
  DateChanged: '2026-05-01T08:00:00.000000Z',
  data: {
    LocationId, PermitDefinitionId: null, InitialPermitInstanceMetadata: {}, Lists: [], WorkOrders: { AvailableStatuses: ['REL', 'CRTD', 'TECO'], ActiveStatuses },
    UsesWorkOrders: true, PrintableStates: [], MergePdfs: false, CopyEnabled: false, GasReadingsEditableWhenApproved: false,
  } satisfies LocationMetadata,
});

describe("the dashboard's counts", () => {
  let db: ReplicaDatabase;
  afterEach(async () => {
    await db.remove();
  });

  async function fill(): Promise<void> {
    db = await openTestReplica();
    await db.permits.bulkInsert([
      buildPermit({ PermitInstanceId: 'p1', State: 'PENDING' }),
      buildPermit({ PermitInstanceId: 'p2', State: 'APPROVED' }),
      buildPermit({ PermitInstanceId: 'p3', State: 'COMPLETED' }),
    ]);
    await db.workorders.bulkInsert([
      buildWorkOrder({ workOrderNumber: 'WO-1', workOrderStatus: ['REL'] }),
      buildWorkOrder({ workOrderNumber: 'WO-2', workOrderStatus: ['CRTD'] }),
      buildWorkOrder({ workOrderNumber: 'WO-3', workOrderStatus: ['TECO'] }),
    ]);
    await db.sitedata.bulkInsert([metadata(111, ['REL', 'CRTD']), metadata(112, ['REL'])]);
  }

  it('count nothing until the first sync, then the open permits, those pending and the work orders active at the home location', async () => {
    await fill();
    expect(await firstValueFrom(permitCounts$(db, OWNER))).toBeUndefined();
    expect(await firstValueFrom(openWorkOrderCount$(db, 111))).toBeUndefined();

    await writeCollectionState(db, 'permits', SYNCED);
    await writeCollectionState(db, 'workorders', SYNCED);
    expect(await firstValueFrom(permitCounts$(db, OWNER).pipe(filter(Boolean)))).toEqual({ openPermits: 2, needingApproval: 1 });
    expect(await firstValueFrom(openWorkOrderCount$(db, 111).pipe(filter((n) => n !== undefined)))).toBe(2);
    expect(await firstValueFrom(openWorkOrderCount$(db, 112).pipe(filter((n) => n !== undefined)))).toBe(1);
    // A home location without metadata has no active statuses.
    expect(await firstValueFrom(openWorkOrderCount$(db, 999).pipe(filter((n) => n !== undefined)))).toBe(0);
  });

  it('started with the replica, are there at once for the first render; not started, they come later', async () => {
    await fill();
    await writeCollectionState(db, 'permits', SYNCED);
    await writeCollectionState(db, 'workorders', SYNCED);
    expect(valueNow(permitCounts$(db, OWNER), undefined)).toBeUndefined();

    warmDashboardQueries(db, OWNER);
    await firstValueFrom(permitCounts$(db, OWNER).pipe(filter(Boolean)));
    await firstValueFrom(openWorkOrderCount$(db, 111).pipe(filter((n) => n !== undefined)));
    expect(valueNow(permitCounts$(db, OWNER), undefined)).toEqual({ openPermits: 2, needingApproval: 1 });
    expect(valueNow(openWorkOrderCount$(db, 111), undefined)).toBe(2);
  });
});
