import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handoverPage } from '../../domain/handover/page';
import { revalidationStatus } from '../../domain/handover/revalidation';
import { defaultShiftPattern, nextShift, shiftAt } from '../../domain/handover/shifts';
import type { ReplicaDatabase } from '../../replication/replica';
import type { Handover, ReplicatedPermit } from '../../schemas';
import { handovers$, shiftPattern$ } from '../../src/features/handover/handoverQueries';
import { acknowledgeHandover, addAddendum, revalidatePermits, submitHandover, type HandoverWriter } from '../../src/features/handover/handoverWrites';
import { openTestReplica } from '../replication/replica';

const OWNER = 'admin@demo.test';
const pattern = defaultShiftPattern(1, 'America/Chicago');
const now = new Date('2026-03-10T20:00:00Z');
const page = handoverPage({
  locationId: 110, locationTitle: 'Crude Unit', locations: [110, 111], shift: shiftAt(pattern, now), next: nextShift(pattern, now), now, timeZone: pattern.TimeZone,
  permits: [{
    PermitInstanceId: 'p1', PermitInstanceReferenceId: 'HW-2026-000001', State: 'APPROVED', LocationId: 111, DateChanged: '2026-03-10T12:00:00Z', EndStateDescription: null,
    workDescription: [{ workDescription: 'Replace relief valve' }], permitReceiver: 'Carlos Mendes', workLocation: 'Heater deck', permitTypes: [{ Name: 'Hot Work' }],
    validUntil: '2026-03-11T02:00:00Z',
  }],
});
const stamp = (PersonnelId: number, Name: string, At: string) => ({ PersonnelId, Name, At, DeviceAt: At });
/** The last shift's handover as the server sent it: by Priya, not signed for. */
const pulled: Handover = {
  HandoverId: 'h-pulled', SiteId: 1, LocationId: 110, Shift: { Name: 'Night', Start: '2026-03-09T23:00:00Z', End: '2026-03-10T11:00:00Z' },
  Page: { ...page, Shift: { Name: 'Night', Start: '2026-03-09T23:00:00Z', End: '2026-03-10T11:00:00Z' } }, GeneralNotes: 'Quiet night.', ItemNotes: [],
  SubmittedBy: stamp(2, 'Priya Raman', '2026-03-10T10:50:00Z'), Addenda: [], Acknowledgement: null, DateChanged: '2026-03-10T10:50:00Z',
};

describe('shift handover on the device', () => {
  let db: ReplicaDatabase;
  const writer = (personnelId: number, name: string): HandoverWriter => ({ db, owner: OWNER, personnelId, name, now: () => now });
  const area = () => firstValueFrom(handovers$(db, OWNER, 110));
  const queued = async () => (await db.outbox.find().exec()).map((e) => e.toJSON());

  beforeEach(async () => {
    db = await openTestReplica();
    await db.handovers.insert(pulled);
  });
  afterEach(() => db.remove());

  it('hands over at once, offline: the page and its notes queued as POST /handover, shown first in the area, not signed for, until synced', async () => {
    const id = await submitHandover(writer(1, 'Alex Morgan'), page, 1, '  Walk done with the board operator. ', { 'permit:p1': ' Fire watch posted. ', 'permit:p2': '  ' });
    const [entry] = await queued();
    expect(entry).toMatchObject({ method: 'POST', path: '/handover', label: 'Hand over the Day shift at Crude Unit' });
    expect(entry!.body).toEqual({ HandoverId: id, Page: page, GeneralNotes: 'Walk done with the board operator.', ItemNotes: [{ ItemId: 'permit:p1', Note: 'Fire watch posted.' }] });

    const [mine, last] = await area();
    expect(mine).toMatchObject({ pending: true, doc: { HandoverId: id, Shift: page.Shift, Acknowledgement: null, SubmittedBy: { Name: 'Alex Morgan', At: now.toISOString() } } });
    expect(last!.doc.HandoverId).toBe('h-pulled');
    expect(await firstValueFrom(handovers$(db, OWNER, 120))).toEqual([]);
  });

  it('signs for the last handover at once, offline; refuses, queueing nothing, the one who handed over, a second signature and someone who is not an issuer of the area', async () => {
    expect(await acknowledgeHandover(writer(2, 'Priya Raman'), pulled, true)).toBe('You handed over the Night shift at Crude Unit: the incoming person acknowledges it, not the one who submitted it.');
    expect(await acknowledgeHandover(writer(3, 'Victor Okafor'), pulled, false)).toMatch(/^You do not have permission to take over Crude Unit/);
    expect(await queued()).toEqual([]);

    expect(await acknowledgeHandover(writer(1, 'Alex Morgan'), pulled, true, ' Walked the unit first. ')).toBeNull();
    const [entry] = await queued();
    expect(entry).toMatchObject({ method: 'POST', path: '/handover/acknowledge', body: { HandoverId: 'h-pulled', Comment: 'Walked the unit first.' } });
    const [signed] = await area();
    expect(signed).toMatchObject({ pending: true, doc: { Acknowledgement: { By: { Name: 'Alex Morgan', At: now.toISOString() }, Comment: 'Walked the unit first.' } } });

    expect(await acknowledgeHandover(writer(4, 'Sam Lee'), signed!.doc, true)).toMatch(/^The handover of the Night shift at Crude Unit was acknowledged by Alex Morgan at /);
    expect(await queued()).toHaveLength(1);
  });

  it('adds to a handover, never edits it: each addendum queued as POST /handover/addendum and shown under it at once, in order; a non-issuer and an empty one refused', async () => {
    expect(await addAddendum(writer(3, 'Victor Okafor'), pulled, false, 'Lighting out.')).toMatch(/^You do not have permission to add to the handovers of Crude Unit/);
    expect(await addAddendum(writer(2, 'Priya Raman'), pulled, true, '   ')).toBe('Write the addendum first.');
    expect(await queued()).toEqual([]);

    expect(await addAddendum(writer(2, 'Priya Raman'), pulled, true, ' Exchanger bay lighting is out. ')).toBeNull();
    expect(await addAddendum(writer(1, 'Alex Morgan'), (await area())[0]!.doc, true, 'Torches are in the control room.')).toBeNull();
    expect((await queued()).map((e) => [e.path, (e.body as { Text: string }).Text])).toEqual([
      ['/handover/addendum', 'Exchanger bay lighting is out.'], ['/handover/addendum', 'Torches are in the control room.'],
    ]);
    const [shown] = await area();
    expect(shown!.doc.Addenda.map((a) => `${a.By.Name}: ${a.Text}`)).toEqual(['Priya Raman: Exchanger bay lighting is out.', 'Alex Morgan: Torches are in the control room.']);
    expect(shown!.doc.GeneralNotes).toBe('Quiet night.');
  });

  it('revalidates at shift change when the site does: each permit due queued as POST /handover/revalidate and shown revalidated at once; one approved this shift, one done, and a non-issuer refused', async () => {
    const revalidating = { ...pattern, Revalidation: { Enabled: true, GraceMinutes: 30 } };
    const permit = (id: string, EffectiveDate: string) => ({ PermitInstanceId: id, PermitInstanceReferenceId: `HW-${id}`, State: 'APPROVED', LocationId: 111, EffectiveDate, History: [] }) as unknown as ReplicatedPermit;
    const before = permit('1', '2026-03-10T09:00:00Z');
    const during = permit('2', '2026-03-10T19:00:00Z');
    const alex = writer(1, 'Alex Morgan');
    expect(await revalidatePermits(alex, [before], revalidating, () => false)).toMatch(/^You do not have permission to revalidate permit HW-1/);
    expect(await revalidatePermits(alex, [during], revalidating, () => true)).toBe('Permit HW-2 needs no revalidation at this shift change.');
    expect(await queued()).toEqual([]);

    expect(await revalidatePermits(alex, [before, during], revalidating, () => true)).toBeNull();
    const [entry] = await queued();
    expect(entry).toMatchObject({ method: 'POST', path: '/handover/revalidate', body: { PermitInstanceId: '1' } });
    const patched = { ...before, History: (entry!.effects[0]!.fields as { History: ReplicatedPermit['History'] }).History };
    expect(revalidationStatus(patched, revalidating, now).kind).toBe('done');
    expect(patched.History?.[0]).toMatchObject({ ActorName: 'Alex Morgan', Action: 'permit.revalidate', Details: { Shift: 'Day', late: true } });
    expect(await revalidatePermits(alex, [patched], revalidating, () => true)).toBe('Permit HW-1 is revalidated for this shift already.');
    expect(await revalidatePermits(alex, [patched, during], revalidating, () => true)).toBe('No permit listed needs revalidation now.');
    expect(await queued()).toHaveLength(1);
  });

  it('reads the site’s shifts from its site data, else Day and Night on the zone of its gas settings', async () => {
    await db.sitedata.insert({ id: 'setting:gasTests:1', type: 'setting', data: { TimeZone: 'Europe/Amsterdam' }, DateChanged: '2026-01-01T00:00:00Z' } as never);
    expect(await firstValueFrom(shiftPattern$(db, 1))).toEqual(defaultShiftPattern(1, 'Europe/Amsterdam'));
    const shifts = { TimeZone: 'Europe/Amsterdam', Shifts: [{ Name: 'Early', Start: '07:00', End: '19:00' }, { Name: 'Late', Start: '19:00', End: '07:00' }] };
    await db.sitedata.insert({ id: 'setting:shifts:1', type: 'setting', data: shifts, DateChanged: '2026-01-01T00:00:00Z' } as never);
    expect(await firstValueFrom(shiftPattern$(db, 1))).toEqual({ ...shifts, SiteId: 1 });
  });
});
