import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPermitTimeouts } from '../../server/permits/timeout';
import { addReading } from './gasTestFactories';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, approvalsOf, auditActions, createBody, createPermit, expectRefused, permitContent, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';

describe.each(DATABASE_KINDS)('the permit lifecycle on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  });
  afterAll(() => server.close());

  it('seeds a permit in every state, and tells the issuer which wait for them', async () => {
    const states = await server.db.query<{ state: string }>(`select distinct state from permits where permit_instance_id like 'demo-%' order by state`);
    expect(states.map((s) => s.state)).toEqual(['APPROVED', 'CLOSING', 'COMPLETED', 'DRAFT', 'PENDING', 'PRE-APPROVAL', 'REJECTED', 'REVOKED', 'TIMEOUT']);
    const mine = await server.request({ method: 'GET', url: '/api/me/approvalsrequired', token: as.issuer });
    const ids = mine.json<{ PermitInstanceList: { PermitInstanceId: string; MissingApprovals: string[] }[] }>().PermitInstanceList;
    expect(ids).toEqual(expect.arrayContaining([
      expect.objectContaining({ PermitInstanceId: 'demo-hw-pending', MissingApprovals: ['Operations Supervisor'] }),
      expect.objectContaining({ PermitInstanceId: 'demo-cs-preapproval', MissingApprovals: ['Area Authority pre-approval'] }),
    ]));
    // Only where they can view from their home location (Crude Unit): not the Hydrotreater's, nor Northfield's.
    expect(ids.map((p) => p.PermitInstanceId)).not.toContain('demo-cw-closing');
    expect(ids.map((p) => p.PermitInstanceId)).not.toContain('demo-nf-hw-pending');
    const admin = await server.request({ method: 'GET', url: '/api/me/approvalsrequired', token: as.admin });
    expect(admin.json().PermitInstanceList).toEqual(expect.arrayContaining([expect.objectContaining({ PermitInstanceId: 'demo-cw-closing', MissingApprovals: ['Close-out accepted by the Area Authority'] })]));
    const contractor = await server.request({ method: 'GET', url: '/api/me/approvalsrequired', token: as.contractor });
    expect(contractor.json()).toEqual({ Count: 0, PermitInstanceList: [] });
  });

  it('creates a permit under the client’s id, once however often the request is sent, with a reference', async () => {
    const body = createBody({ submit: false });
    const first = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.contractor, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().PermitInstance).toMatchObject({
      PermitInstanceId: body.PermitInstanceId, State: 'DRAFT', PermitInstanceReferenceId: expect.stringMatching(/^HW-\d{4}-\d{6}$/),
      permitTypes: [{ Name: 'HotWork', Label: 'Hot Work' }], companyName: 'Gulf Coast Welding', workOrderNumber: '0004000211',
      workDescription: [{ parentForm: 'HotWork', workDescription: 'Weld tube support at burner 4' }], ContentState: expect.stringMatching(/.{20}/),
    });
    const again = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.contractor, payload: body });
    expect(again.statusCode).toBe(200);
    expect(again.json().PermitInstance.PermitInstanceReferenceId).toBe(first.json().PermitInstance.PermitInstanceReferenceId);
    const stolen = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.issuer, payload: body });
    expect(stolen.statusCode).toBe(409);
    expect(await auditActions(server, body.PermitInstanceId)).toEqual(['permit.create']);
  });

  it('hot work: DRAFT → submit → PENDING → approvals in order by the issuer → APPROVED → close-out → CLOSING → accepted → COMPLETED', async () => {
    const id = await createPermit(server, as.contractor, { submit: false });
    const submitted = await post(server, as.contractor, '/permitinstance/submit', { PermitInstanceId: id });
    expect(submitted.json()).toMatchObject({ State: 'PENDING', PreviousState: 'DRAFT' });
    expect((await approvalsOf(server, as.issuer, id)).Summary).toEqual({ RequiredApprovals: 2, MissingApprovals: 2, ApprovalNature: '' });

    expect((await actOn(server, as.issuer, id, 'PermitIssuer')).json()).toMatchObject({ State: 'PENDING' });
    expect((await actOn(server, as.issuer, id, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED', PreviousState: 'PENDING' });
    const approved = await permitOf(server, as.viewer, id);
    expect(approved.EffectiveDate).not.toBeNull();
    expect((await approvalsOf(server, as.viewer, id)).Approvals.filter((a) => a.IsApproved).map((a) => a.ApprovedByName)).toEqual(['Priya Raman', 'Priya Raman']);

    expect((await post(server, as.contractor, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Submit', Comment: 'Work done' })).json()).toMatchObject({ State: 'CLOSING' });
    // The contractor is in no approval group: they cannot accept their own hand-back.
    await expectRefused(server, id, () => post(server, as.contractor, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Approve' }), 403, /AreaAuthority/);
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Approve' })).json()).toMatchObject({ State: 'COMPLETED' });
    expect(await auditActions(server, id)).toEqual([
      'permit.create', 'permit.submit', 'permit.approval.approval', 'permit.approval.approval', 'permit.closeout.submit', 'permit.approval.approval',
    ]);
  });

  it('confined space: pre-approval first, then approvals; Safety is the administrator’s alone', async () => {
    const id = await createPermit(server, as.issuer, { type: 'ConfinedSpace', locationId: 112 });
    expect((await permitOf(server, as.issuer, id)).State).toBe('PRE-APPROVAL');
    // Out of order: the Permit Issuer's approval waits for the pre-approval.
    await expectRefused(server, id, () => actOn(server, as.issuer, id, 'PermitIssuer'), 409, /in order/);
    expect((await actOn(server, as.issuer, id, 'AreaAuthorityPreApproval')).json()).toMatchObject({ State: 'PENDING', PreviousState: 'PRE-APPROVAL' });
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    await expectRefused(server, id, () => actOn(server, as.issuer, id, 'Safety'), 403, 'Only a member of Safety can act on the approval "Safety Representative".');
    expect((await actOn(server, as.admin, id, 'Safety', 'Review', 'Check the rescue plan')).json()).toMatchObject({ State: 'PENDING' });
    // The approval gate (issue 37): an entry is approved on a passing gas test of the last hour.
    await addReading(server, as.issuer, id);
    expect((await actOn(server, as.admin, id, 'Safety')).json()).toMatchObject({ State: 'APPROVED' });
    const doc = await approvalsOf(server, as.viewer, id);
    expect(doc.Comments).toEqual([expect.objectContaining({ Comment: 'Check the rescue plan', CommentType: 'Review' })]);
    expect(doc.Summary).toEqual({ RequiredApprovals: 4, MissingApprovals: 0, ApprovalNature: 'Approval' });
  });

  it('a rejection from the approvals, a withdrawal, and a comment need their words', async () => {
    const id = await createPermit(server, as.contractor);
    await expectRefused(server, id, () => actOn(server, as.issuer, id, 'PermitIssuer', 'Rejection'), 400, /reason/);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await expectRefused(server, id, () => actOn(server, as.issuer, id, 'PermitIssuer', 'Discontinue'), 400, /reason/);
    expect((await actOn(server, as.issuer, id, 'PermitIssuer', 'Discontinue', 'Signed in error')).json()).toMatchObject({ State: 'PENDING' });
    expect((await approvalsOf(server, as.issuer, id)).Summary.MissingApprovals).toBe(2);
    const comment = await post(server, as.contractor, '/permitinstance/comment', { PermitInstanceId: id, Comment: 'Scaffold ready at 07:00' });
    expect(comment.statusCode).toBe(201);
    await expectRefused(server, id, () => post(server, as.viewer, '/permitinstance/comment', { PermitInstanceId: id, Comment: 'Hello' }), 403);
    expect((await actOn(server, as.issuer, id, 'PermitIssuer', 'Rejection', 'Wrong asset')).json()).toMatchObject({ State: 'REJECTED' });
    expect((await permitOf(server, as.viewer, id)).EndStateDescription).toBe('Wrong asset');
  });

  it('reject: PRE-APPROVAL or PENDING, with a reason, by an editor at the permit’s location', async () => {
    const id = await createPermit(server, as.contractor);
    const reject = (token: string, reason = 'Gas test missing') => post(server, token, '/permitinstance/reject', { PermitInstanceId: id, reason });
    await expectRefused(server, id, () => reject(as.contractor, '   '), 400, 'A reason is required.');
    await expectRefused(server, id, () => reject(as.viewer), 403, 'You do not have permission to create or edit permits at Atmospheric Distillation.');
    await expectRefused(server, id, () => reject(as.noaccess), 404, /There is no permit/);
    expect((await reject(as.contractor)).json()).toMatchObject({ State: 'REJECTED', PreviousState: 'PENDING' });
    await expectRefused(server, id, () => reject(as.contractor), 409, 'A permit in state REJECTED cannot be rejected.');
    const permit = await permitOf(server, as.viewer, id);
    expect(permit).toMatchObject({ State: 'REJECTED', EndStateDescription: 'Gas test missing' });
  });

  it('refuses another location: the contractor edits only at Atmospheric Distillation', async () => {
    const id = await createPermit(server, as.issuer, { locationId: 112 });
    await expectRefused(server, id, () => post(server, as.contractor, '/permitinstance/reject', { PermitInstanceId: id, reason: 'x' }), 403, /Vacuum Distillation/);
    const elsewhere = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.contractor, payload: createBody({ locationId: 112 }) });
    expect(elsewhere.statusCode).toBe(403);
    const northfield = await createPermit(server, as.admin, { locationId: 211 });
    await expectRefused(server, northfield, () => post(server, as.issuer, '/permitinstance/submit', { PermitInstanceId: northfield }), 404, /There is no permit/);
    const wrongDefinition = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.admin, payload: { ...createBody({ locationId: 211 }), PermitDefinitionId: 'bayport-permits-v2' } });
    expect(wrongDefinition.statusCode).toBe(400);
  });

  it('times out APPROVED permits past their validity, once; a close-out after the time-out completes', async () => {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const id = await createPermit(server, as.contractor, { content: permitContent('HotWork', { validTo: ended }) });
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    // The scheduled run may have come first; either way the permit is timed out once.
    await runPermitTimeouts(server.db, new Date());
    expect((await permitOf(server, as.viewer, id)).State).toBe('TIMEOUT');
    const revoke = await post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [id], reason: 'Wind' });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().message).toBe('A permit in state TIMEOUT cannot be revoked.');
    expect((await post(server, as.contractor, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Submit' })).json()).toMatchObject({ State: 'CLOSING', PreviousState: 'TIMEOUT' });
    expect(await runPermitTimeouts(server.db, new Date())).not.toContain(id);
    expect((await permitOf(server, as.viewer, id)).State).toBe('CLOSING');
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Approve' })).json()).toMatchObject({ State: 'COMPLETED' });
    expect(await auditActions(server, id)).toContain('permit.timeout');
  });

});
