import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJsonToDoc, docFromState, docToJson, fromBase64, toBase64, type ContentJson } from '../../domain/permits/yContent';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, auditActions, createPermit, expectRefused, permitOf, signInCast, startPermitServer, type Cast } from './permitFactories';
import { Replica } from './syncFactories';

describe.each(DATABASE_KINDS)('permit content as a CRDT on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  });
  afterAll(() => server.close());

  const patch = (token: string, id: string, payload: object) => server.request({ method: 'PATCH', url: `/api/permitcontent?PermitInstanceId=${id}`, token, payload });

  /** A device's copy of the permit, built the way the app builds it: from GET /permitcontent's state. */
  async function device(token: string, id: string) {
    const content = (await server.request({ method: 'GET', url: `/api/permitcontent?PermitInstanceId=${id}`, token })).json<{ Content: ContentJson; ContentState: string }>();
    const doc = docFromState(fromBase64(content.ContentState), content.Content);
    const outbox: string[] = [];
    doc.on('update', (u: Uint8Array) => outbox.push(toBase64(u)));
    const edit = (change: (form: Record<string, unknown> & { gasTests: Record<string, unknown>[] }) => void) => {
      const json = docToJson(doc);
      change(json.HotWork as never);
      applyJsonToDoc(doc, json);
    };
    const send = async () => {
      for (const update of outbox.splice(0)) expect((await patch(token, id, { update })).statusCode).toBe(200);
    };
    return { doc, edit, send, outbox };
  }

  it('merges a Yjs update, re-materialises ContentJSON and the display fields, and records which fields changed', async () => {
    const id = await createPermit(server, as.contractor);
    const phone = await device(as.contractor, id);
    phone.edit((form) => {
      form.jobDescription = 'Weld tube support at burner 5';
      form.company = 'Bayou Scaffolding';
    });
    const before = await permitOf(server, as.viewer, id);
    // The whole state is a valid update too: what the server already has merges as nothing.
    const update = toBase64(Y.encodeStateAsUpdate(phone.doc));
    const response = await patch(as.contractor, id, { update });
    expect(response.json()).toEqual({ PermitInstanceId: id, ChangedFields: ['HotWork.company', 'HotWork.jobDescription'], DateChanged: expect.any(String) });
    const after = await permitOf(server, as.viewer, id);
    expect(after.DateChanged > before.DateChanged).toBe(true);
    expect(after).toMatchObject({ companyName: 'Bayou Scaffolding', workDescription: [{ parentForm: 'HotWork', workDescription: 'Weld tube support at burner 5' }] });
    expect(after.ContentJSON.HotWork!.jobDescription).toBe('Weld tube support at burner 5');
    // The same update again changes nothing and records nothing.
    expect((await patch(as.contractor, id, { update })).json().ChangedFields).toEqual([]);
    const [row] = await server.db.query<{ detail: { fields: string[]; via: string } }>(`select detail from audit_log where action = 'permit.content' and detail ->> 'PermitInstanceId' = $1`, [id]);
    expect(row!.detail).toMatchObject({ fields: ['HotWork.company', 'HotWork.jobDescription'], via: 'yjs' });
    expect(await auditActions(server, id)).toEqual(['permit.create', 'permit.submit', 'permit.content']);
  });

  it('applies JSON Patch as a Yjs transaction, from a bare RFC 6902 body too', async () => {
    const id = await createPermit(server, as.contractor);
    const ops = [{ op: 'add', path: '/HotWork/gasTests/-', value: { time: '2026-05-04T09:00:00Z', O2: 20.8, LEL: 0, H2S: 0, CO: 1, tester: 'Hannah Weiss' } }];
    expect((await patch(as.contractor, id, { ops })).json().ChangedFields).toEqual(['HotWork.gasTests']);
    const bare = await server.request({ method: 'PATCH', url: `/api/permitcontent?PermitInstanceId=${id}`, token: as.contractor, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify([{ op: 'replace', path: '/HotWork/numberOfWorkers', value: 4 }]) });
    expect(bare.json().ChangedFields).toEqual(['HotWork.numberOfWorkers']);
    const content = (await permitOf(server, as.viewer, id)).ContentJSON.HotWork!;
    expect((content.gasTests as unknown[]).length).toBe(2);
    await expectRefused(server, id, () => patch(as.contractor, id, { ops: [{ op: 'replace', path: '/HotWork/missing', value: 1 }] }), 400, '/HotWork/missing');
    await expectRefused(server, id, () => patch(as.contractor, id, { update: 'bm90IHlqcw==' }), 400, /Yjs/);
  });

  it('refuses a change to a field not editable in the permit’s state, naming it, and keeps the rest out too', async () => {
    const id = await createPermit(server, as.contractor);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    const refused = await expectRefused(server, id, () => patch(as.contractor, id, {
      ops: [{ op: 'replace', path: '/HotWork/jobDescription', value: 'Something else' }, { op: 'add', path: '/HotWork/closeOutRemarks', value: 'Done' }],
    }), 409);
    expect(refused.json().message).toBe('In state APPROVED these fields cannot be changed: Description of the work (HotWork.jobDescription). Nothing was saved.');
    // In APPROVED: the close-out, the signatures required now, and at Bayport (a gas-reading site) the gas tests.
    const ok = await patch(as.contractor, id, { ops: [
      { op: 'add', path: '/HotWork/closeOutRemarks', value: 'Done' },
      { op: 'add', path: '/HotWork/firstOperator', value: 'Hannah Weiss' },
      { op: 'add', path: '/HotWork/gasTests/-', value: { tester: 'Grace Thompson', O2: 20.9 } },
    ] });
    expect(ok.json().ChangedFields).toEqual(['HotWork.closeOutRemarks', 'HotWork.firstOperator', 'HotWork.gasTests']);
  });

  it('keeps a Yjs update touching a closed field with that field set back, so the editor’s later updates still merge', async () => {
    const id = await createPermit(server, as.contractor);
    // Offline since PENDING, the contractor edits the description (closed once APPROVED) and the close-out remarks, then a gas test.
    const tablet = await device(as.contractor, id);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    tablet.edit((form) => {
      form.jobDescription = 'Something else';
      form.closeOutRemarks = 'Area left clean';
    });
    const [first] = tablet.outbox.splice(0);
    tablet.edit((form) => form.gasTests.push({ tester: 'Grace Thompson', O2: 20.8 }));
    const [second] = tablet.outbox.splice(0);

    const refused = await patch(as.contractor, id, { update: first });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'In state APPROVED these fields cannot be changed: Description of the work (HotWork.jobDescription). They were set back; the other changes were saved.',
    );
    expect((await patch(as.contractor, id, { update: second })).json().ChangedFields).toEqual(['HotWork.gasTests']);
    const { Content } = (await server.request({ method: 'GET', url: `/api/permitcontent?PermitInstanceId=${id}`, token: as.issuer })).json<{ Content: ContentJson }>();
    expect(Content.HotWork).toMatchObject({ jobDescription: 'Weld tube support at burner 4', closeOutRemarks: 'Area left clean' });
    expect((Content.HotWork as { gasTests: { tester: string }[] }).gasTests.map((t) => t.tester)).toEqual(['Grace Thompson', 'Grace Thompson']);
  });

  it('keeps gas readings closed in APPROVED where the site has no gas-reading rule (Northfield)', async () => {
    const id = await createPermit(server, as.admin, { locationId: 211 });
    await actOn(server, as.admin, id, 'PermitIssuer');
    await actOn(server, as.admin, id, 'OperationsSupervisor');
    await expectRefused(server, id, () => patch(as.admin, id, { ops: [{ op: 'add', path: '/HotWork/gasTests/-', value: { tester: 'x' } }] }), 409, /Gas test readings \(HotWork.gasTests\)/);
  });

  it('refuses a forged edit by the viewer, and edits of a closed permit', async () => {
    const forged = new Y.Doc();
    forged.getMap('content').set('HotWork', new Y.Map([['jobDescription', 'Forged']]));
    const update = toBase64(Y.encodeStateAsUpdate(forged));
    await expectRefused(server, 'demo-hw-pending', () => patch(as.viewer, 'demo-hw-pending', { update }), 403, /create or edit permits/);
    await expectRefused(server, 'demo-cw-completed', () => patch(as.issuer, 'demo-cw-completed', { update }), 409, /COMPLETED/);
  });

  it.each([['A first', false], ['B first', true]] as const)('two devices edit offline, then sync (%s): both rows and both fields survive, the same field converges', async (_, bFirst) => {
    const id = await createPermit(server, as.contractor);
    const a = await device(as.contractor, id);
    const b = await device(as.issuer, id);
    a.edit((form) => {
      form.jobDescription = 'Edited on the tablet';
      form.gasTests.push({ time: '09:00', O2: 20.8, LEL: 0, H2S: 0, CO: 1, tester: 'A' });
      form.numberOfWorkers = 4;
    });
    b.edit((form) => {
      form.isolationReference = 'ISO-4711';
      form.gasTests.push({ time: '09:05', O2: 20.7, LEL: 0, H2S: 0, CO: 2, tester: 'B' });
      form.numberOfWorkers = 6;
    });
    for (const d of bFirst ? [b, a] : [a, b]) await d.send();

    const pulled = await permitOf(server, as.viewer, id);
    const merged = pulled.ContentJSON.HotWork!;
    expect(merged).toMatchObject({ jobDescription: 'Edited on the tablet', isolationReference: 'ISO-4711' });
    expect((merged.gasTests as { tester: string }[]).map((r) => r.tester).sort()).toEqual(['A', 'B', 'Grace Thompson']);
    expect([4, 6]).toContain(merged.numberOfWorkers);
    // Each device pulls the server's state and lands on the same content.
    for (const d of [a, b]) {
      Y.applyUpdate(d.doc, fromBase64(pulled.ContentState));
      expect(docToJson(d.doc)).toEqual(pulled.ContentJSON);
    }
    // The replica's pull brings the same document with its approvals and history, the state as one line of base64.
    const replica = new Replica(server, as.viewer, 'permits', 'PermitInstanceId');
    await replica.pull(1000);
    expect(replica.docs.get(id)).toEqual({ ...pulled, Approvals: expect.any(Array), ApprovalSummary: expect.any(Object), Comments: [], History: expect.any(Array), _deleted: false });
    expect(pulled.ContentState).toMatch(/^[A-Za-z0-9+/]{100,}={0,2}$/);
  });
});
