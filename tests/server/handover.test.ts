import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MADE_AT_HEADER, type Handover, type HandoverPage, type SubmitHandoverBody } from '../../schemas';
import { handoverPage } from '../../domain/handover/page';
import { defaultShiftPattern, nextShift, shiftAt } from '../../domain/handover/shifts';
import { DATABASE_KINDS, type TestServer } from './harness';
import { pdfText } from './pdfText';
import { post, signInCast, startPermitServer, type Cast } from './permitFactories';

const PATTERN = defaultShiftPattern(1);

/** The page of Atmospheric Distillation (111) now, listing the demo's approved hot work. */
function page(locationId = 111): HandoverPage {
  const now = new Date();
  return handoverPage({
    locationId, locationTitle: 'as the device names it', locations: [locationId], shift: shiftAt(PATTERN, now), next: nextShift(PATTERN, now), now, timeZone: 'UTC',
    permits: [{
      PermitInstanceId: 'demo-hw-approved', PermitInstanceReferenceId: 'BAY-HW-1', State: 'APPROVED', LocationId: locationId, DateChanged: now.toISOString(), EndStateDescription: null,
      workDescription: [{ workDescription: 'Replace relief valve PSV-1012' }], permitReceiver: 'Carlos Mendes', workLocation: 'Pump bay', permitTypes: [{ Name: 'HotWork' }],
      validUntil: new Date(now.getTime() + 14 * 3_600_000).toISOString(),
    }],
  });
}

const submission = (overrides: Partial<SubmitHandoverBody> = {}): SubmitHandoverBody => ({
  HandoverId: randomUUID(), Page: page(), GeneralNotes: 'Cooling water pump P-7 is on the standby; main is tagged out.',
  ItemNotes: [{ ItemId: 'permit:demo-hw-approved', Note: 'Fire watch until 30 minutes after the last weld.' }], ...overrides,
});

describe.each(DATABASE_KINDS)('shift handover on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 300_000);
  afterAll(() => server.close());

  const refused = async (token: string, url: string, body: object, status: number, message: string | RegExp) => {
    const response = await post(server, token, url, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
  };
  const submit = async (token: string, body = submission()) => {
    const response = await post(server, token, '/handover', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Handover>();
  };
  const events = async (id: string) =>
    (await server.db.query<{ action: string }>(`select action from audit_log where subject_type = 'handover' and subject_id = $1 order by id`, [id])).map((r) => r.action);

  it('keeps a site’s shift pattern as a setting administrators edit and every device pulls', async () => {
    const shifts = await server.request({ method: 'GET', url: '/api/handover/shifts?SiteId=1', token: as.viewer });
    expect(shifts.json()).toEqual({ SiteId: 1, TimeZone: 'UTC', Shifts: [{ Name: 'Day', Start: '06:00', End: '18:00' }, { Name: 'Night', Start: '18:00', End: '06:00' }] });
    const three = { TimeZone: 'America/Chicago', Shifts: [{ Name: 'A', Start: '07:00', End: '15:00' }, { Name: 'B', Start: '15:00', End: '23:00' }, { Name: 'C', Start: '23:00', End: '07:00' }] };
    const denied = await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.issuer, payload: three });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to change the shifts of site 1: it needs forms.edit there.');
    const gap = await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: { ...three, Shifts: three.Shifts.slice(0, 2) } });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().message).toBe('The B shift ends at 23:00 but the next shift, A, starts at 07:00: each shift must end when the next begins, so that every hour of the day is in exactly one shift.');
    const together = await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: { ...three, Shifts: [{ Name: 'A', Start: '07:00', End: '07:00' }, { Name: 'B', Start: '07:00', End: '07:00' }] } });
    expect(together.statusCode).toBe(400);
    expect(together.json().message).toBe('The A and B shifts both start at 07:00: give each shift its own start time.');
    const badClock = await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: { ...three, Shifts: [{ Name: 'A', Start: '7am', End: '07:00' }] } });
    expect(badClock.statusCode).toBe(400);
    expect(badClock.json().message).toMatch(/HH:MM/);
    const saved = await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: three });
    expect(saved.statusCode, saved.body).toBe(200);
    const sitedata = await server.request({ method: 'GET', url: '/api/sync/sitedata?limit=1000', token: as.contractor });
    expect(JSON.stringify(sitedata.json().documents)).toContain('"setting:shifts:1"');
    expect(await server.db.query(`select action from audit_log where action = 'handover.shifts'`)).toHaveLength(1);
    // Back to the default for the tests that follow.
    await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: { TimeZone: 'UTC', Shifts: PATTERN.Shifts } });
  });

  it('keeps what the outgoing person handed over, once however often it is sent, with device and server time', async () => {
    const body = submission();
    const first = await server.request({ method: 'POST', url: '/api/handover', token: as.issuer, payload: body, headers: { [MADE_AT_HEADER]: '2026-01-02T03:04:05.000Z' } });
    expect(first.statusCode, first.body).toBe(201);
    const handover = first.json<Handover>();
    expect(handover).toMatchObject({
      HandoverId: body.HandoverId, SiteId: 1, LocationId: 111, GeneralNotes: body.GeneralNotes, ItemNotes: body.ItemNotes, Addenda: [], Acknowledgement: null,
      SubmittedBy: { PersonnelId: expect.any(Number), Name: 'Priya Raman', DeviceAt: '2026-01-02T03:04:05.000000Z', At: expect.stringMatching(/^\d{4}-/) },
      Shift: { Name: body.Page.Shift.Name },
    });
    // The area's name is the server's, whatever the device called it.
    expect(handover.Page.LocationTitle).not.toBe('as the device names it');
    expect(handover.Page.OpenPermits.map((p) => p.PermitInstanceId)).toEqual(['demo-hw-approved']);
    const again = await post(server, as.issuer, '/handover', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().SubmittedBy.At).toBe(handover.SubmittedBy.At);
    await refused(as.admin, '/handover', body, 409, `A handover with id ${body.HandoverId} exists already. Submit the handover under a new id.`);
    expect(await events(body.HandoverId)).toEqual(['handover.submit']);
  });

  it('lets the area’s issuers hand over, and refuses others and notes on items not on the page in words', async () => {
    await refused(as.viewer, '/handover', submission(), 403, /^You do not have permission to hand over .*: it needs permits.edit there/);
    await refused(as.noaccess, '/handover', submission(), 404, 'There is no location 111.');
    await refused(as.contractor, '/handover', submission({ Page: page(121) }), 403, /^You do not have permission to hand over/);
    await refused(as.issuer, '/handover', submission({ ItemNotes: [{ ItemId: 'permit:elsewhere', Note: 'Check the tank' }] }), 400,
      'The note “Check the tank” is on permit:elsewhere, which is not on the handover page: put it in the general notes.');
    const backwards = page();
    await refused(as.issuer, '/handover', submission({ Page: { ...backwards, Shift: { ...backwards.Shift, End: backwards.Shift.Start } } }), 400, /must end after it starts/);
    const missing = await post(server, as.issuer, '/handover', { ...submission(), Page: { ...page(), OpenPermits: undefined } });
    expect(missing.statusCode).toBe(400);
    expect(await server.db.query('select 1 from handover_records r join handovers h using (handover_id) where h.location_id = 121')).toHaveLength(0);
  });

  it('is acknowledged once, by an issuer of the area who did not submit it; corrections are addenda', async () => {
    const { HandoverId } = await submit(as.issuer);
    await refused(as.issuer, '/handover/acknowledge', { HandoverId }, 409, /^You handed over the (Day|Night) shift at .*: the incoming person acknowledges it, not the one who submitted it\.$/);
    await refused(as.viewer, '/handover/acknowledge', { HandoverId }, 403, /acknowledging a handover needs permits.edit there/);
    await refused(as.noaccess, '/handover/acknowledge', { HandoverId }, 404, `There is no handover ${HandoverId}.`);
    const signed = await post(server, as.contractor, '/handover/acknowledge', { HandoverId, Comment: 'Walked the bay first.' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<Handover>().Acknowledgement).toMatchObject({ By: { Name: 'Carlos Mendes', At: expect.any(String) }, Comment: 'Walked the bay first.' });
    const resent = await post(server, as.contractor, '/handover/acknowledge', { HandoverId, Comment: 'Walked the bay first.' });
    expect(resent.statusCode).toBe(200);
    await refused(as.admin, '/handover/acknowledge', { HandoverId }, 409, /was acknowledged by Carlos Mendes at .*: a handover is signed for once\.$/);

    const addendum = { HandoverId, AddendumId: randomUUID(), Text: 'Correction: P-7 standby pump, not P-8.' };
    const added = await post(server, as.issuer, '/handover/addendum', addendum);
    expect(added.statusCode, added.body).toBe(200);
    expect((await post(server, as.issuer, '/handover/addendum', addendum)).json<Handover>().Addenda).toHaveLength(1);
    await refused(as.viewer, '/handover/addendum', { ...addendum, AddendumId: randomUUID() }, 403, /needs permits.edit there/);
    const read = await server.request({ method: 'GET', url: `/api/handover?HandoverId=${HandoverId}`, token: as.viewer });
    expect(read.json<Handover>().Addenda.map((a) => [a.Text, a.By.Name])).toEqual([[addendum.Text, 'Priya Raman']]);
    expect((await server.request({ method: 'GET', url: `/api/handover?HandoverId=${HandoverId}`, token: as.noaccess })).statusCode).toBe(404);
    expect(await events(HandoverId)).toEqual(['handover.submit', 'handover.acknowledge', 'handover.addendum']);
  });

  it('keeps handovers append-only in the database itself', async () => {
    const { HandoverId } = await submit(as.issuer);
    await post(server, as.issuer, '/handover/addendum', { HandoverId, AddendumId: randomUUID(), Text: 'One more thing' });
    for (const sql of [
      `update handover_records set general_notes = 'rewritten' where handover_id = $1`,
      `delete from handover_records where handover_id = $1`,
      `update handover_addenda set text = 'rewritten' where handover_id = $1`,
      `delete from handover_addenda where handover_id = $1`,
      `update handovers set location_id = 121 where handover_id = $1`,
      `update handovers set deleted = true where handover_id = $1`,
      `delete from handovers where handover_id = $1`,
    ]) {
      await expect(server.db.query(sql, [HandoverId]), sql).rejects.toThrow(/append-only|keeps each handover/);
    }
    await expect(server.db.query(`insert into handover_acknowledgements (handover_id, personnel_id, acknowledged_by, comment, acknowledged_at)
      select $1, (submitted_by ->> 'PersonnelId')::int, submitted_by, '', now() from handover_records where handover_id = $1`, [HandoverId])).rejects.toThrow(/not by the person who submitted it/);
    await post(server, as.admin, '/handover/acknowledge', { HandoverId });
    await expect(server.db.query('update handover_acknowledgements set comment = $2 where handover_id = $1', [HandoverId, 'x'])).rejects.toThrow(/append-only/);
    await expect(server.db.query('truncate handover_acknowledgements cascade')).rejects.toThrow(/append-only/);
  });

  it('reaches the devices of those who view the area, restamped by each addition', async () => {
    const { HandoverId } = await submit(as.issuer);
    const pull = async (token: string) => (await server.request({ method: 'GET', url: '/api/sync/handovers?limit=1000', token })).json<{ documents: Handover[] }>().documents;
    const before = (await pull(as.viewer)).find((d) => d.HandoverId === HandoverId)!;
    expect(before.Acknowledgement).toBeNull();
    expect(await pull(as.noaccess)).toEqual([]);
    await post(server, as.admin, '/handover/acknowledge', { HandoverId });
    const after = (await pull(as.viewer)).find((d) => d.HandoverId === HandoverId)!;
    expect(after.Acknowledgement?.By.Name).toBe('Alex Morgan');
    expect(after.DateChanged > before.DateChanged).toBe(true);
  });

  it('lists an area’s handovers newest shift first, a page at a time, to those who view it', async () => {
    const base = page(112);
    const shifted = (hours: number): HandoverPage => {
      const move = (iso: string) => new Date(Date.parse(iso) - hours * 3_600_000).toISOString();
      return { ...base, Shift: { ...base.Shift, Start: move(base.Shift.Start), End: move(base.Shift.End) } };
    };
    for (const hours of [24, 0, 12]) await submit(as.issuer, submission({ Page: shifted(hours), ItemNotes: [], GeneralNotes: `${hours} hours ago` }));
    const history = async (query: string, token = as.viewer) => server.request({ method: 'GET', url: `/api/handover/history?LocationId=112${query}`, token });
    const first = (await history('&Limit=2')).json<{ Handovers: Handover[]; More: boolean }>();
    expect(first.Handovers.map((h) => h.GeneralNotes)).toEqual(['0 hours ago', '12 hours ago']);
    expect(first.More).toBe(true);
    const next = (await history(`&Limit=2&Before=${encodeURIComponent(first.Handovers[1]!.Shift.End)}`)).json<{ Handovers: Handover[]; More: boolean }>();
    expect([next.Handovers.map((h) => h.GeneralNotes), next.More]).toEqual([['24 hours ago'], false]);
    expect((await history('', as.noaccess)).json().message).toBe('There is no location 112.');
    expect((await history('&Before=yesterday')).json().message).toBe('Before must be a time (ISO 8601, e.g. 2026-01-15T12:00:00Z): yesterday is not one.');
  });

  it('revalidates an APPROVED permit at shift change when the site asks, once per shift, kept in the permit’s history', async () => {
    const revalidate = (token: string, PermitInstanceId: string) => post(server, token, '/handover/revalidate', { PermitInstanceId });
    await refused(as.issuer, '/handover/revalidate', { PermitInstanceId: 'demo-hw-approved' }, 409, /^Permits are not revalidated at shift change at this site/);
    // One shift a day that began an hour ago: the relief-valve hot work was approved before it.
    const start = new Date(Date.now() - 3_600_000).toISOString().slice(11, 16);
    const on = { TimeZone: 'UTC', Shifts: [{ Name: 'Day', Start: start, End: start }], Revalidation: { Enabled: true, GraceMinutes: 30 } };
    expect((await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: on })).statusCode).toBe(200);
    try {
      await refused(as.viewer, '/handover/revalidate', { PermitInstanceId: 'demo-hw-approved' }, 403, /^You do not have permission to revalidate permit .*: it needs permits.edit there/);
      await refused(as.noaccess, '/handover/revalidate', { PermitInstanceId: 'demo-hw-approved' }, 404, 'There is no permit demo-hw-approved.');
      await refused(as.issuer, '/handover/revalidate', { PermitInstanceId: 'demo-hw-pending' }, 409, /is PENDING: only APPROVED permits are revalidated/);
      const first = await revalidate(as.issuer, 'demo-hw-approved');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ PermitInstanceId: 'demo-hw-approved', Recorded: true, Shift: { Name: 'Day' } });
      expect((await revalidate(as.contractor, 'demo-hw-approved')).json().Recorded).toBe(false);
      const history = (await server.request({ method: 'GET', url: '/api/sync/permits?limit=1000', token: as.viewer })).json<{ documents: { PermitInstanceId: string; History: { Action: string; ActorName: string; Details: { late: boolean } }[] }[] }>()
        .documents.find((d) => d.PermitInstanceId === 'demo-hw-approved')!.History.filter((e) => e.Action === 'permit.revalidate');
      expect(history.map((e) => [e.ActorName, e.Details.late])).toEqual([['Priya Raman', true]]);
    } finally {
      await server.request({ method: 'PUT', url: '/api/handover/shifts?SiteId=1', token: as.admin, payload: { TimeZone: 'UTC', Shifts: PATTERN.Shifts } });
    }
  });

  it('prints a handover as a PDF that reads back with pdftotext', async () => {
    const { HandoverId } = await submit(as.issuer);
    await post(server, as.contractor, '/handover/acknowledge', { HandoverId });
    await post(server, as.issuer, '/handover/addendum', { HandoverId, AddendumId: randomUUID(), Text: 'Scaffold at the pump bay is tagged red until inspected.' });
    const response = await server.request({ method: 'GET', url: `/api/handover/pdf?HandoverId=${HandoverId}`, token: as.viewer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(new Uint8Array(response.rawPayload)).text.replace(/\s+/g, ' ');
    for (const expected of ['Shift handover:', 'Handed over by Priya Raman', 'Acknowledged by Carlos Mendes', 'Cooling water pump P-7', 'BAY-HW-1 APPROVED',
      'Replace relief valve PSV-1012', 'Fire watch until 30 minutes after the last weld', 'Addenda', 'Scaffold at the pump bay is tagged red']) {
      expect(text).toContain(expected);
    }
    expect((await server.request({ method: 'GET', url: `/api/handover/pdf?HandoverId=${HandoverId}`, token: as.noaccess })).statusCode).toBe(404);
  });

  it('seeds the Crude Unit’s last two handovers: one acknowledged, one waiting for the incoming person', async () => {
    const documents = (await server.request({ method: 'GET', url: '/api/sync/handovers?limit=1000', token: as.issuer })).json<{ documents: Handover[] }>().documents;
    const seeded = documents.filter((d) => d.HandoverId.startsWith('demo-handover-')).sort((a, b) => a.Shift.End.localeCompare(b.Shift.End));
    expect(seeded.map((d) => [d.HandoverId, d.LocationId, d.SubmittedBy.Name, d.Acknowledgement?.By.Name ?? null])).toEqual([
      ['demo-handover-1', 110, 'Alex Morgan', 'Priya Raman'],
      ['demo-handover-2', 110, 'Priya Raman', null],
    ]);
    expect(seeded[0]!.Shift.End).toBe(seeded[1]!.Shift.Start);
    expect(seeded[1]!.ItemNotes).toHaveLength(seeded[1]!.Page.OpenPermits.length ? 1 : 0);
  });
});
