import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, approvalsOf, createPermit, expectRefused, permitContent, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';

describe.each(DATABASE_KINDS)('revoke, copy, move and the permit queries on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  const approvedAt = async (locationId = 111) => {
    const id = await createPermit(server, locationId === 111 ? as.contractor : as.issuer, { locationId });
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    return id;
  };
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  });
  afterAll(() => server.close());

  it('revokes many permits with one reason, answering OK or FAIL with the reason for each', async () => {
    const [a, b] = [await approvedAt(), await approvedAt()];
    const pending = await createPermit(server, as.contractor);
    const elsewhere = await approvedAt(112);
    const response = await post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [a, pending, 'no-such-permit', elsewhere, b], reason: 'Wind above the hot-work limit' });
    expect(response.statusCode).toBe(200);
    expect(response.json().PermitInstanceList.map((r: { PermitInstanceId: string; ResultCode: string; ResultMessage: string; State: string }) => [r.PermitInstanceId, r.ResultCode, r.State, r.ResultMessage])).toEqual([
      [a, 'OK', 'REVOKED', 'Revoked'],
      [pending, 'FAIL', 'PENDING', 'A permit in state PENDING cannot be revoked.'],
      ['no-such-permit', 'FAIL', '', 'There is no permit no-such-permit.'],
      // The contractor may view Vacuum Distillation but not edit there; they learn nothing of the permit's state.
      [elsewhere, 'FAIL', '', 'You do not have permission to create or edit permits at Vacuum Distillation.'],
      [b, 'OK', 'REVOKED', 'Revoked'],
    ]);
    expect(await permitOf(server, as.viewer, a)).toMatchObject({ State: 'REVOKED', EndStateDescription: 'Wind above the hot-work limit' });
    expect((await approvalsOf(server, as.viewer, a)).Comments).toEqual([expect.objectContaining({ CommentType: 'Discontinue', Comment: 'Wind above the hot-work limit' })]);
    expect((await permitOf(server, as.viewer, pending)).State).toBe('PENDING');
    expect((await permitOf(server, as.viewer, elsewhere)).State).toBe('APPROVED');
    const empty = await post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [a, b], reason: '' });
    expect(empty.json().PermitInstanceList.map((r: { ResultCode: string }) => r.ResultCode)).toEqual(['FAIL', 'FAIL']);
  });

  it('refuses a revoke of one permit outright, as the edit page’s revoke (sent through the outbox) needs', async () => {
    const pending = await createPermit(server, as.contractor);
    await expectRefused(server, pending, () => post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [pending], reason: 'Wind' }), 409, 'A permit in state PENDING cannot be revoked.');
  });

  it('copies a permit onto the location’s current definition; from an older one DefinitionIsLatest is false', async () => {
    const current = await approvedAt();
    const copy = await post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: current });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json();
    expect(copied.DefinitionIsLatest).toBe(true);
    expect(copied.PermitInstance).toMatchObject({ State: 'DRAFT', PermitDefinitionId: 'bayport-permits-v2', PermitInstanceReferenceId: expect.stringMatching(/^HW-/) });
    // The work is copied; readings, signatures and approvals are not.
    expect(copied.PermitInstance.ContentJSON.HotWork).toMatchObject({ jobDescription: 'Weld tube support at burner 4', company: 'Gulf Coast Welding' });
    expect(copied.PermitInstance.ContentJSON.HotWork.gasTests).toBeUndefined();

    // demo-cw-completed was made on Bayport's superseded version 1.
    const stale = await post(server, as.issuer, '/permitinstance/copy', { PermitInstanceId: 'demo-cw-completed' });
    expect(stale.json()).toMatchObject({ DefinitionIsLatest: false, PermitInstance: { PermitDefinitionId: 'bayport-permits-v2' } });
    expect((await approvalsOf(server, as.issuer, stale.json().PermitInstance.PermitInstanceId)).Approvals.every((a) => !a.IsApproved)).toBe(true);
  });

  it('refuses a copy of a draft, by a viewer, or where copying is off', async () => {
    await expectRefused(server, 'demo-hw-draft', () => post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: 'demo-hw-draft' }), 409, 'A permit in state DRAFT cannot be copied.');
    await expectRefused(server, 'demo-hw-approved', () => post(server, as.viewer, '/permitinstance/copy', { PermitInstanceId: 'demo-hw-approved' }), 403);
    await server.db.query(`update remote_settings set value = 'false' where key = 'copyEnabled'`);
    try {
      await expectRefused(server, 'demo-hw-approved', () => post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: 'demo-hw-approved' }), 409, /not enabled/);
    } finally {
      await server.db.query(`update remote_settings set value = 'true' where key = 'copyEnabled'`);
    }
  });

  it('moves a permit (work location) only before approval and only by editors of both locations', async () => {
    const id = await createPermit(server, as.issuer);
    const move = (token: string, body: object) => server.request({ method: 'PUT', url: '/api/permitinstance', token, payload: { PermitInstanceId: id, ...body } });
    await expectRefused(server, id, () => move(as.viewer, { LocationId: 112 }), 403);
    await expectRefused(server, id, () => move(as.contractor, { LocationId: 112 }), 403, /Vacuum Distillation/);
    await expectRefused(server, id, () => move(as.issuer, { LocationId: 211 }), 403);
    const moved = await move(as.issuer, { LocationId: 112, Latitude: 29.6, Longitude: 95.1 });
    expect(moved.json()).toMatchObject({ LocationId: 112, Latitude: 29.6, Longitude: 95.1 });
    const approved = await approvedAt();
    await expectRefused(server, approved, () => server.request({ method: 'PUT', url: '/api/permitinstance', token: as.contractor, payload: { PermitInstanceId: approved, Latitude: 1, Longitude: 1 } }), 409);
  });

  it('shows a moved permit under its new location: the title stands in for an empty work location', async () => {
    const id = await createPermit(server, as.issuer, { content: permitContent('HotWork', { workLocationDescription: '' }) });
    const moved = await server.request({ method: 'PUT', url: '/api/permitinstance', token: as.issuer, payload: { PermitInstanceId: id, LocationId: 112 } });
    expect(moved.json()).toMatchObject({ LocationId: 112, workLocation: 'Vacuum Distillation' });
  });

  it('answers status, last changed, content and definitions only to those who may view them', async () => {
    const status = await server.request({ method: 'GET', url: '/api/permitinstancestatus?PermitInstanceId=demo-hw-pending', token: as.viewer });
    expect(status.json()).toMatchObject({ PermitInstanceId: 'demo-hw-pending', LocationId: 111, Summary: { MissingApprovals: 1 }, Comments: [expect.objectContaining({ CommentType: 'General' })] });
    expect((await server.request({ method: 'GET', url: '/api/permitinstancestatus?PermitInstanceId=demo-nf-hw-pending', token: as.viewer })).statusCode).toBe(404);
    expect((await server.request({ method: 'GET', url: '/api/permitinstance?PermitInstanceId=nope', token: as.viewer })).statusCode).toBe(404);

    const changed = await post(server, as.viewer, '/lastchanged/instance', { PermitInstanceIds: ['demo-hw-approved', 'demo-nf-hw-pending', 'nope'] });
    expect(changed.json().PermitInstanceList).toEqual([{ PermitInstanceId: 'demo-hw-approved', State: 'APPROVED', DateChanged: expect.stringMatching(/\.\d{6}Z$/) }]);

    const definition = await server.request({ method: 'GET', url: '/api/permitdefbyid?PermitDefinitionId=bayport-permits-v2', token: as.contractor });
    expect(definition.json()).toMatchObject({ LocationId: 100, DefinitionMetadataJSON: { Forms: [expect.objectContaining({ ContentsPath: 'HotWork' }), expect.anything(), expect.anything()] } });
    expect(definition.json().Forms.ConfinedSpace.title).toBe('Confined Space Entry');
    expect((await server.request({ method: 'GET', url: '/api/permitdefbyid?PermitDefinitionId=northfield-permits-v1', token: as.contractor })).statusCode).toBe(403);
  });
});
