/**
 * Every change leaves exactly one event, and nothing else leaves one (issue 40): the routes that
 * change data are read from the app (as the route fuzz does, so a route added tomorrow is walked
 * the day it lands), each is sent valid requests where we know how to make one and plausible ones
 * from its schema, and after each request the database is compared with before: a request that
 * changed data wrote exactly one event (one per permit changed: a create that also submits is two
 * changes, a bulk revoke one per permit), one that changed nothing (refused, failed) wrote none.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIMOPS_MATRIX } from '../../domain/simops/matrix';
import { changedTables, dumpDatabase } from '../reliability/dbDump';
import { pathWith, plausible, queryString } from '../reliability/schemaArbitrary';
import { DATABASE_KINDS, type TestServer } from './harness';
import { readingBody } from './gasTestFactories';
import { handoverBody } from './handoverFactories';
import { isolationBody } from './isolationFactories';
import { createBody, signInCast, startPermitServer, type Cast } from './permitFactories';
import { templateBody } from './templateFactories';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RUNS = 3;
/** Bookkeeping, not data: the events themselves, retries' keys, sync stamps, kept searches, rate counters, sessions. */
const BOOKKEEPING = new Set(['audit_log', 'audit_head', 'idempotency_keys', 'sync_clock', 'sync_purge', 'permit_searches', 'rate_limits', 'refresh_tokens', 'server_secrets']);
/**
 * Routes that record no event, on purpose: signing in, refreshing and out only touch sessions;
 * the client log writes to the server log; searches read.
 */
const NOT_CHANGES = new Set(['/api/auth/signin', '/api/auth/refresh', '/api/auth/signout', '/api/log']);

type Route = TestServer['routes'][number];
interface Sent {
  method: string;
  url: string;
  payload?: unknown;
}

const properties = (schema: unknown) => ((schema ?? {}) as { properties?: Record<string, object> }).properties ?? {};

/** Plausible requests for a route from its schema: mostly refused, sometimes a change. */
function plausibleRequests(route: Route): Sent[] {
  const params = Object.values(properties(route.schema?.params));
  return fc.sample(fc.tuple(fc.tuple(...params.map((p) => plausible(p as never))), plausible(route.schema?.querystring as never), plausible(route.schema?.body as never)), {
    numRuns: RUNS, seed: 40,
  }).map(([p, q, body]) => ({ method: route.method, url: `${pathWith(route.url, p)}${queryString(q)}`, payload: body }));
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Requests we know to be valid, in an order where each finds what it needs. */
function validRequests(adminId: number): Sent[] {
  const id = randomUUID();
  const other = randomUUID();
  const draft = randomUUID();
  const template = templateBody();
  const certificate = randomUUID();
  const cancelled = randomUUID();
  const handover = handoverBody(111);
  return [
    { method: 'POST', url: '/api/permitcontentofdef', payload: createBody({ id, submit: false }) },
    { method: 'PATCH', url: `/api/permitcontent?PermitInstanceId=${id}`, payload: { ops: [{ op: 'replace', path: '/HotWork/jobDescription', value: 'Walked edit' }] } },
    { method: 'PUT', url: '/api/permitinstance', payload: { PermitInstanceId: id, Latitude: 400, Longitude: 500 } },
    { method: 'POST', url: '/api/permitinstance/comment', payload: { PermitInstanceId: id, Comment: 'A walked comment' } },
    { method: 'POST', url: '/api/permitattachment', payload: { PermitInstanceId: id, PermitAttachmentId: randomUUID(), FileName: 'note.txt', MimeType: 'text/plain', Content: base64('hello') } },
    { method: 'POST', url: '/api/permitinstance/submit', payload: { PermitInstanceId: id } },
    { method: 'POST', url: '/api/permitinstance/reject', payload: { PermitInstanceId: id, reason: 'Walked rejection reason' } },
    { method: 'POST', url: '/api/permitcontentofdef', payload: createBody({ id: other, submit: true }) },
    { method: 'POST', url: '/api/isolations', payload: isolationBody({ IsolationCertificateId: certificate }) },
    { method: 'PUT', url: '/api/isolations', payload: { IsolationCertificateId: certificate, Description: 'Walked plan' } },
    { method: 'POST', url: '/api/isolations/point', payload: { IsolationCertificateId: certificate, PointId: 'p1', Action: 'apply' } },
    { method: 'POST', url: '/api/isolations/link', payload: { IsolationCertificateId: certificate, PermitInstanceId: id } },
    { method: 'POST', url: '/api/isolations/unlink', payload: { IsolationCertificateId: certificate, PermitInstanceId: id } },
    { method: 'POST', url: '/api/isolations', payload: isolationBody({ IsolationCertificateId: cancelled }) },
    { method: 'POST', url: '/api/isolations/step', payload: { IsolationCertificateId: cancelled, Action: 'cancel' } },
    { method: 'POST', url: '/api/gastests/reading', payload: readingBody('demo-hw-approved', { LEL: 5 }) },
    // Taken after the suspension above (a device a minute ahead), so the resume below has its passing reading.
    { method: 'POST', url: '/api/gastests/reading', payload: readingBody('demo-hw-approved', { TakenAt: new Date(Date.now() + 60_000).toISOString() }) },
    { method: 'POST', url: '/api/gastests/resume', payload: { PermitInstanceId: 'demo-hw-approved', Comment: 'Walked resume after a clean retest' } },
    { method: 'POST', url: '/api/gastests/suspendarea', payload: { LocationId: 110, Reason: 'Walked gas alarm' } },
    { method: 'POST', url: '/api/handover', payload: handover },
    { method: 'POST', url: '/api/handover/addendum', payload: { HandoverId: handover.HandoverId, AddendumId: randomUUID(), Text: 'Walked correction' } },
    { method: 'POST', url: '/api/handover/acknowledge', payload: { HandoverId: 'demo-handover-2', Comment: 'Walked signature' } },
    { method: 'PUT', url: '/api/handover/shifts?SiteId=1', payload: { TimeZone: 'America/Chicago', Shifts: [{ Name: 'Day', Start: '07:00', End: '19:00' }, { Name: 'Night', Start: '19:00', End: '07:00' }] } },
    { method: 'PUT', url: '/api/gastests/settings?SiteId=1', payload: { GateMinutes: 45, TimeZone: 'America/Chicago', Types: [] } },
    { method: 'POST', url: '/api/permitinstance/revoke', payload: { PermitInstanceIds: [other, 'demo-nf-cw-approved', 'demo-cs-revoked'], reason: 'Walked revocation reason' } },
    { method: 'POST', url: '/api/permitinstance/copy', payload: { PermitInstanceId: 'demo-cs-revoked' } },
    { method: 'POST', url: `/api/permits/draft/${draft}`, payload: { PermitContent: { HotWork: { jobDescription: 'Draft' } }, PermitDefinitionId: 'bayport-permits-v2', LocationId: 111 } },
    { method: 'DELETE', url: `/api/permits/draft/${draft}` },
    { method: 'PUT', url: '/api/settings/banners', payload: { outagewarningbanner: { Title: 'Walk', Message: 'A walked notice' }, outagebanner: null } },
    { method: 'PUT', url: '/api/settings/sites/1', payload: { plotPlanEnabled: true, workOrdersEnabled: true, copyEnabled: true } },
    { method: 'PUT', url: '/api/simops/sites/1', payload: DEFAULT_SIMOPS_MATRIX },
    { method: 'POST', url: '/api/simops/scale', payload: { LocationId: 100, From: { Latitude: 10, Longitude: 10 }, To: { Latitude: 10, Longitude: 510 }, DistanceM: 250 } },
    { method: 'POST', url: '/api/lists/1/WalkedList', payload: [{ Label: 'One', Value: 'one' }, { Label: 'Two', Value: 'two' }] },
    { method: 'DELETE', url: '/api/lists/1/WalkedList/two' },
    { method: 'DELETE', url: '/api/lists/1/WalkedList' },
    { method: 'POST', url: '/api/userpref', payload: { PersonnelId: adminId, Screen: 'SearchPermits', Filters: [] } },
    { method: 'POST', url: '/api/templates', payload: template },
    { method: 'PATCH', url: `/api/templates/${template.PermitTemplateId}`, payload: { Name: 'Walked template' } },
    { method: 'POST', url: `/api/templates/${template.PermitTemplateId}/comment`, payload: { Comment: 'A walked template comment' } },
    { method: 'POST', url: `/api/templates/${template.PermitTemplateId}/copy`, payload: {} },
    { method: 'DELETE', url: `/api/templates/${template.PermitTemplateId}` },
    { method: 'POST', url: '/api/servicekeys', payload: { Name: 'Walked key', SiteId: 1 } },
    { method: 'POST', url: '/api/users', payload: { FirstName: 'Wally', LastName: 'Walker', EmailAddress: `walker-${id.slice(0, 8)}@example.com`, Company: 'Walk Ltd', ActiveFlag: true, SiteId: 1 } },
  ];
}

/** How many events a request that changed data must write: one per change. */
function expectedEvents(sent: Sent, status: number, body: string): number {
  if (sent.url === '/api/permitcontentofdef' && (sent.payload as { Submit?: boolean }).Submit) return 2;
  // A reading out of limits suspends the work: the reading and the suspension; an area's stop, one per permit it stops.
  if (sent.url === '/api/gastests/reading' && status === 201) return (JSON.parse(body) as { Suspension: unknown }).Suspension ? 2 : 1;
  if (sent.url === '/api/gastests/suspendarea' && status === 200) return 1 + (JSON.parse(body) as { Suspended: unknown[] }).Suspended.length;
  if (sent.url === '/api/permitinstance/revoke' && status < 300) {
    return (JSON.parse(body) as { PermitResults?: { ResultCode: string }[] }).PermitResults?.filter((r) => r.ResultCode === 'OK').length ?? 1;
  }
  return 1;
}

describe.each(DATABASE_KINDS)('every change writes its event on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  let adminId: number;

  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
    [{ personnel_id: adminId } = { personnel_id: 0 }] = await server.db.query<{ personnel_id: number }>(`select personnel_id from users where email = 'admin@demo.test'`);
  }, 300_000);
  afterAll(async () => server?.close());

  it('walks every route that changes data: exactly one event per change, none without one', async () => {
    const routes = server.routes.filter((r) => r.url.startsWith('/api/') && MUTATING.has(r.method) && !NOT_CHANGES.has(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const changedBy = new Map<string, number>();
    const requests = [...validRequests(adminId), ...routes.flatMap(plausibleRequests)];
    for (const sent of requests) {
      const before = await dumpDatabase(server.db);
      const [{ last } = { last: 0 }] = await server.db.query<{ last: number }>('select coalesce(max(id), 0)::int as last from audit_log');
      const response = await server.request({ method: sent.method as 'POST', url: sent.url, token: as.admin, payload: sent.payload as object });
      const changed = changedTables(before, await dumpDatabase(server.db)).filter((t) => !BOOKKEEPING.has(t));
      const events = await server.db.query<{ action: string; personnel_id: number | null; subject_type: string; subject_id: string }>(
        'select action, personnel_id, subject_type, subject_id from audit_log where id > $1 order by id', [last]);
      const label = `${sent.method} ${sent.url.slice(0, 90)} → ${response.statusCode}`;
      const dataChanged = changed.length > 0;
      const expected = dataChanged ? expectedEvents(sent, response.statusCode, response.body) : 0;
      if (events.length !== expected) failures.push(`${label}: changed [${changed.join(', ')}], ${events.length} event(s) (${events.map((e) => e.action).join(', ')}), expected ${expected}`);
      for (const event of events) {
        if (event.personnel_id !== adminId) failures.push(`${label}: ${event.action} is not by the administrator who made it`);
        if (!event.subject_type || event.subject_id === '') failures.push(`${label}: ${event.action} names no subject`);
      }
      if (dataChanged) changedBy.set(`${sent.method} ${sent.url.split('?')[0]!.replace(/[0-9a-f-]{36}/g, ':id')}`, 1);
    }
    console.log(`\nRoutes that changed data in the walk (${changedBy.size}):\n${[...changedBy.keys()].sort().join('\n')}`);
    expect(failures).toEqual([]);
    // The walk made real changes on most kinds of route, not only refusals.
    expect(changedBy.size).toBeGreaterThanOrEqual(22);
    // And the chain they made is whole.
    const verify = await server.request({ method: 'GET', url: '/api/audit/verify', token: as.admin });
    expect(verify.json()).toMatchObject({ ok: true });
  }, 600_000);
});
