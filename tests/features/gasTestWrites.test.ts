import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultGasSettings } from '../../domain/gasTests/limits';
import type { ReplicaDatabase } from '../../replication/replica';
import type { GasReading, OutboxEntry, PermitGasTests } from '../../schemas';
import { overlayGasTests } from '../../src/features/gasTests/gasTestOverlay';
import { gasTests$ } from '../../src/features/gasTests/gasTestQueries';
import { recordReading, resumeRefusal, resumeWork, suspendArea, type GasWriter, type ReadingInput } from '../../src/features/gasTests/gasTestWrites';
import { gasStatus } from '../../src/features/gasTests/gasStatus';
import { openTestReplica } from '../replication/replica';

const OWNER = 'issuer@demo.test';
const permit = { PermitInstanceId: 'cs-1', PermitInstanceReferenceId: 'CS-2026-000001', State: 'APPROVED', permitTypes: [{ Name: 'ConfinedSpace', Label: 'Confined Space' }] };
const settings = { ...defaultGasSettings(1), TimeZone: 'America/Chicago' };
const clean: ReadingInput = { InstrumentId: 'MSA Altair 4XR #A-102', BumpTestDate: '2026-11-28', SamplePoint: 'Bottom', O2: 20.9, LEL: 0, H2S: 0, CO: 1, Extra: [] };
const issuer = { edit: true, issuer: true, locationTitle: 'Separator' };

describe('gas test changes on the device', () => {
  let db: ReplicaDatabase;
  let clock = new Date('2026-11-28T16:42:00Z');
  const writer: () => GasWriter = () => ({ db, owner: OWNER, personnelId: 1002, name: 'Priya Raman', now: () => clock });
  const current = () => firstValueFrom(gasTests$(db, OWNER, permit.PermitInstanceId));
  const status = async () => gasStatus(permit, (await current()).doc, settings, clock);

  beforeEach(async () => {
    db = await openTestReplica();
    clock = new Date('2026-11-28T16:42:00Z');
  });
  afterEach(() => db.remove());

  it('a failing reading stops the work at once, in the words the server records; resuming needs a passing reading after it, then the issuer', async () => {
    expect(await recordReading(writer(), permit, await status(), { ...clean, SamplePoint: 'Manway top' })).toBeNull();
    expect((await status()).retest).toBe('Gas test due at 12:42');

    clock = new Date('2026-11-28T16:50:00Z');
    expect(await recordReading(writer(), permit, await status(), { ...clean, LEL: 14 })).toBeNull();
    const stopped = await status();
    expect(stopped.stopped).toBe('LEL 14 % at 10:50 (limit below 10 %)');
    expect((await current()).pending).toBe(true);
    expect(resumeRefusal(permit, (await current()).doc, stopped, issuer)).toMatch(/^Take a gas test that passes before resuming/);
    expect(await resumeWork(writer(), permit, (await current()).doc, stopped, issuer, 'Ventilated')).toMatch(/^Take a gas test that passes/);

    clock = new Date('2026-11-28T17:10:00Z');
    expect(await recordReading(writer(), permit, stopped, clean)).toBeNull();
    // The reading alone never restarts work.
    expect((await status()).stopped).toBe('LEL 14 % at 10:50 (limit below 10 %)');
    expect(resumeRefusal(permit, (await current()).doc, await status(), { ...issuer, issuer: false })).toMatch(/^Only an issuer of permit CS-2026-000001/);
    expect(await resumeWork(writer(), permit, (await current()).doc, await status(), issuer, '  ')).toBe('Say why the work can go on again: resuming needs a comment.');
    expect(await resumeWork(writer(), permit, (await current()).doc, await status(), issuer, 'Ventilated 20 minutes, clean at every point.')).toBeNull();
    expect((await status()).stopped).toBeNull();
    expect((await db.outbox.find().exec()).map((e) => e.path)).toEqual(['/gastests/reading', '/gastests/reading', '/gastests/reading', '/gastests/resume']);
  });

  it('refuses at once, queueing nothing: a bump test after the reading, a correction without its reason', async () => {
    expect(await recordReading(writer(), permit, await status(), { ...clean, BumpTestDate: '2026-11-29' })).toMatch(/is dated after the reading/);
    expect(await recordReading(writer(), permit, await status(), { ...clean, Corrects: 'r-1', CorrectionReason: ' ' })).toMatch(/needs its reason/);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('a correction replaces the reading it corrects in the rules: a mistyped LEL corrected no longer counts', async () => {
    await recordReading(writer(), permit, await status(), { ...clean, LEL: 40 });
    const typo = (await current()).doc.Readings[0]!;
    clock = new Date('2026-11-28T16:43:00Z');
    expect(await recordReading(writer(), permit, await status(), { ...clean, Corrects: typo.ReadingId, CorrectionReason: 'Typed 40 for 4.0' })).toBeNull();
    const body = (await db.outbox.find().exec()).at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ Corrects: typo.ReadingId, CorrectionReason: 'Typed 40 for 4.0' });
    expect((await status()).retest).toBe('Gas test due at 12:43');
  });

  it('before approval, the gate is told on the device: no passing reading in the last hour, then none once one is recorded', async () => {
    const pending = { ...permit, State: 'PENDING' };
    expect(gasStatus(pending, null, settings, clock).gate).toBe('Permit CS-2026-000001 cannot be approved: it needs a passing gas test taken within the last 60 minutes. Test the atmosphere and record the reading first.');
    await recordReading(writer(), pending, gasStatus(pending, null, settings, clock), clean);
    expect(gasStatus(pending, (await current()).doc, settings, clock)).toMatchObject({ gate: null, stopped: null, retest: null });
  });

  it('overdue on the clock alone, offline: the line counts the minutes and the work shows stopped until a passing reading', async () => {
    await recordReading(writer(), permit, await status(), clean);
    clock = new Date('2026-11-28T18:54:00Z');
    const late = await status();
    expect(late).toMatchObject({ retest: 'Gas test overdue by 12 min', overdue: true, stopped: 'Gas test overdue: the retest was due at 12:42', suspension: null });
  });

  it('Suspend all work stops the open APPROVED permits held there and leaves the rest', async () => {
    const area = { LocationId: 110, Title: 'Crude unit', edit: true };
    const held = [{ PermitInstanceId: 'cs-1', State: 'APPROVED', suspended: false }, { PermitInstanceId: 'hw-2', State: 'PENDING', suspended: false }];
    expect(await suspendArea(writer(), { ...area, edit: false }, held, 'Gas alarm')).toMatch(/needs permits.edit there/);
    expect(await suspendArea(writer(), area, held, 'Gas alarm on the crude unit')).toBeNull();
    expect((await status()).stopped).toBe('Gas alarm on the crude unit');
    expect((await firstValueFrom(gasTests$(db, OWNER, 'hw-2'))).doc.Suspended).toBe(false);
  });
});

describe('the gas tests overlay', () => {
  const reading = (id: string, at: string): GasReading => ({
    ReadingId: id, PermitInstanceId: 'p', TakenAt: at, ReceivedAt: at, Tester: { PersonnelId: 1, Name: 'A', At: at },
    InstrumentId: 'I', BumpTestDate: '2026-11-28', SamplePoint: 'Top', O2: 20.9, LEL: 0, H2S: 0, CO: 0, Extra: [], Corrects: null, CorrectionReason: null,
  });
  const pulled: PermitGasTests = { PermitInstanceId: 'p', SiteId: 1, LocationId: 1, Readings: [reading('other-device', '2026-11-28T10:05:00Z')], Suspensions: [], Suspended: false, DateChanged: 'x' };
  const entry = (seq: number, status: OutboxEntry['status'], fields: object, doneAt: number | null = null): OutboxEntry => ({
    id: `e${seq}`, owner: OWNER, seq, method: 'POST', path: '/gastests/reading', label: '', createdAt: '', status, attempts: 0, lastError: null, nextAttemptAt: 0, doneAt,
    effects: [{ collection: 'gastests', key: 'p', kind: 'patch', fields: fields as Record<string, unknown> }],
  });

  it('appends the queued readings to those pulled, once each: an offline reading never hides another device’s', () => {
    const mine = reading('mine', '2026-11-28T10:00:00Z');
    const shown = overlayGasTests([pulled], [entry(1, 'pending', { Reading: mine }), entry(2, 'done', { Reading: pulled.Readings[0] }, 50)], 10).get('p')!;
    expect(shown.doc.Readings.map((r) => r.ReadingId)).toEqual(['other-device', 'mine']);
    expect(shown.pending).toBe(true);
    // Accepted and pulled since: the pulled state alone.
    expect(overlayGasTests([pulled], [entry(1, 'done', { Reading: mine }, 5)], 10).get('p')).toEqual({ doc: pulled, pending: false });
  });
});
