import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPermitTimeouts } from '../../server/permits/timeout';
import { seedBench } from '../../server/seed/bench';
import { PULLED_PERMIT_DOCUMENT } from '../../server/sync/permits';
import { runSyncMaintenance } from '../../server/sync/purge';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, createPermit, permitContent, post, signInCast, startPermitServer, type Cast } from './permitFactories';
import { Replica } from './syncFactories';

/** The stored document beside the one built from the row's columns, as pulls built it before 014_permit_documents.sql (with the approvals of 015). */
const BOTH = `select p.document as stored, json_build_object(${PULLED_PERMIT_DOCUMENT}, '_deleted', false)::text as built from permits p`;

/**
 * Pulls send each permit's document as its last write stored it (permits.document): after every
 * kind of write a permit gets, that text must be the very text the columns give.
 */
describe.each(DATABASE_KINDS)('the stored pull document of a permit on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  });
  afterAll(() => server.close());

  /** Asserts the permit's stored document is the built one, and that the write before changed it. */
  async function inStep(id: string, before: string | null): Promise<string> {
    const [row] = await server.db.query<{ stored: string; built: string }>(`${BOTH} where permit_instance_id = $1`, [id]);
    expect(row!.stored).toBe(row!.built);
    if (before !== null) expect(row!.stored).not.toBe(before);
    return row!.stored;
  }

  const outOfStep = async () => server.db.query<{ id: string }>(`select id from (${BOTH.replace('select', 'select p.permit_instance_id as id,')}) d where stored is distinct from built`);

  it('holds for every seeded permit', async () => {
    const [{ n } = { n: 0 }] = await server.db.query<{ n: number }>('select count(*)::int as n from permits');
    expect(n).toBeGreaterThan(10);
    expect(await outOfStep()).toEqual([]);
  });

  it('is compressed with lz4 on PostgreSQL, which a pull page decompresses ~1,000 times (015); PGlite has only pglz', async () => {
    const [column] = await server.db.query<{ method: string }>(`select attcompression::text as method from pg_attribute where attrelid = 'permits'::regclass and attname = 'document'`);
    expect(column!.method).toBe(kind === 'postgres' ? 'l' : '');
  });

  it('stays in the row of a permit over 2 KB, where a pull reads it without a TOAST lookup (016)', async () => {
    const [{ toast } = { toast: '' }] = await server.db.query<{ toast: string }>(`select reltoastrelid::regclass::text as toast from pg_class where oid = 'permits'::regclass`);
    const chunkBytes = async () => (await server.db.query<{ n: number }>(`select coalesce(sum(octet_length(chunk_data)), 0)::int as n from ${toast}`))[0]!.n;
    const before = await chunkBytes();
    // Content that does not compress, 2 KB: with it the row is over the 2 KB at which values
    // leave it, and the document (~3 KB, the content within it) is its largest value.
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, created_by, site_id, location_id, date_changed, content)
       select 'inline-document', permit_definition_id, created_by, site_id, location_id, now(), jsonb_build_object('note', $1::text) from permits limit 1`,
      [randomBytes(1500).toString('base64')],
    );
    const [{ size } = { size: 0 }] = await server.db.query<{ size: number }>(`select pg_column_size(document) as size from permits where permit_instance_id = 'inline-document'`);
    expect(size).toBeGreaterThan(2500);
    // The content moved out of the row (~2 KB of chunks), not the document.
    expect((await chunkBytes()) - before).toBeLessThan(size);
  });

  it('keeps a permit id (a UUID) in the row of a permit over 2 KB, where sorting a page on it reads no TOAST (017)', async () => {
    const id = randomUUID();
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, created_by, site_id, location_id, date_changed, content)
       select $1, permit_definition_id, created_by, site_id, location_id, now(), jsonb_build_object('note', $2::text) from permits limit 1`,
      [id, randomBytes(1500).toString('base64')],
    );
    // Read with the document, from the table: an index's copy of the id is always inline.
    const [row] = await server.db.query<{ stored: number; length: number; document: number }>(
      `select pg_column_size(permit_instance_id) as stored, octet_length(permit_instance_id) as length, octet_length(document) as document
         from permits where permit_instance_id = $1`,
      [id],
    );
    expect(row!.document).toBeGreaterThan(2500);
    // Inline, the text and its header; moved out, a pointer no larger than the text.
    expect(row!.stored).toBeGreaterThan(row!.length);
  });

  it('after a creation, content merges, approvals, a close-out, a move and a time-out', async () => {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const id = await createPermit(server, as.contractor, { submit: false, content: permitContent('HotWork', { validTo: ended }) });
    let doc = await inStep(id, null);
    expect(JSON.parse(doc)).toMatchObject({ PermitInstanceId: id, State: 'DRAFT', Latitude: null, EffectiveDate: null, Comments: [], _deleted: false });
    expect(JSON.parse(doc).Approvals.length).toBeGreaterThan(0);

    // Yjs-backed JSON Patch, with text that JSON must escape.
    const ops = [{ op: 'replace', path: '/HotWork/jobDescription', value: 'Weld "B" flange\nat 10-P-101 — über' }];
    const patched = await server.request({ method: 'PATCH', url: `/api/permitcontent?PermitInstanceId=${id}`, token: as.contractor, payload: { ops } });
    expect(patched.json().ChangedFields).toEqual(['HotWork.jobDescription']);
    doc = await inStep(id, doc);
    expect(JSON.parse(doc).ContentState).not.toBe('');

    const moved = await server.request({ method: 'PUT', url: '/api/permitinstance', token: as.issuer, payload: { PermitInstanceId: id, LocationId: 112, Latitude: 29.6, Longitude: -95.125 } });
    expect(moved.statusCode, moved.body).toBe(200);
    doc = await inStep(id, doc);
    expect(JSON.parse(doc)).toMatchObject({ LocationId: 112, Latitude: 29.6, Longitude: -95.125 });

    expect((await post(server, as.issuer, '/permitinstance/submit', { PermitInstanceId: id })).json()).toMatchObject({ State: 'PENDING' });
    doc = await inStep(id, doc);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    expect((await actOn(server, as.issuer, id, 'OperationsSupervisor')).json()).toMatchObject({ State: 'APPROVED' });
    doc = await inStep(id, doc);
    expect(JSON.parse(doc).EffectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

    await runPermitTimeouts(server.db, new Date());
    doc = await inStep(id, doc);
    expect(JSON.parse(doc).State).toBe('TIMEOUT');
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Submit', Comment: 'Done' })).json()).toMatchObject({ State: 'CLOSING' });
    doc = await inStep(id, doc);
    expect((await post(server, as.issuer, '/permitinstance/closeout', { PermitInstanceId: id, Action: 'Approve' })).json()).toMatchObject({ State: 'COMPLETED' });
    await inStep(id, doc);
  });

  it('after a rejection, a revoke, a copy and a cache clear', async () => {
    const rejected = await createPermit(server, as.contractor);
    let doc = await inStep(rejected, null);
    expect((await post(server, as.contractor, '/permitinstance/reject', { PermitInstanceId: rejected, reason: 'Gas test missing' })).json()).toMatchObject({ State: 'REJECTED' });
    expect(JSON.parse(await inStep(rejected, doc)).EndStateDescription).toBe('Gas test missing');

    const approved = await createPermit(server, as.contractor);
    await actOn(server, as.issuer, approved, 'PermitIssuer');
    await actOn(server, as.issuer, approved, 'OperationsSupervisor');
    doc = await inStep(approved, null);
    const revoked = await post(server, as.contractor, '/permitinstance/revoke', { PermitInstanceIds: [approved], reason: 'Wind above the limit' });
    expect(revoked.json().PermitInstanceList[0]).toMatchObject({ ResultCode: 'OK', State: 'REVOKED' });
    doc = await inStep(approved, doc);

    const copy = await post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: approved });
    expect(copy.statusCode, copy.body).toBeLessThan(300);
    await inStep(copy.json().PermitInstance.PermitInstanceId, null);

    const cleared = await server.request({ method: 'PATCH', url: '/api/permits/search/all', token: as.admin, payload: { States: ['REVOKED'], StartDate: null, EndDate: null, SiteId: 1 } });
    expect(cleared.json().Permits).toBeGreaterThan(0);
    await inStep(approved, doc);
  });

  it('after a bulk import and a deletion; a purge leaves no row behind it', async () => {
    await seedBench(server.db, { permits: 40, workOrders: 0, days: 30, seed: 7 });
    expect(await outOfStep()).toEqual([]);
    const [gone] = await server.db.query<{ id: string }>(`select permit_instance_id as id from permits where state = 'DRAFT' limit 1`);
    const doc = await inStep(gone!.id, null);
    await server.db.query('update permits set deleted = true where permit_instance_id = $1', [gone!.id]);
    await inStep(gone!.id, doc);
    await runSyncMaintenance(server.db, -1);
    expect(await server.db.query('select 1 from permits where permit_instance_id = $1', [gone!.id])).toEqual([]);
    expect(await outOfStep()).toEqual([]);
  });

  it('is what a pull sends, document for document', async () => {
    const replica = new Replica(server, as.admin, 'permits', 'PermitInstanceId');
    await replica.pull(250);
    expect(replica.docs.size).toBeGreaterThan(40);
    const built = await server.db.query<{ id: string; built: string }>(`select p.permit_instance_id as id, json_build_object(${PULLED_PERMIT_DOCUMENT}, '_deleted', false)::text as built from permits p where permit_instance_id = any($1)`, [[...replica.docs.keys()]]);
    expect(built).toHaveLength(replica.docs.size);
    for (const { id, built: text } of built) expect(replica.docs.get(id)).toEqual(JSON.parse(text));
  });
});
