import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultGasSettings } from '../../domain/gasTests/limits';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import type { ReplicatedPermit } from '../../schemas';
import { gasTests$ } from '../../src/features/gasTests/gasTestQueries';
import { recordReading, resumeWork, suspendArea, type GasWriter } from '../../src/features/gasTests/gasTestWrites';
import { gasStatus } from '../../src/features/gasTests/gasStatus';
import { startTestServer, type TestServer } from '../server/harness';
import { listen, testClient, waitFor } from './helpers';
import { openTestReplica } from './replica';

const ISSUER = 'issuer@demo.test';
const FAST = { outbox: { baseMs: 20, capMs: 100 }, stream: { baseMs: 20, capMs: 100 } };
const ID = 'demo-cs-approved';
const clean = { InstrumentId: 'MSA Altair 4XR #A-102', BumpTestDate: '2020-01-06', SamplePoint: 'Bottom', O2: 20.9, LEL: 0, H2S: 0, CO: 1, Extra: [] };

describe('gas tests in the replica', () => {
  let server: TestServer;
  let baseUrl: string;
  let token: string;
  let db: ReplicaDatabase;
  let engine: SyncEngine;

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { permits: true });
    baseUrl = await listen(server);
    token = await server.employeeToken(ISSUER);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    db = await openTestReplica();
    engine = startSync({ db, owner: ISSUER, http: testClient(fetch, baseUrl, token), backoff: FAST, online$: new BehaviorSubject(true) });
  });
  afterEach(async () => {
    await engine.stop();
    await db.remove();
  });

  it('pulls the suspended separator entry; a reading the server refuses shows in Not synced with the server’s reason; after a passing reading the issuer resumes and the server’s state arrives live; an area stop reaches its permits and not a sibling area’s', async () => {
    const held = await waitFor(async () => (await db.gastests.findOne(ID).exec()) ?? undefined, 20_000, 'the first sync of gas tests');
    expect(held.toJSON()).toMatchObject({ Suspended: true, Suspensions: [{ Cause: 'reading', Reason: expect.stringMatching(/^LEL 14 % at \d\d:\d\d \(limit below 10 %\)$/) }] });
    const permit = (await waitFor(async () => (await db.permits.findOne(ID).exec())?.toMutableJSON() as ReplicatedPermit | undefined, 20_000, 'the permit'));
    const writer: GasWriter = { db, owner: ISSUER, personnelId: 1002, name: 'Priya Raman' };
    const status = async () => gasStatus(permit, (await firstValueFrom(gasTests$(db, ISSUER, ID))).doc, defaultGasSettings(permit.SiteId), new Date());

    // A tablet whose clock runs ten minutes fast: the device cannot tell, the server refuses, and the reading is in Not synced with its reason.
    expect(await recordReading({ ...writer, now: () => new Date(Date.now() + 10 * 60_000) }, permit, await status(), clean)).toBeNull();
    const refused = await waitFor(async () => (await db.outbox.findOne({ selector: { status: 'refused' } }).exec()) ?? undefined, 10_000, 'the refusal');
    expect(refused.lastError).toMatch(/later than now on the server: check the device's clock/);
    expect((await firstValueFrom(gasTests$(db, ISSUER, ID))).doc.Readings).toHaveLength(held.Readings.length);

    const actor = { edit: true, issuer: true, locationTitle: 'Separator' };
    expect(await recordReading(writer, permit, await status(), clean)).toBeNull();
    await waitFor(async () => (await db.gastests.findOne(ID).exec())?.Readings.length === (held.Readings.length + 1), 10_000, 'the reading to arrive');
    expect(await resumeWork(writer, permit, (await firstValueFrom(gasTests$(db, ISSUER, ID))).doc, await status(), actor, 'Ventilated 20 minutes; clean at the bottom.')).toBeNull();
    await waitFor(async () => (await db.gastests.findOne(ID).exec())?.Suspended === false, 10_000, 'the resume to arrive');
    expect((await db.gastests.findOne(ID).exec())!.Suspensions.at(-1)).toMatchObject({ ResumedBy: { Name: 'Priya Raman' }, ResumeComment: 'Ventilated 20 minutes; clean at the bottom.' });

    // Suspend all work at Atmospheric Distillation: its approved hot work stops at once on the device, then on the server; the sibling area's entry goes on.
    const area = { LocationId: 111, Title: 'Atmospheric Distillation', edit: true };
    expect(await suspendArea(writer, area, [{ PermitInstanceId: 'demo-hw-approved', State: 'APPROVED', suspended: false }], 'Gas alarm at the crude column')).toBeNull();
    expect((await firstValueFrom(gasTests$(db, ISSUER, 'demo-hw-approved'))).doc.Suspended).toBe(true);
    await waitFor(async () => (await db.gastests.findOne('demo-hw-approved').exec())?.Suspensions.at(-1)?.Cause === 'area', 10_000, 'the area stop to arrive');
    expect((await db.gastests.findOne(ID).exec())!.Suspended).toBe(false);
  });
});
