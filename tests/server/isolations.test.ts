import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MADE_AT_HEADER, type IsolationCertificate } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { pdfText, qrOnFirstPage } from './pdfText';
import { createCertificate, isolationBody, steps, toVerified } from './isolationFactories';
import { actOn, approvalsOf, auditActions, createPermit, expectRefused, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';

const APPLY = (id: string, PointId: string) => ({ IsolationCertificateId: id, PointId, Action: 'apply' });

describe.each(DATABASE_KINDS)('isolation certificates on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 300_000);
  afterAll(() => server.close());

  const get = (token: string, id: string) => server.request({ method: 'GET', url: `/api/isolations?IsolationCertificateId=${id}`, token });
  const refused = async (token: string, url: string, body: object, status: number, message: string | RegExp) => {
    const response = await post(server, token, url, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
  };
  const events = async (id: string) =>
    (await server.db.query<{ action: string }>(`select action from audit_log where subject_type = 'isolation' and subject_id = $1 order by id`, [id])).map((r) => r.action);

  it('seeds certificates a new user sees: one VERIFIED under the approved hot work, one PLANNED, one DE-ISOLATED after its permit completed', async () => {
    const seeded = await server.request({ method: 'GET', url: '/api/sync/isolations', token: as.issuer });
    const documents = seeded.json<{ documents: IsolationCertificate[] }>().documents;
    expect(documents.map((d) => [d.IsolationCertificateId, d.State, d.Permits.map((p) => `${p.PermitInstanceId} ${p.State}`)])).toEqual(expect.arrayContaining([
      ['demo-ic-p101', 'VERIFIED', ['demo-hw-approved APPROVED']],
      ['demo-ic-e104', 'PLANNED', []],
      ['demo-ic-p101a', 'DE-ISOLATED', ['demo-cw-completed COMPLETED']],
    ]));
    const p101 = documents.find((d) => d.IsolationCertificateId === 'demo-ic-p101')!;
    expect(p101.Points.every((p) => p.IsolatedBy && p.VerifiedBy && p.IsolatedBy.PersonnelId !== p.VerifiedBy.PersonnelId)).toBe(true);
  });

  it('numbers a certificate IC-YYYY-NNNNNN as it arrives, once however often it is sent', async () => {
    const body = isolationBody();
    const first = await post(server, as.contractor, '/isolations', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      IsolationCertificateId: body.IsolationCertificateId, ReferenceId: expect.stringMatching(new RegExp(`^IC-${new Date().getUTCFullYear()}-\\d{6}$`)),
      State: 'PLANNED', SiteId: 1, LocationId: 111, Permits: [], ZeroEnergyTest: null,
      Points: [expect.objectContaining({ Tag: 'MCC-3-B12', IsolatedBy: null, VerifiedBy: null, RemovedBy: null }), expect.anything(), expect.anything()],
      Steps: [{ State: 'PLANNED', By: expect.objectContaining({ Name: 'Carlos Mendes' }) }],
    });
    const again = await post(server, as.contractor, '/isolations', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().ReferenceId).toBe(first.json().ReferenceId);
    await refused(as.issuer, '/isolations', body, 409, `An isolation certificate with id ${body.IsolationCertificateId} exists already. Create a new certificate with a new id.`);
    const next = await createCertificate(server, as.contractor);
    expect(Number(next.ReferenceId.slice(-6))).toBe(Number(first.json().ReferenceId.slice(-6)) + 1);
    expect(await events(body.IsolationCertificateId)).toEqual(['isolation.create']);
  });

  it('goes PLANNED → ISOLATED → VERIFIED → DE-ISOLATION REQUESTED → DE-ISOLATED, each step with who and when, two people for each point', async () => {
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    await steps(server, [[as.contractor, '/isolations/point', APPLY(id, 'p1')], [as.contractor, '/isolations/point', APPLY(id, 'p2')]]);
    await refused(as.contractor, '/isolations/step', { IsolationCertificateId: id, Action: 'isolate' }, 409,
      `Apply every point before marking isolation certificate ${ref} ISOLATED: 10-XV-1013 is not applied yet.`);
    await steps(server, [[as.contractor, '/isolations/point', APPLY(id, 'p3')], [as.contractor, '/isolations/step', { IsolationCertificateId: id, Action: 'isolate' }]]);
    await refused(as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p1', Action: 'verify' }, 409, 'You applied point MCC-3-B12: another person must verify it (two-person rule).');
    for (const p of ['p1', 'p2', 'p3']) await steps(server, [[as.issuer, '/isolations/point', { IsolationCertificateId: id, PointId: p, Action: 'verify' }]]);
    await refused(as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'verify' }, 409, /^Record the zero-energy test before marking isolation certificate/);
    await steps(server, [[as.issuer, '/isolations/zeroenergy', { IsolationCertificateId: id, Result: 'No rotation on start; 0 V.' }]]);
    const verified = await steps(server, [[as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'verify' }]]);
    expect(verified.State).toBe('VERIFIED');
    expect(verified.Points.every((p) => p.IsolatedBy?.Name === 'Carlos Mendes' && p.VerifiedBy?.Name === 'Priya Raman' && p.VerifiedBy.At >= p.IsolatedBy.At)).toBe(true);
    await refused(as.issuer, '/isolations/point', { IsolationCertificateId: id, PointId: 'p1', Action: 'remove' }, 409, `Isolation certificate ${ref} is VERIFIED: points are removed only while it is DE-ISOLATION REQUESTED.`);
    const done = await steps(server, [
      [as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'requestDeisolation' }],
      ...['p1', 'p2', 'p3'].map((p) => [as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: p, Action: 'remove' }] as [string, string, object]),
      [as.contractor, '/isolations/step', { IsolationCertificateId: id, Action: 'deisolate' }],
    ]);
    expect(done.Steps.map((s) => s.State)).toEqual(['PLANNED', 'ISOLATED', 'VERIFIED', 'DE-ISOLATION REQUESTED', 'DE-ISOLATED']);
    expect(done.Steps.every((s) => s.By.At && s.By.PersonnelId)).toBe(true);
    expect(await events(id)).toEqual([
      'isolation.create', 'isolation.point.apply', 'isolation.point.apply', 'isolation.point.apply', 'isolation.isolate',
      'isolation.point.verify', 'isolation.point.verify', 'isolation.point.verify', 'isolation.zeroenergy', 'isolation.verify',
      'isolation.requestDeisolation', 'isolation.point.remove', 'isolation.point.remove', 'isolation.point.remove', 'isolation.deisolate',
    ]);
  });

  it('takes a step resent by the outbox (same Idempotency-Key) once, answering the first answer again', async () => {
    const { IsolationCertificateId: id } = await createCertificate(server, as.contractor);
    const send = () => server.request({ method: 'POST', url: '/api/isolations/point', token: as.contractor, payload: APPLY(id, 'p1'), headers: { 'idempotency-key': `apply-${id}` } });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    expect(await events(id)).toEqual(['isolation.create', 'isolation.point.apply']);
  });

  it('records the device’s time of a step beside the server’s', async () => {
    const { IsolationCertificateId: id } = await createCertificate(server, as.contractor);
    const response = await server.request({ method: 'POST', url: '/api/isolations/point', token: as.contractor, payload: APPLY(id, 'p1'), headers: { [MADE_AT_HEADER]: '2026-01-02T03:04:05.000Z' } });
    expect(response.statusCode, response.body).toBe(200);
    const point = response.json<IsolationCertificate>().Points[0]!;
    expect(point.IsolatedBy).toMatchObject({ DeviceAt: '2026-01-02T03:04:05.000Z', At: expect.stringMatching(/^\d{4}-/) });
    expect(point.IsolatedBy!.At).not.toBe(point.IsolatedBy!.DeviceAt);
  });

  it('edits the plan only while PLANNED and before any lock is on; cancels only then', async () => {
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    const edited = await server.request({ method: 'PUT', url: '/api/isolations', token: as.contractor, payload: { IsolationCertificateId: id, Equipment: '10-P-101B Crude charge pump B', Points: isolationBody().Points.slice(0, 2) } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ Equipment: '10-P-101B Crude charge pump B', Points: [expect.objectContaining({ PointId: 'p1' }), expect.objectContaining({ PointId: 'p2' })] });
    const twins = await server.request({ method: 'PUT', url: '/api/isolations', token: as.contractor, payload: { IsolationCertificateId: id, Points: [isolationBody().Points[0], isolationBody().Points[0]] } });
    expect(twins.statusCode).toBe(400);
    expect(twins.json().message).toBe('Two points share the id p1: give every point its own id.');
    await steps(server, [[as.contractor, '/isolations/point', APPLY(id, 'p1')]]);
    const late = await server.request({ method: 'PUT', url: '/api/isolations', token: as.contractor, payload: { IsolationCertificateId: id, Equipment: 'Another pump' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(`Point MCC-3-B12 of isolation certificate ${ref} is applied already`);
    await refused(as.contractor, '/isolations/step', { IsolationCertificateId: id, Action: 'cancel' }, 409, `Isolation certificate ${ref} cannot be cancelled: MCC-3-B12 is applied.`);
    const other = await createCertificate(server, as.contractor);
    expect((await steps(server, [[as.contractor, '/isolations/step', { IsolationCertificateId: other.IsolationCertificateId, Action: 'cancel' }]])).State).toBe('CANCELLED');
    await refused(as.contractor, '/isolations/step', { IsolationCertificateId: other.IsolationCertificateId, Action: 'isolate' }, 409, `Isolation certificate ${other.ReferenceId} is CANCELLED: only a PLANNED certificate can be marked ISOLATED.`);
    await refused(as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p9', Action: 'apply' }, 400, `Isolation certificate ${ref} has no point p9.`);
  });

  it('interlocks with permits: no approval before VERIFIED, no removal while the permit is open, no dropping once approved', async () => {
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    const permitId = await createPermit(server, as.contractor);
    const permitRef = (await permitOf(server, as.contractor, permitId)).PermitInstanceReferenceId;
    const linked = await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    expect(linked.Permits).toEqual([expect.objectContaining({ PermitInstanceId: permitId, PermitInstanceReferenceId: permitRef, State: 'PENDING' })]);

    expect((await actOn(server, as.issuer, permitId, 'PermitIssuer')).statusCode).toBe(200);
    const early = await actOn(server, as.issuer, permitId, 'OperationsSupervisor');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Permit ${permitRef} cannot be approved: isolation certificate ${ref} (PLANNED) is not VERIFIED. Verify every isolation the permit relies on first.`);
    expect((await permitOf(server, as.issuer, permitId)).State).toBe('PENDING');

    await toVerified(server, id, as.contractor, as.issuer);
    expect((await actOn(server, as.issuer, permitId, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED' });

    await refused(as.contractor, '/isolations/unlink', { IsolationCertificateId: id, PermitInstanceId: permitId }, 409,
      `Permit ${permitRef} is APPROVED and was approved relying on isolation certificate ${ref}: it cannot drop it. A change of isolations needs a new certificate and a new approval.`);
    const another = await createCertificate(server, as.contractor);
    await refused(as.contractor, '/isolations/link', { IsolationCertificateId: another.IsolationCertificateId, PermitInstanceId: permitId }, 409, new RegExp(`^Permit ${permitRef} is APPROVED: its isolations were fixed when it was approved`));

    await steps(server, [[as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'requestDeisolation' }]]);
    const blocked = `Permit ${permitRef} (APPROVED) is still open and relies on this isolation: isolation certificate ${ref} cannot have a point removed until it is completed, rejected or revoked.`;
    await refused(as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p1', Action: 'remove' }, 409, blocked);
    expect((await post(server, as.issuer, '/permitinstance/revoke', { PermitInstanceIds: [permitId], reason: 'Work stopped' })).statusCode).toBe(200);
    const pulled = await get(as.issuer, id);
    expect(pulled.json().Permits).toEqual([expect.objectContaining({ PermitInstanceId: permitId, State: 'REVOKED' })]);
    const done = await steps(server, [
      ...['p1', 'p2', 'p3'].map((p) => [as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: p, Action: 'remove' }] as [string, string, object]),
      [as.contractor, '/isolations/step', { IsolationCertificateId: id, Action: 'deisolate' }],
    ]);
    expect(done.State).toBe('DE-ISOLATED');
    const fresh = await createPermit(server, as.contractor, { submit: false });
    await refused(as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: fresh }, 409, `Isolation certificate ${ref} is DE-ISOLATED: a permit can only rely on an isolation that is planned or in place.`);
    expect(await events(id)).toEqual(expect.arrayContaining(['isolation.link']));
  });

  it('refuses removing a point while even a DRAFT naming the certificate is open, and lets a permit drop one before approval', async () => {
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    const permitId = await createPermit(server, as.contractor, { submit: false });
    const permitRef = (await permitOf(server, as.contractor, permitId)).PermitInstanceReferenceId;
    await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    // Linking twice changes nothing and records nothing.
    await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    await toVerified(server, id, as.contractor, as.issuer);
    await steps(server, [
      [as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'requestDeisolation' }],
    ]);
    // A DRAFT is open too (SPEC §4).
    const message = `Permit ${permitRef} (DRAFT) is still open and relies on this isolation: isolation certificate ${ref} cannot have a point removed until it is completed, rejected or revoked.`;
    await refused(as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p2', Action: 'remove' }, 409, message);
    const unlinked = await steps(server, [[as.contractor, '/isolations/unlink', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    expect(unlinked.Permits).toEqual([]);
    await refused(as.contractor, '/isolations/unlink', { IsolationCertificateId: id, PermitInstanceId: permitId }, 409, `Permit ${permitRef} does not name isolation certificate ${ref}.`);
    expect((await events(id)).filter((e) => e.startsWith('isolation.link') || e === 'isolation.unlink')).toEqual(['isolation.link', 'isolation.unlink']);
  });

  it('keeps the safe state when an approval and a de-isolation request race, and two people verify one point at once', async () => {
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    const permitId = await createPermit(server, as.contractor);
    await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    await toVerified(server, id, as.contractor, as.issuer);
    expect((await actOn(server, as.issuer, permitId, 'PermitIssuer')).statusCode).toBe(200);
    const [approval, request] = await Promise.all([
      actOn(server, as.issuer, permitId, 'OperationsSupervisor'),
      post(server, as.admin, '/isolations/step', { IsolationCertificateId: id, Action: 'requestDeisolation' }),
    ]);
    expect(request.statusCode, request.body).toBe(200);
    const state = (await permitOf(server, as.issuer, permitId)).State;
    // Whichever came first, no lock comes off under the permit while it is open.
    expect([approval.statusCode, state]).toEqual(state === 'APPROVED' ? [200, 'APPROVED'] : [409, 'PENDING']);
    const removal = await post(server, as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p1', Action: 'remove' });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toContain(`isolation certificate ${ref} cannot have a point removed`);
    // The permit closing while a point is removed: the removal waits for nothing the permit holds, and is refused or allowed, never an error.
    const ending = state === 'APPROVED' ? ['/permitinstance/revoke', { PermitInstanceIds: [permitId], reason: 'Work stopped' }] as const : ['/permitinstance/reject', { PermitInstanceId: permitId, reason: 'Scope unclear' }] as const;
    const [closed, removed] = await Promise.all([
      post(server, as.issuer, ending[0], ending[1]),
      post(server, as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p2', Action: 'remove' }),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect([200, 409]).toContain(removed.statusCode);
    expect((await steps(server, [[as.contractor, '/isolations/point', { IsolationCertificateId: id, PointId: 'p1', Action: 'remove' }]])).Permits[0]!.State).toMatch(/^(REVOKED|REJECTED)$/);

    const other = await createCertificate(server, as.contractor);
    await steps(server, [...['p1', 'p2', 'p3'].map((p) => [as.contractor, '/isolations/point', APPLY(other.IsolationCertificateId, p)] as [string, string, object]),
      [as.contractor, '/isolations/step', { IsolationCertificateId: other.IsolationCertificateId, Action: 'isolate' }]]);
    const verify = { IsolationCertificateId: other.IsolationCertificateId, PointId: 'p1', Action: 'verify' };
    const both = await Promise.all([post(server, as.issuer, '/isolations/point', verify), post(server, as.admin, '/isolations/point', verify)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toMatch(/^Point MCC-3-B12 was verified already by /);
  });

  it('applies an approval only on the isolations its device saw: a link refused before it leaves it refused, not approved on none', async () => {
    const approve = async (id: string, name: string, basis?: string[]) => {
      const record = (await approvalsOf(server, as.issuer, id)).Approvals.find((a) => a.ApprovalName === name)!;
      return post(server, as.issuer, '/permitinstance/approval', { PermitInstanceId: id, PermitApprovalId: record.PermitApprovalId, Action: 'Approval', ...(basis ? { IsolationCertificateIds: basis } : {}) });
    };
    const { IsolationCertificateId: id, ReferenceId: ref } = await createCertificate(server, as.contractor);
    await toVerified(server, id, as.contractor, as.issuer);
    // Device B, offline, named the certificate and approved on it; device A's de-isolation request reached the server first, so B's link was refused.
    const permitId = await createPermit(server, as.contractor);
    const permitRef = (await permitOf(server, as.issuer, permitId)).PermitInstanceReferenceId;
    await steps(server, [[as.issuer, '/isolations/step', { IsolationCertificateId: id, Action: 'requestDeisolation' }]]);
    await refused(as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }, 409, new RegExp(`^Isolation certificate ${ref} is DE-ISOLATION REQUESTED`));
    await expectRefused(server, permitId, () => approve(permitId, 'PermitIssuer', [id]), 409,
      `This approval of permit ${permitRef} relied on isolation certificate ${ref}, which the permit no longer names: it was not applied. Check the isolations the permit relies on now and approve it again if they are right.`);
    const twice = await post(server, as.issuer, '/permitinstance/approval', { PermitInstanceId: permitId, PermitApprovalId: 'x', Action: 'Approval', IsolationCertificateIds: [id, id] });
    expect([twice.statusCode, twice.json().message]).toEqual([400, expect.stringMatching(/IsolationCertificateIds/)]);
    // Approved again on what the permit names now (nothing), it goes through.
    expect((await approve(permitId, 'PermitIssuer', [])).statusCode).toBe(200);
    expect((await approve(permitId, 'OperationsSupervisor', [])).json()).toMatchObject({ State: 'APPROVED' });

    // The other way round: a certificate named since the approver looked is one the approval did not see.
    const other = await createCertificate(server, as.contractor);
    await toVerified(server, other.IsolationCertificateId, as.contractor, as.issuer);
    const named = await createPermit(server, as.contractor);
    const namedRef = (await permitOf(server, as.issuer, named)).PermitInstanceReferenceId;
    await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: other.IsolationCertificateId, PermitInstanceId: named }]]);
    await expectRefused(server, named, () => approve(named, 'PermitIssuer', []), 409,
      new RegExp(`^This approval of permit ${namedRef} did not see isolation certificate ${other.ReferenceId}, which the permit now names: it was not applied\\.`));
    expect((await approve(named, 'PermitIssuer', [other.IsolationCertificateId])).statusCode).toBe(200);
    // A device from before the rule sends no basis: judged on the links as they are, as before.
    expect((await approve(named, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED' });
    expect(await auditActions(server, named)).toEqual(['permit.create', 'permit.submit', 'permit.approval.approval', 'permit.approval.approval']);
  });

  it('keeps certificates in their location’s scope: nobody outside sees or changes one, a viewer sees without changing', async () => {
    const { IsolationCertificateId: id } = await createCertificate(server, as.contractor);
    expect((await get(as.viewer, id)).statusCode).toBe(200);
    await refused(as.viewer, '/isolations/point', APPLY(id, 'p1'), 403, 'You do not have permission to change isolations at Atmospheric Distillation: it needs permits.edit there.');
    const outside = await get(as.noaccess, id);
    const none = await get(as.noaccess, 'no-such-certificate');
    expect([outside.statusCode, outside.json().message]).toEqual([404, `There is no isolation certificate ${id}.`]);
    expect(none.statusCode).toBe(404);
    await refused(as.noaccess, '/isolations/point', APPLY(id, 'p1'), 404, `There is no isolation certificate ${id}.`);
    await refused(as.noaccess, '/isolations', isolationBody(), 403, 'You do not have permission to create or edit permits at Atmospheric Distillation.');
    // A contractor edits at Atmospheric Distillation only.
    await refused(as.contractor, '/isolations', isolationBody({ LocationId: 112 }), 403, 'You do not have permission to create or edit permits at Vacuum Distillation.');
    // Northfield's permit, another site.
    await refused(as.admin, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: 'demo-nf-hw-pending' }, 409, /another site: a permit relies only on isolations of its own site\.$/);
    expect(await events(id)).toEqual(['isolation.create']);
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const missing = await post(server, as.contractor, '/isolations', { ...isolationBody(), Points: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Points/);
    const method = await post(server, as.contractor, '/isolations', isolationBody({ Points: [{ ...isolationBody().Points[0]!, Method: 'hope' as never }] }));
    expect(method.statusCode).toBe(400);
    const step = await post(server, as.contractor, '/isolations/step', { IsolationCertificateId: 'x', Action: 'explode' });
    expect(step.statusCode).toBe(400);
    const offTheSheet = await post(server, as.contractor, '/isolations', isolationBody({ Points: [{ ...isolationBody().Points[0]!, Latitude: 700, Longitude: 100 }] }));
    expect(offTheSheet.statusCode).toBe(400);
    expect(offTheSheet.json().message).toMatch(/Points\[0\]\.Latitude must be at most 660/);
  });

  it('keeps where each point is on the plot plan (issue 36 §8) with the plan, and changes it with the plan', async () => {
    const placed = { ...isolationBody().Points[0]!, Latitude: 300.5, Longitude: 150 };
    const made = await post(server, as.contractor, '/isolations', isolationBody({ Points: [placed] }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<IsolationCertificate>().IsolationCertificateId;
    expect(made.json<IsolationCertificate>().Points[0]).toMatchObject({ Latitude: 300.5, Longitude: 150 });
    const moved = await server.request({ method: 'PUT', url: '/api/isolations', token: as.contractor, payload: { IsolationCertificateId: id, Points: [{ ...placed, Latitude: 310, Longitude: 160 }] } });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await server.request({ method: 'GET', url: `/api/isolations?IsolationCertificateId=${id}`, token: as.contractor });
    expect(read.json<IsolationCertificate>().Points[0]).toMatchObject({ Latitude: 310, Longitude: 160 });
  });

  it('prints a certificate for the lock box, and the permits relying on it list it with every point', async () => {
    const pdf = (token: string) => server.request({ method: 'GET', url: '/api/isolationpdf?IsolationCertificateId=demo-ic-p101', token });
    const printed = await pdf(as.issuer);
    expect(printed.headers['content-type']).toBe('application/pdf');
    // pdftotext lays the page out: the words, not its line breaks, are the document.
    const text = pdfText(new Uint8Array(printed.rawPayload)).text.replace(/\s+/g, ' ');
    const reference = (await get(as.issuer, 'demo-ic-p101')).json<IsolationCertificate>().ReferenceId;
    expect(text).toContain(`Isolation certificate ${reference}`);
    expect(text).toContain('State: VERIFIED');
    expect(text).toMatch(/MCC-3-B12 electrical, lock-off at MCC \(lock L-0117, tag DT-4411\)\. Isolated by Carlos Mendes at [\d-]+ [\d:]+ UTC; verified by Priya Raman/);
    expect(text).toContain('Start tried at the local station: no rotation.');
    expect(text).toMatch(/Permits relying on it HW-\d{4}-\d{6} APPROVED, linked by Carlos Mendes/);
    expect(qrOnFirstPage(new Uint8Array(printed.rawPayload))).toBe(`${server.config.publicUrl}/isolations/demo-ic-p101`);

    const permit = pdfText(new Uint8Array((await server.request({ method: 'GET', url: '/api/permitpdf?PermitInstanceId=demo-hw-approved', token: as.issuer })).rawPayload)).text.replace(/\s+/g, ' ');
    expect(permit).toContain(`Isolation certificates ${reference}: VERIFIED. 10-P-101 Crude charge pump`);
    expect(permit).toContain('10-XV-1013');

    expect((await pdf(as.viewer)).statusCode).toBe(403);
    expect((await pdf(as.noaccess)).statusCode).toBe(404);
  });

  it('sends certificates with their points and permits through the sync pull, scoped like permits, and again when a linked permit changes', async () => {
    const { IsolationCertificateId: id } = await createCertificate(server, as.contractor);
    const permitId = await createPermit(server, as.contractor);
    await steps(server, [[as.contractor, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permitId }]]);
    const pull = (token: string, checkpoint?: unknown) =>
      server.request({ method: 'GET', url: `/api/sync/isolations?limit=1000${checkpoint ? `&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : ''}`, token });
    const first = await pull(as.issuer);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ documents: (IsolationCertificate & { _deleted: boolean })[]; checkpoint: unknown }>();
    expect(page.documents.find((d) => d.IsolationCertificateId === id)).toMatchObject({ _deleted: false, Points: expect.arrayContaining([expect.objectContaining({ Tag: 'MCC-3-B12' })]), Permits: [expect.objectContaining({ PermitInstanceId: permitId, State: 'PENDING' })] });
    expect((await pull(as.noaccess)).json().documents).toEqual([]);

    await post(server, as.issuer, '/permitinstance/reject', { PermitInstanceId: permitId, reason: 'Scope unclear' });
    const next = (await pull(as.issuer, page.checkpoint)).json<{ documents: IsolationCertificate[] }>();
    expect(next.documents.map((d) => d.IsolationCertificateId)).toEqual([id]);
    expect(next.documents[0]!.Permits[0]!.State).toBe('REJECTED');
  });
});
