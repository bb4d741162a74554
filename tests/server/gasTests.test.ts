import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaSuspension, GasSettings, PermitGasTests } from '../../schemas';
import { suspendOverdue } from '../../server/gasTests/overdue';
import { DATABASE_KINDS, type TestServer } from './harness';
import { pdfText } from './pdfText';
import { addReading, readingBody } from './gasTestFactories';
import { actOn, auditActions, createPermit, expectRefused, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe.each(DATABASE_KINDS)('gas tests on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 300_000);
  afterAll(() => server.close());

  const gasTests = async (token: string, id: string) => {
    const response = await server.request({ method: 'GET', url: `/api/gastests?PermitInstanceId=${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PermitGasTests>();
  };
  /** An APPROVED hot-work permit at Atmospheric Distillation (111): hot work needs no gate by default. */
  const approvedHotWork = async () => {
    const id = await createPermit(server, as.contractor);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    expect((await actOn(server, as.issuer, id, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED' });
    return id;
  };

  it('seeds readings: the separator entry suspended by LEL 14 % at its bottom, the hot work monitored clean', async () => {
    const cs = await gasTests(as.issuer, 'demo-cs-approved');
    expect(cs.Suspended).toBe(true);
    expect(cs.Suspensions.at(-1)).toMatchObject({ Cause: 'reading', Reason: expect.stringMatching(/^LEL 14 % at \d\d:\d\d \(limit below 10 %\)$/), ResumedBy: null });
    expect(cs.Readings.map((r) => r.SamplePoint)).toEqual(['Manway top', 'Middle', 'Bottom', 'Manway top', 'Bottom']);
    const hw = await gasTests(as.issuer, 'demo-hw-approved');
    expect([hw.Suspended, hw.Readings.length]).toEqual([false, 2]);
  });

  it('keeps readings append-only: an update or a delete is refused by the database', async () => {
    for (const sql of [`update gas_readings set reading = '{}' where reading_id = 'demo-cs-approved-gas-2'`, `delete from gas_readings where reading_id = 'demo-cs-approved-gas-2'`]) {
      await expect(server.db.query(sql)).rejects.toThrow(/gas_readings is append-only/);
    }
    await expect(server.db.query(`delete from gas_suspensions`)).rejects.toThrow(/keeps every suspension/);
  });

  it('records a reading once however often it is sent, with the device time and the server time; a correction names what it corrects', async () => {
    const id = await approvedHotWork();
    const body = readingBody(id, { TakenAt: minutesAgo(30) });
    const first = await post(server, as.issuer, '/gastests/reading', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ Reading: { ReadingId: body.ReadingId, TakenAt: expect.any(String), ReceivedAt: expect.any(String), Tester: { Name: 'Priya Raman' } }, Suspension: null });
    expect(Date.parse(first.json().Reading.ReceivedAt) - Date.parse(first.json().Reading.TakenAt)).toBeGreaterThan(29 * 60_000);
    const again = await post(server, as.issuer, '/gastests/reading', body);
    expect([again.statusCode, again.json().Reading.ReadingId]).toEqual([200, body.ReadingId]);
    await expectRefused(server, id, () => post(server, as.contractor, '/gastests/reading', body), 409, `A gas reading with id ${body.ReadingId} exists already. Record the reading with a new id.`);
    await expectRefused(server, id, () => post(server, as.issuer, '/gastests/reading', readingBody(id, { Corrects: body.ReadingId })), 400, /needs its reason/);
    await expectRefused(server, id, () => post(server, as.issuer, '/gastests/reading', readingBody(id, { TakenAt: new Date(Date.now() + 3_600_000).toISOString() })), 400, /check the device's clock/);
    await expectRefused(server, id, () => post(server, as.viewer, '/gastests/reading', readingBody(id)), 403, /needs permits.edit/);
    const fixed = await addReading(server, as.issuer, id, { Corrects: body.ReadingId, CorrectionReason: 'Wrong sample point entered', SamplePoint: 'Manway bottom', TakenAt: minutesAgo(29) });
    expect(fixed.Reading).toMatchObject({ Corrects: body.ReadingId, CorrectionReason: 'Wrong sample point entered' });
    expect((await gasTests(as.viewer, id)).Readings).toHaveLength(2);
    expect(await auditActions(server, id)).toEqual(expect.arrayContaining(['gas.reading', 'gas.reading']));
  });

  it('a failing reading suspends an APPROVED permit in its transaction; resuming needs a passing reading and then an issuer with a comment', async () => {
    const id = await approvedHotWork();
    const failing = await addReading(server, as.contractor, id, { LEL: 3, SamplePoint: 'At the cut', TakenAt: minutesAgo(10) });
    expect(failing.Suspension).toMatchObject({ Cause: 'reading', Reason: expect.stringMatching(/^LEL 3 % at \d\d:\d\d \(limit at most 1 %\)$/), ReadingId: failing.Reading.ReadingId });
    // Still APPROVED: suspension is a condition on the permit, not a state of SPEC §4.
    expect((await permitOf(server, as.viewer, id)).State).toBe('APPROVED');
    await expectRefused(server, id, () => post(server, as.issuer, '/gastests/resume', { PermitInstanceId: id, Comment: 'Ventilated' }), 409, /^Take a gas test that passes/);
    await addReading(server, as.contractor, id, { SamplePoint: 'At the cut' });
    await expectRefused(server, id, () => post(server, as.contractor, '/gastests/resume', { PermitInstanceId: id, Comment: 'Clean now' }), 403, /^Only an issuer of permit/);
    await expectRefused(server, id, () => post(server, as.issuer, '/gastests/resume', { PermitInstanceId: id, Comment: '  ' }), 400);
    const resumed = await post(server, as.issuer, '/gastests/resume', { PermitInstanceId: id, Comment: 'Ventilated 20 minutes, retested clean at the cut.' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<PermitGasTests>()).toMatchObject({ Suspended: false, Suspensions: [{ ResumedBy: { Name: 'Priya Raman' }, ResumeComment: 'Ventilated 20 minutes, retested clean at the cut.' }] });
    await expectRefused(server, id, () => post(server, as.issuer, '/gastests/resume', { PermitInstanceId: id, Comment: 'Again' }), 409, /is not suspended/);
    expect((await auditActions(server, id)).filter((a) => a.startsWith('gas.'))).toEqual(['gas.reading', 'gas.suspend', 'gas.reading', 'gas.resume']);
  });

  it('takes a failing reading and a resume resent by the outbox (same Idempotency-Key) once, answering the first answer again', async () => {
    const id = await approvedHotWork();
    const send = (url: string, payload: object, key: string) => server.request({ method: 'POST', url: `/api${url}`, token: as.issuer, payload, headers: { 'idempotency-key': key } });
    const failing = readingBody(id, { LEL: 2, TakenAt: minutesAgo(3) });
    const first = await send('/gastests/reading', failing, `reading-${failing.ReadingId}`);
    const again = await send('/gastests/reading', failing, `reading-${failing.ReadingId}`);
    expect([first.statusCode, again.statusCode, again.body]).toEqual([201, 201, first.body]);
    await addReading(server, as.issuer, id);
    const resume = { PermitInstanceId: id, Comment: 'Retested clean after ventilation.' };
    const resumed = await send('/gastests/resume', resume, `resume-${id}`);
    const resent = await send('/gastests/resume', resume, `resume-${id}`);
    expect([resumed.statusCode, resent.statusCode, resent.body]).toEqual([200, 200, resumed.body]);
    expect((await auditActions(server, id)).filter((a) => a.startsWith('gas.'))).toEqual(['gas.reading', 'gas.suspend', 'gas.reading', 'gas.resume']);
    expect((await gasTests(as.viewer, id)).Readings).toHaveLength(2);
  });

  it('suspends an overdue retest of work that needs gas tests, from the sweep, as the server', async () => {
    const id = await approvedHotWork();
    await addReading(server, as.issuer, id, { TakenAt: minutesAgo(5) });
    // Hot work needs no retest by default: nothing overdue however late.
    expect(await server.db.transaction((tx) => suspendOverdue(tx, new Date(Date.now() + 5 * 3_600_000)))).not.toContain(id);
    const cs = await createPermit(server, as.issuer, { type: 'ConfinedSpace', locationId: 112 });
    for (const name of ['AreaAuthorityPreApproval', 'PermitIssuer', 'OperationsSupervisor']) await actOn(server, as.issuer, cs, name);
    await addReading(server, as.issuer, cs, { TakenAt: minutesAgo(1) });
    expect((await actOn(server, as.admin, cs, 'Safety')).json()).toMatchObject({ State: 'APPROVED' });
    expect(await server.db.transaction((tx) => suspendOverdue(tx, new Date(Date.now() + 60 * 60_000)))).not.toContain(cs);
    expect(await server.db.transaction((tx) => suspendOverdue(tx, new Date(Date.now() + 121 * 60_000)))).toContain(cs);
    expect((await gasTests(as.viewer, cs)).Suspensions).toEqual([expect.objectContaining({ Cause: 'overdue', SuspendedBy: expect.objectContaining({ PersonnelId: null, Name: 'OpenPermit' }), Reason: expect.stringMatching(/^Gas test overdue: the retest was due at \d\d:\d\d$/) })]);
  });

  it('gates approval: a confined-space entry is approved only on a passing reading of the last 60 minutes', async () => {
    const id = await createPermit(server, as.issuer, { type: 'ConfinedSpace', locationId: 112 });
    for (const name of ['AreaAuthorityPreApproval', 'PermitIssuer', 'OperationsSupervisor']) await actOn(server, as.issuer, id, name);
    const { PermitInstanceReferenceId: ref } = await permitOf(server, as.issuer, id);
    const gate = `Permit ${ref} cannot be approved: it needs a passing gas test taken within the last 60 minutes. Test the atmosphere and record the reading first.`;
    await expectRefused(server, id, () => actOn(server, as.admin, id, 'Safety'), 409, gate);
    await addReading(server, as.issuer, id, { TakenAt: minutesAgo(61) });
    await addReading(server, as.issuer, id, { TakenAt: minutesAgo(5), O2: 19.0 });
    await expectRefused(server, id, () => actOn(server, as.admin, id, 'Safety'), 409, gate);
    expect((await permitOf(server, as.issuer, id)).State).toBe('PENDING');
    await addReading(server, as.issuer, id, { TakenAt: minutesAgo(2) });
    expect((await actOn(server, as.admin, id, 'Safety')).json()).toMatchObject({ State: 'APPROVED' });
    // The failing reading before approval did not suspend anything: there was no work to stop.
    expect((await gasTests(as.issuer, id)).Suspensions).toEqual([]);
  });

  it('suspends every open APPROVED permit under an area at once, and none of a sibling area', async () => {
    const inside = [await approvedHotWork(), await approvedHotWork()];
    const sibling = await createPermit(server, as.issuer, { locationId: 121 });
    await actOn(server, as.issuer, sibling, 'PermitIssuer');
    await actOn(server, as.issuer, sibling, 'OperationsSupervisor');
    expect((await permitOf(server, as.issuer, sibling)).State).toBe('APPROVED');
    const response = await post(server, as.issuer, '/gastests/suspendarea', { LocationId: 110, Reason: 'Gas alarm on the crude unit: all work stopped' });
    expect(response.statusCode, response.body).toBe(200);
    const area = response.json<AreaSuspension>();
    expect(area.Suspended.map((p) => p.PermitInstanceId)).toEqual(expect.arrayContaining(inside));
    expect(area.Suspended.map((p) => p.PermitInstanceId)).not.toContain(sibling);
    for (const id of inside) expect((await gasTests(as.viewer, id)).Suspensions.at(-1)).toMatchObject({ Cause: 'area', AreaLocationId: 110, Reason: 'Gas alarm on the crude unit: all work stopped' });
    expect((await gasTests(as.viewer, sibling)).Suspended).toBe(false);
    const [event] = await server.db.query<{ detail: { permits: string[] } }>(`select detail from audit_log where action = 'gas.areaSuspend' order by id desc limit 1`);
    expect(event!.detail.permits).toHaveLength(area.Suspended.length);
    // A second alarm finds them stopped already: nothing is suspended twice.
    expect((await post(server, as.issuer, '/gastests/suspendarea', { LocationId: 110, Reason: 'Second alarm' })).json<AreaSuspension>().Suspended.map((p) => p.PermitInstanceId)).not.toContain(inside[0]);
    const refused = await post(server, as.viewer, '/gastests/suspendarea', { LocationId: 110, Reason: 'Viewer cannot' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, expect.stringMatching(/needs permits.edit there/)]);
  });

  it('a failing reading racing an area stop ends in one suspension, neither an error nor a deadlock', async () => {
    const id = await approvedHotWork();
    const [reading, area] = await Promise.all([
      post(server, as.contractor, '/gastests/reading', readingBody(id, { LEL: 6, TakenAt: minutesAgo(1) })),
      post(server, as.issuer, '/gastests/suspendarea', { LocationId: 111, Reason: 'Flammable gas alarm at the burner deck' }),
    ]);
    expect([reading.statusCode, area.statusCode]).toEqual([201, 200]);
    const suspensions = (await gasTests(as.viewer, id)).Suspensions;
    expect(suspensions).toHaveLength(1);
    expect(suspensions[0]!.Cause).toBe(reading.json().Suspension ? 'reading' : 'area');
  });

  it('scopes readings like permits: out of sight reads as no permit, and the pull carries only what the user may view', async () => {
    const missing = await server.request({ method: 'GET', url: '/api/gastests?PermitInstanceId=demo-cs-approved', token: as.noaccess });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no permit demo-cs-approved.']);
    const pulled = await server.request({ method: 'GET', url: '/api/sync/gastests', token: as.issuer });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const documents = pulled.json<{ documents: PermitGasTests[] }>().documents;
    expect(documents.map((d) => d.PermitInstanceId)).toEqual(expect.arrayContaining(['demo-cs-approved', 'demo-hw-approved']));
    const none = await server.request({ method: 'GET', url: '/api/sync/gastests', token: as.noaccess });
    expect(none.json().documents).toEqual([]);
  });

  it('prints the readings with their limits and the suspension in force on the permit PDF', async () => {
    const download = await server.request({ method: 'GET', url: '/api/permitpdf?PermitInstanceId=demo-cs-approved', token: as.issuer });
    expect(download.statusCode, download.body).toBe(200);
    // One line of words, however the page wrapped it.
    const text = pdfText(new Uint8Array(download.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Gas tests and suspension');
    expect(text).toMatch(/Work suspended: LEL 14 % at \d\d:\d\d \(limit below 10 %\)/);
    expect(text).toContain('O2 19.5');
    expect(text).toMatch(/OUT OF LIMITS: LEL 14 % is above its limit \(below 10 %\)/);
    expect(text).toContain('MSA Altair 4XR #A-102');
  });

  it('site settings: read by anyone signed in, changed with forms.edit, refused when they could not judge a reading', async () => {
    const read = await server.request({ method: 'GET', url: '/api/gastests/settings?SiteId=1', token: as.contractor });
    expect(read.statusCode, read.body).toBe(200);
    const settings = read.json<GasSettings>();
    expect(settings).toMatchObject({ SiteId: 1, GateMinutes: 60, Types: expect.arrayContaining([expect.objectContaining({ PermitType: 'ConfinedSpace', Required: true, RetestMinutes: 120 })]) });
    const body = { GateMinutes: 30, TimeZone: 'America/Chicago', Types: settings.Types.map((t) => (t.PermitType === 'HotWork' ? { ...t, Required: true, RetestMinutes: 60 } : t)) };
    const put = (token: string, payload: object) => server.request({ method: 'PUT', url: '/api/gastests/settings?SiteId=1', token, payload });
    expect((await put(as.issuer, body)).statusCode).toBe(403);
    const bad = await put(as.admin, { ...body, TimeZone: 'Mars/Olympus' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringMatching(/is not a time zone/)]);
    const saved = await put(as.admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/gastests/settings?SiteId=1', token: as.viewer })).json()).toMatchObject({ GateMinutes: 30, TimeZone: 'America/Chicago' });
    const [event] = await server.db.query<{ action: string }>(`select action from audit_log where subject_type = 'settings' and subject_id = 'gasTests:1'`);
    expect(event?.action).toBe('gas.settings');
    // Devices get them with the site data, as every remote setting.
    const sitedata = await server.request({ method: 'GET', url: '/api/sync/sitedata?limit=1000', token: as.contractor });
    expect(sitedata.json<{ documents: { id: string; data: unknown }[] }>().documents.find((d) => d.id === 'setting:gasTests:1')?.data).toMatchObject({ GateMinutes: 30, TimeZone: 'America/Chicago' });
    // Put back: the other tests run on the defaults.
    expect((await put(as.admin, { ...settings, SiteId: undefined })).statusCode).toBe(200);
  });
});
