import { filter, firstValueFrom, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { DEFAULT_SIMOPS_SETTINGS } from '../../domain/simops/matrix';
import type { ReplicaDatabase } from '../../replication/replica';
import type { Location, PermitDefinition } from '../../schemas';
import { updateWorkPosition } from '../../src/features/permits/permitWrites';
import { simops$, type SimopsView } from '../../src/features/simops/simopsQueries';
import { buildPermit } from '../replication/factories';
import { openTestReplica } from '../replication/replica';

const OWNER = 'issuer@demo.test';
const STAMP = '2026-05-01T08:00:00.000000Z';
const HOUR = 3_600_000;

const loc = (LocationId: number, ParentLocationId: number, plan = false): Location => ({
  LocationId, ParentLocationId, SiteId: 1, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, CurrentPlotPlan: plan ? 1 : null,
  PlotPlans: plan ? [{ Version: 1, FileName: 'p.svg', ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 }] : [],
});
const tree = buildLocationTree([loc(100, 0, true), loc(111, 100)]);

const definition: PermitDefinition = {
  PermitDefinitionId: 'def-1', LocationId: 100, EffectiveDate: STAMP, DefinitionJSONS3Key: '', Forms: {}, DateChanged: STAMP,
  DefinitionMetadataJSON: { Approvals: [], KeysList: [], CustomFieldPathList: ['validUntil=validTo'], Forms: [{ Name: 'HotWork', ContentsPath: 'HotWork', PermitType: 'HotWork' }] },
};

/** The first view that passes `test`. */
const when = (view$: Observable<SimopsView>, test: (view: SimopsView) => boolean) => firstValueFrom(view$.pipe(filter(test)));

describe('the replica’s SIMOPS clashes', () => {
  let db: ReplicaDatabase;
  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(() => db.remove());

  it('reads the permits, their forms’ validity and the site’s scale from the replica, follows a work position moved offline, and lets a clash go when its window ends', async () => {
    const now = Date.now();
    // Issued an hour ago; the form says the first is valid for 4 s more, the second for 8 hours.
    const issued = { EffectiveDate: new Date(now - HOUR).toISOString(), LocationId: 111, Latitude: 300 };
    await db.definitions.insert(definition);
    await db.permits.bulkInsert([
      buildPermit({ ...issued, PermitInstanceId: 'a', PermitInstanceReferenceId: 'HW-A', Longitude: 100, ContentJSON: { HotWork: { validTo: new Date(now + 4000).toISOString() } } }),
      buildPermit({ ...issued, PermitInstanceId: 'b', PermitInstanceReferenceId: 'HW-B', Longitude: 110, ContentJSON: { HotWork: { validTo: new Date(now + 8 * HOUR).toISOString() } } }),
    ]);
    // Bayport's calibration: 10 units are 5 m.
    await db.sitedata.insert({ id: 'setting:simops:1', type: 'setting', data: { ...DEFAULT_SIMOPS_SETTINGS, PlanScales: { 100: 0.5 } }, DateChanged: STAMP });

    const view$ = simops$(db, OWNER, tree);
    // The app's tree built again with the same places and plans: the same computation.
    expect(simops$(db, OWNER, buildLocationTree([loc(100, 0, true), loc(111, 100)]))).toBe(view$);
    const first = await when(view$, (v) => v.clashes.clashesOf('a').length > 0);
    expect(first.clashes.clashesOf('a')).toEqual([expect.objectContaining({ rule: 'review', distanceM: 5, overlap: { start: now - HOUR, end: now + 4000 } })]);
    expect(first.permits.get('b')?.PermitInstanceReferenceId).toBe('HW-B');

    // Moved 12 m away by the user (queued, not yet sent): no clash; back within 10 m: the clash again.
    await updateWorkPosition({ db, owner: OWNER }, 'b', [300, 124]);
    await when(view$, (v) => v.clashes.clashesOf('a').length === 0);
    await updateWorkPosition({ db, owner: OWNER }, 'b', [300, 104]);
    expect((await when(view$, (v) => v.clashes.clashesOf('a').length > 0)).clashes.clashesOf('b')[0]?.distanceM).toBe(2);

    // Nothing changes in the replica: the clock alone ends the first permit's window, and the clash with it.
    await when(view$, (v) => v.clashes.clashesOf('b').length === 0 && v.clashes.workOf('a') === undefined);
    expect(Date.now()).toBeGreaterThanOrEqual(now + 4000);
  });
});
