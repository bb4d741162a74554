import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPermitTimeouts } from '../../server/permits/timeout';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, approvalsOf, createPermit, permitContent, post, signInCast, startPermitServer, type Cast } from './permitFactories';
import { Replica } from './syncFactories';

/**
 * A replica holds a permit's approvals and comments in the permit (SPEC §3: versioned by its
 * DateChanged). Every write of them must therefore restamp the permit, or a replica would keep
 * the old ones: after each kind of write, a catch-up pull brings the permit again, with a later
 * DateChanged and the approvals and comments GET /permitinstancestatus answers.
 */
describe.each(DATABASE_KINDS)('a permit’s approvals and comments reach replicas with the permit, on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  let replica: Replica;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
    replica = new Replica(server, as.issuer, 'permits', 'PermitInstanceId');
    await replica.pull(500);
  });
  afterAll(() => server.close());

  /** Pulls on from the replica's checkpoint: `id` must come again, newer, carrying what the server holds. */
  async function pulledAgain(id: string): Promise<void> {
    const before = replica.docs.get(id)?.DateChanged ?? '';
    const documents = (await replica.pull()).flatMap((p) => p.documents);
    const doc = documents.find((d) => d.PermitInstanceId === id);
    expect(doc, 'the permit was not pulled again').toBeDefined();
    expect(doc!.DateChanged > before).toBe(true);
    const status = await approvalsOf(server, as.issuer, id);
    expect({ Approvals: doc!.Approvals, ApprovalSummary: doc!.ApprovalSummary, Comments: doc!.Comments }).toEqual({
      Approvals: status.Approvals, ApprovalSummary: status.Summary, Comments: status.Comments,
    });
  }

  it('on creation, approval, review, discontinuation, comment, rejection from the approvals and rejection', async () => {
    const id = await createPermit(server, as.contractor);
    await pulledAgain(id);
    expect(replica.docs.get(id)).toMatchObject({ State: 'PENDING', ApprovalSummary: { MissingApprovals: 2 } });

    // Decisions that leave the state as it is change only the records.
    expect((await actOn(server, as.issuer, id, 'PermitIssuer')).json()).toMatchObject({ State: 'PENDING' });
    await pulledAgain(id);
    expect(replica.docs.get(id)).toMatchObject({ ApprovalSummary: { MissingApprovals: 1 } });
    expect((await actOn(server, as.issuer, id, 'OperationsSupervisor', 'Review', 'Check the fire watch')).json()).toMatchObject({ State: 'PENDING' });
    await pulledAgain(id);
    expect((await actOn(server, as.issuer, id, 'PermitIssuer', 'Discontinue', 'Signed in error')).json()).toMatchObject({ State: 'PENDING' });
    await pulledAgain(id);
    expect(replica.docs.get(id)).toMatchObject({ ApprovalSummary: { MissingApprovals: 2 } });

    // A comment changes nothing but the comments.
    expect((await post(server, as.contractor, '/permitinstance/comment', { PermitInstanceId: id, Comment: 'Scaffold ready at 07:00' })).statusCode).toBe(201);
    await pulledAgain(id);
    expect(replica.docs.get(id)!.Comments).toEqual(expect.arrayContaining([expect.objectContaining({ Comment: 'Scaffold ready at 07:00', CommentType: 'General' })]));

    expect((await actOn(server, as.issuer, id, 'PermitIssuer', 'Rejection', 'Wrong asset')).json()).toMatchObject({ State: 'REJECTED' });
    await pulledAgain(id);

    const rejected = await createPermit(server, as.contractor);
    await pulledAgain(rejected);
    expect((await post(server, as.contractor, '/permitinstance/reject', { PermitInstanceId: rejected, reason: 'Gas test missing' })).statusCode).toBe(200);
    await pulledAgain(rejected);
  });

  it('on issue, time-out, close-out, its acceptance, a revoke, a copy and a cache clear', async () => {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const id = await createPermit(server, as.contractor, { content: permitContent('HotWork', { validTo: ended }) });
    await actOn(server, as.issuer, id, 'PermitIssuer');
    expect((await actOn(server, as.issuer, id, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED' });
    await pulledAgain(id);
    expect(await runPermitTimeouts(server.db, new Date())).toContain(id);
    await pulledAgain(id);
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Submit', Comment: 'Done' })).json()).toMatchObject({ State: 'CLOSING' });
    await pulledAgain(id);
    expect(replica.docs.get(id)).toMatchObject({ State: 'CLOSING', ApprovalSummary: { MissingApprovals: 1 } });
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Approve' })).json()).toMatchObject({ State: 'COMPLETED' });
    await pulledAgain(id);

    const revoked = await createPermit(server, as.contractor);
    await actOn(server, as.issuer, revoked, 'PermitIssuer');
    await actOn(server, as.issuer, revoked, 'OperationsSupervisor');
    await pulledAgain(revoked);
    const revoke = await post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [revoked], reason: 'Wind above the limit' });
    expect(revoke.json().PermitInstanceList[0]).toMatchObject({ ResultCode: 'OK', State: 'REVOKED' });
    await pulledAgain(revoked);
    expect(replica.docs.get(revoked)!.Comments).toEqual([expect.objectContaining({ CommentType: 'Discontinue', Comment: 'Wind above the limit' })]);

    const copy = await post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: revoked });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json().PermitInstance.PermitInstanceId as string;
    await pulledAgain(copied);
    expect(replica.docs.get(copied)).toMatchObject({ Comments: [], Approvals: expect.arrayContaining([expect.objectContaining({ IsApproved: false })]) });

    const cleared = await server.request({ method: 'PATCH', url: '/api/permits/search/all', token: as.admin, payload: { States: ['REVOKED'], StartDate: null, EndDate: null, SiteId: 1 } });
    expect(cleared.json().Permits).toBeGreaterThan(0);
    await pulledAgain(revoked);
  });
});
