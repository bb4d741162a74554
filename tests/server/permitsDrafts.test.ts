import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromState, docToJson, fromBase64, genesisDoc, toBase64 } from '../../domain/permits/yContent';
import { runSyncMaintenance } from '../../server/sync/purge';
import { DATABASE_KINDS, type TestServer } from './harness';
import { createBody, permitContent, signInCast, startPermitServer, type Cast } from './permitFactories';

describe.each(DATABASE_KINDS)('drafts on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  });
  afterAll(() => server.close());

  const save = (token: string, id: string, body: object) =>
    server.request({ method: 'POST', url: `/api/permits/draft/${id}`, token, payload: { PermitDefinitionId: 'bayport-permits-v2', LocationId: 111, SiteId: 1, ...body } });

  it('autosaves, lists, reads and deletes the owner’s drafts; nobody else sees them', async () => {
    const id = randomUUID();
    const saved = await save(as.contractor, id, { PermitInstanceId: id, PermitContent: JSON.stringify(permitContent('HotWork')) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ PermitInstanceId: id, LocationId: 111, PermitContent: { HotWork: { jobDescription: 'Weld tube support at burner 4' } }, ContentState: expect.any(String) });
    // The next autosave applies onto the stored document.
    expect((await save(as.contractor, id, { PermitContent: permitContent('HotWork', { jobDescription: 'Second save' }) })).json().PermitContent.HotWork.jobDescription).toBe('Second save');

    const list = await server.request({ method: 'GET', url: '/api/permits/draft', token: as.contractor });
    expect(list.json().DraftList.map((d: { PermitInstanceId: string }) => d.PermitInstanceId)).toContain(id);
    expect((await server.request({ method: 'GET', url: '/api/permits/draft', token: as.issuer })).json().DraftList).toEqual([]);
    expect((await server.request({ method: 'GET', url: `/api/permits/draft/${id}`, token: as.issuer })).statusCode).toBe(404);
    expect((await save(as.issuer, id, { PermitContent: {} })).statusCode).toBe(409);
    expect((await server.request({ method: 'DELETE', url: `/api/permits/draft/${id}`, token: as.issuer })).statusCode).toBe(404);

    expect((await server.request({ method: 'DELETE', url: `/api/permits/draft/${id}`, token: as.contractor })).statusCode).toBe(204);
    expect((await server.request({ method: 'GET', url: `/api/permits/draft/${id}`, token: as.contractor })).statusCode).toBe(404);
  });

  it('refuses drafts where the user may not create permits, and bad content', async () => {
    expect((await save(as.viewer, randomUUID(), { PermitContent: {} })).statusCode).toBe(403);
    expect((await save(as.contractor, randomUUID(), { PermitContent: {}, LocationId: 112 })).statusCode).toBe(403);
    expect((await save(as.contractor, randomUUID(), { PermitContent: 'not json' })).statusCode).toBe(400);
    expect((await save(as.contractor, randomUUID(), { PermitContent: {}, PermitDefinitionId: 'northfield-permits-v1' })).statusCode).toBe(400);
  });

  it('becomes a permit without conversion: the same Yjs document, and the draft is gone', async () => {
    const id = randomUUID();
    const doc = genesisDoc(permitContent('HotWork'));
    const state = toBase64(Y.encodeStateAsUpdate(doc));
    expect((await save(as.contractor, id, { PermitContent: docToJson(doc), ContentState: state })).statusCode).toBe(200);
    const created = await server.request({ method: 'POST', url: '/api/permitcontentofdef', token: as.contractor, payload: { ...createBody({ id }), ContentState: state } });
    expect(created.statusCode, created.body).toBe(201);
    const permitDoc = docFromState(fromBase64(created.json().PermitInstance.ContentState), {});
    expect(docToJson(permitDoc)).toEqual(docToJson(doc));
    // An edit made on the draft's document before it was sent still merges onto the permit.
    expect(Y.encodeStateVector(permitDoc)).toEqual(Y.encodeStateVector(doc));
    expect((await server.request({ method: 'GET', url: `/api/permits/draft/${id}`, token: as.contractor })).statusCode).toBe(404);
    // A late autosave cannot bring the draft back.
    expect((await save(as.contractor, id, { PermitContent: {} })).statusCode).toBe(409);
  });

  it('drafts are deleted after 7 days by the maintenance job', async () => {
    const id = randomUUID();
    await save(as.contractor, id, { PermitContent: permitContent('ColdWork') });
    await server.db.query(`update drafts set last_updated_on = now() - interval '8 days' where permit_instance_id = $1`, [id]);
    expect((await runSyncMaintenance(server.db)).expiredDrafts).toBe(1);
    expect((await server.request({ method: 'GET', url: `/api/permits/draft/${id}`, token: as.contractor })).statusCode).toBe(404);
  });
});
