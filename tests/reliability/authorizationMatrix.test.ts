/**
 * Who may read and write what, generated rather than listed: the routes come from the app (any
 * route whose schema takes a PermitInstanceId is a permit route, an IsolationCertificateId a
 * certificate route, a HandoverId a handover route, whoever adds it), the roles
 * from the seeded cast, the expected answer from domain/abilities at the permit's location,
 * classified against the user's home (inside, sibling, parent, none). A denied request must leak
 * nothing: it reads the same as a request for a permit that does not exist. Printed as a table.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesAt } from '../../domain/abilities';
import { ancestorsAndSelf, descendantsAndSelf, type LocationTree } from '../../domain/locations';
import { loadLocationTree } from '../../server/locations/locations';
import { findUserByEmail, granteeOf, type UserRecord } from '../../server/users/users';
import { CORPORATE_ISSUER, startTestServer, type TestServer } from '../server/harness';
import { handoverBody } from '../server/handoverFactories';
import { dumpDatabase, changedTables } from './dbDump';
import { plausible } from './schemaArbitrary';

const ROLES = ['admin', 'issuer', 'viewer', 'contractor', 'noaccess'] as const;
type Role = (typeof ROLES)[number];
type Route = TestServer['routes'][number];
type Where = 'inside' | 'sibling' | 'parent' | 'none';
const MISSING = 'matrix-no-such-permit';
/** Routes that answer without a token: health (liveness, readiness), configuration, and the signed attachment link (its signature is the credential). */
const PUBLIC = ['/api/health', '/api/live', '/api/ready', '/api/config', '/api/permitattachment/file'];

const properties = (schema: unknown) => Object.keys(((schema ?? {}) as { properties?: object }).properties ?? {});
const takesPermitId = (route: Route) =>
  [route.schema?.querystring, route.schema?.body].some((s) => properties(s).some((p) => p === 'PermitInstanceId' || p === 'PermitInstanceIds'));
/** A certificate route (issue 36); one that also names a permit (a link) is judged on the permit, as a permit route. */
const takesCertificateId = (route: Route) => !takesPermitId(route) && [route.schema?.querystring, route.schema?.body].some((s) => properties(s).includes('IsolationCertificateId'));
/** A route about a handover (issue 39); submitting one names its area instead, and is judged there. */
const takesHandoverId = (route: Route) => !(route.method === 'POST' && route.url === '/api/handover') && [route.schema?.querystring, route.schema?.body].some((s) => properties(s).includes('HandoverId'));
/**
 * A route that also names another record of the permit (an attachment, a printer) answers 404 for
 * the made-up one even where the user may view.
 */
const takesOtherId = (route: Route) => properties(route.schema?.querystring).some((p) => p.endsWith('Id') && p !== 'PermitInstanceId');

/** A route that prints a permit or a certificate (as paper, or on a printer) needs permits.print beside view (SPEC §6). */
const prints = (route: Route) => ['/api/permitpdf', '/api/isolationpdf', '/api/print'].includes(route.url);

/** Where a location lies from the user's home: in their subtree, above it, beside it on the site, or elsewhere. */
function whereFrom(tree: LocationTree, home: number, locationId: number): Where {
  if (descendantsAndSelf(tree, home).includes(locationId)) return 'inside';
  if (ancestorsAndSelf(tree, home).includes(locationId)) return 'parent';
  return tree.byId.get(locationId)?.SiteId === tree.byId.get(home)?.SiteId ? 'sibling' : 'none';
}

/** The record a request is about: a permit, an isolation certificate (issue 36) or a handover (issue 39), each judged at its location. */
type Key = 'PermitInstanceId' | 'IsolationCertificateId' | 'HandoverId';

/** A request of `route` about the record `id`: the query or a body of the schema's shape, about that record. */
function requestFor(route: Route, id: string, about: Key = 'PermitInstanceId') {
  const fill = (schema: unknown) => {
    const [value] = fc.sample(plausible(schema as never), { numRuns: 1, seed: 7 });
    const filled: Record<string, unknown> = { ...(value as object) };
    const types = ((schema as { properties?: Record<string, { type?: string }> }).properties ?? {});
    // An optional field left out stays out: a made-up string in a boolean (Merge) would stop the request at validation.
    for (const key of properties(schema)) if (typeof filled[key] === 'string' || (filled[key] === undefined && types[key]?.type === 'string')) filled[key] = key === about ? id : (filled[key] ?? 'Matrix check');
    if (properties(schema).includes('PermitInstanceIds')) filled.PermitInstanceIds = [id];
    filled[about] = id;
    return filled;
  };
  const query = route.schema?.querystring ? `?${new URLSearchParams(Object.entries(fill(route.schema.querystring)).map(([k, v]) => [k, String(v)])).toString()}` : '';
  return { method: route.method as 'GET', url: `${route.url}${query}`, payload: route.schema?.body ? fill(route.schema.body) : undefined };
}

describe('the authorization matrix', () => {
  let server: TestServer;
  let tree: LocationTree;
  const tokens = {} as Record<Role, string>;
  const users = {} as Record<Role, UserRecord>;
  const rows: string[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { permits: true });
    tree = await loadLocationTree(server.db);
    for (const role of ROLES) {
      tokens[role] = role === 'contractor' ? await server.contractorToken('contractor@demo.test') : await server.employeeToken(`${role}@demo.test`);
      users[role] = (await findUserByEmail(server.db, `${role}@demo.test`))!;
    }
  }, 300_000);
  afterAll(async () => {
    console.log(`\nAuthorization matrix (A allowed, D denied; expected from domain/abilities)\n${rows.join('\n')}`);
    await server?.close();
  });

  it('refuses every non-public route without a token, with an expired one and with a forged one', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    void exportJWK(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: CORPORATE_ISSUER, sub: 'admin@demo.test', email: 'admin@demo.test' };
    const forged = await new SignJWT({ ...claims, aud: server.config.oidcClientId, iat: now, exp: now + 600 }).setProtectedHeader({ alg: 'ES256', kid: 'test' }).sign(privateKey);
    const expired = await server.employeeToken('admin@demo.test', { iat: now - 7200, exp: now - 3600 });
    const routes = server.routes.filter((r) => r.url.startsWith('/api/') && !PUBLIC.includes(r.url) && !r.url.startsWith('/api/auth/'));
    const leaks: string[] = [];
    for (const route of routes) {
      for (const [name, token] of [['none', undefined], ['expired', expired], ['forged', forged]] as const) {
        const response = await server.request({ method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, 'x'), token, payload: route.method === 'GET' ? undefined : {} });
        if (response.statusCode !== 401) leaks.push(`${route.method} ${route.url} with ${name} token: ${response.statusCode}`);
      }
    }
    rows.push(`tokens: ${routes.length} routes × (none, expired, forged) → all 401: ${leaks.length === 0}`);
    expect(leaks).toEqual([]);
  });

  /**
   * Sends every route about each record to every role: allowed exactly where domain/abilities says
   * the role may view at the record's location, and, where not, reading as a request about a
   * record that does not exist and changing nothing.
   */
  async function judge(routes: Route[], records: { id: string; location_id: number }[], about: Key, missing: string): Promise<string[]> {
    const problems: string[] = [];
    const header = `${'route'.padEnd(36)} ${ROLES.map((r) => r.padEnd(26)).join('')}`;
    rows.push(header, '-'.repeat(header.length));
    for (const route of routes) {
      const cells: string[] = [];
      for (const role of ROLES) {
        const counts: Record<string, string> = {};
        for (const record of records) {
          const where = whereFrom(tree, Number(users[role].preferences.HomeLocationId ?? 0), record.location_id);
          const abilities = abilitiesAt(granteeOf(users[role]), tree, record.location_id).permits;
          const may = abilities.view && (!prints(route) || abilities.print);
          const before = route.method === 'GET' ? null : await dumpDatabase(server.db);
          const response = await server.request({ ...requestFor(route, record.id, about), token: tokens[role] });
          const allowed = response.statusCode < 400;
          // Past the record check a route may still refuse what it is asked (a state that cannot print: 400/409).
          const pastRecordCheck = ![401, 403, 404].includes(response.statusCode) || (takesOtherId(route) && response.statusCode === 404);
          if (route.method === 'GET' && (may ? !pastRecordCheck : allowed)) problems.push(`${route.method} ${route.url} as ${role} on ${record.id} (${where}): ${response.statusCode}, expected ${may ? 'allowed' : 'denied'}`);
          if (!may) {
            if (allowed) problems.push(`${route.method} ${route.url} as ${role} on ${record.id} (${where}): allowed without view`);
            const ghost = await server.request({ ...requestFor(route, missing, about), token: tokens[role] });
            const same = (text: string, id: string) => text.replaceAll(id, 'ID');
            // Someone who sees the record but may not print it is told so: only a record out of sight must read as none.
            if (!abilities.view && (ghost.statusCode !== response.statusCode || same(ghost.body, missing) !== same(response.body, record.id))) {
              problems.push(`${route.method} ${route.url} as ${role}: a record out of sight (${response.statusCode} ${response.body}) reads differently from none (${ghost.statusCode} ${ghost.body})`);
            }
            if (before) {
              const changed = changedTables(before, await dumpDatabase(server.db));
              if (changed.length) problems.push(`${route.method} ${route.url} as ${role} on ${record.id}: denied but changed ${changed.join(', ')}`);
            }
          }
          counts[where] = (counts[where] ?? '') + (allowed ? 'A' : 'D');
        }
        cells.push(Object.entries(counts).map(([w, s]) => `${w[0]}:${s}`).join(' ').padEnd(26));
      }
      rows.push(`${`${route.method} ${route.url}`.padEnd(36)} ${cells.join('')}`);
    }
    rows.push('(i inside the home subtree, s sibling, p parent, n none — another site; one letter per seeded record there)');
    return problems;
  }

  it('permit routes: allowed exactly where domain/abilities says, denied without a leak', async () => {
    const routes = server.routes.filter(takesPermitId);
    expect(routes.length).toBeGreaterThan(5);
    const permits = await server.db.query<{ id: string; location_id: number }>('select permit_instance_id as id, location_id from permits where not deleted order by 1');
    expect(await judge(routes, permits, 'PermitInstanceId', MISSING)).toEqual([]);
  }, 600_000);

  it('isolation certificate routes: allowed exactly where domain/abilities says, denied without a leak', async () => {
    const routes = server.routes.filter(takesCertificateId);
    expect(routes.length).toBeGreaterThan(4);
    // One certificate at the Northfield site too, so every role has one outside its sight.
    const northfield = await server.request({ method: 'POST', url: '/api/isolations', token: tokens.admin, payload: {
      IsolationCertificateId: 'matrix-ic-northfield', LocationId: 211, Equipment: '21-P-100 Boiler feed pump', Description: '',
      Points: [{ PointId: 'p1', Tag: 'MCC-21-A3', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-1', TagNumber: 'T-1', Remarks: '' }],
    } });
    expect(northfield.statusCode, northfield.body).toBe(201);
    const certificates = await server.db.query<{ id: string; location_id: number }>('select isolation_certificate_id as id, location_id from isolation_certificates where not deleted order by 1');
    expect(await judge(routes, certificates, 'IsolationCertificateId', 'matrix-no-such-certificate')).toEqual([]);
  }, 600_000);

  it('handover routes: allowed exactly where domain/abilities says, denied without a leak', async () => {
    const routes = server.routes.filter(takesHandoverId);
    expect(routes.length).toBeGreaterThan(3);
    // One handover at the Northfield site too, so every role has one outside its sight.
    const northfield = await server.request({ method: 'POST', url: '/api/handover', token: tokens.admin, payload: handoverBody(211, { HandoverId: 'matrix-handover-northfield' }) });
    expect(northfield.statusCode, northfield.body).toBe(201);
    const handovers = await server.db.query<{ id: string; location_id: number }>('select handover_id as id, location_id from handovers where not deleted order by 1');
    expect(await judge(routes, handovers, 'HandoverId', 'matrix-no-such-handover')).toEqual([]);
  }, 600_000);

  it('handing over an area: allowed exactly where domain/abilities gives permits.edit, changing nothing where denied', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const cells: string[] = [];
      for (const locationId of [111, 121, 211]) {
        const may = abilitiesAt(granteeOf(users[role]), tree, locationId).permits.edit;
        const before = await dumpDatabase(server.db);
        const response = await server.request({ method: 'POST', url: '/api/handover', token: tokens[role], payload: handoverBody(locationId, { HandoverId: `matrix-handover-${role}-${locationId}` }) });
        const allowed = response.statusCode < 400;
        if (allowed !== may) problems.push(`handover as ${role} at ${locationId}: ${response.statusCode} ${response.body}, expected ${may ? 'allowed' : 'denied'}`);
        if (!allowed && changedTables(before, await dumpDatabase(server.db)).length) problems.push(`handover as ${role} at ${locationId}: denied but changed data`);
        cells.push(`${locationId}:${allowed ? 'A' : 'D'}`);
      }
      rows.push(`POST /api/handover ${role.padEnd(11)} ${cells.join(' ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('an area’s handover history: allowed exactly where domain/abilities gives permits.view, reading as no location where not', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const cells: string[] = [];
      for (const locationId of [110, 121, 211]) {
        const may = abilitiesAt(granteeOf(users[role]), tree, locationId).permits.view;
        const response = await server.request({ method: 'GET', url: `/api/handover/history?LocationId=${locationId}`, token: tokens[role] });
        const allowed = response.statusCode < 400;
        if (allowed !== may) problems.push(`history as ${role} at ${locationId}: ${response.statusCode} ${response.body}, expected ${may ? 'allowed' : 'denied'}`);
        if (!allowed && response.json().message !== `There is no location ${locationId}.`) problems.push(`history as ${role} at ${locationId}: ${response.body} tells more than an unknown location would`);
        cells.push(`${locationId}:${allowed ? 'A' : 'D'}`);
      }
      rows.push(`GET /api/handover/history ${role.padEnd(11)} ${cells.join(' ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('sync pulls hold nothing the user may not view (permits, with their approvals; isolation certificates; gas tests; handovers)', async () => {
    const problems: string[] = [];
    const tables = {
      permits: ['PermitInstanceId', 'select permit_instance_id as id, location_id from permits where permit_instance_id = any($1)'],
      isolations: ['IsolationCertificateId', 'select isolation_certificate_id as id, location_id from isolation_certificates where isolation_certificate_id = any($1)'],
      gastests: ['PermitInstanceId', 'select permit_instance_id as id, location_id from gas_tests where permit_instance_id = any($1)'],
      handovers: ['HandoverId', 'select handover_id as id, location_id from handovers where handover_id = any($1)'],
    } as const;
    for (const role of ROLES) {
      for (const collection of ['permits', 'isolations', 'gastests', 'handovers'] as const) {
        const response = await server.request({ method: 'GET', url: `/api/sync/${collection}?limit=1000`, token: tokens[role] });
        expect(response.statusCode).toBe(200);
        const [key, sql] = tables[collection];
        const ids = (response.json().documents as Record<string, string>[]).map((d) => d[key]!);
        const located = ids.length ? await server.db.query<{ id: string; location_id: number }>(sql, [ids]) : [];
        const leaked = located.filter((p) => !abilitiesAt(granteeOf(users[role]), tree, p.location_id).permits.view);
        if (leaked.length) problems.push(`${collection} of ${role}: ${leaked.map((p) => p.id).join(', ')}`);
        rows.push(`sync ${collection.padEnd(10)} ${role.padEnd(11)} ${ids.length} documents, ${leaked.length} outside view`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('an area’s emergency stop (gas tests): allowed exactly where domain/abilities gives permits.edit, changing nothing where denied', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const cells: string[] = [];
      for (const locationId of [111, 121, 211]) {
        const may = abilitiesAt(granteeOf(users[role]), tree, locationId).permits.edit;
        const before = await dumpDatabase(server.db);
        const response = await server.request({ method: 'POST', url: '/api/gastests/suspendarea', token: tokens[role], payload: { LocationId: locationId, Reason: 'Matrix check' } });
        const allowed = response.statusCode < 400;
        if (allowed !== may) problems.push(`suspendarea as ${role} at ${locationId}: ${response.statusCode} ${response.body}, expected ${may ? 'allowed' : 'denied'}`);
        if (!allowed && changedTables(before, await dumpDatabase(server.db)).length) problems.push(`suspendarea as ${role} at ${locationId}: denied but changed data`);
        cells.push(`${locationId}:${allowed ? 'A' : 'D'}`);
      }
      rows.push(`POST /api/gastests/suspendarea ${role.padEnd(11)} ${cells.join(' ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('drafts are their owner’s alone: another user’s draft reads as no draft', async () => {
    const saved = await server.request({ method: 'POST', url: '/api/permits/draft/matrix-draft', token: tokens.issuer, payload: { PermitContent: {}, PermitDefinitionId: 'bayport-permits-v2', PermitInstanceId: 'matrix-draft', LocationId: 111, SiteId: 1 } });
    expect(saved.statusCode).toBeLessThan(300);
    for (const role of ROLES.filter((r) => r !== 'issuer')) {
      const theirs = await server.request({ method: 'GET', url: '/api/permits/draft/matrix-draft', token: tokens[role] });
      const none = await server.request({ method: 'GET', url: '/api/permits/draft/matrix-nothing', token: tokens[role] });
      expect(theirs.statusCode).toBe(none.statusCode);
      const list = await server.request({ method: 'GET', url: '/api/permits/draft', token: tokens[role] });
      expect(list.body).not.toContain('matrix-draft');
      rows.push(`draft of issuer, as ${role.padEnd(11)} ${theirs.statusCode} (none: ${none.statusCode})`);
    }
  });

  it('user administration: only administrators (SysAdminFlag or forms view)', async () => {
    for (const role of ROLES) {
      const response = await server.request({ method: 'GET', url: '/api/users?Limit=50&Page=0', token: tokens[role] });
      const home = Number(users[role].preferences.HomeLocationId ?? 0);
      const may = users[role].sys_admin_flag || abilitiesAt(granteeOf(users[role]), tree, home).forms.view;
      rows.push(`GET /api/users as ${role.padEnd(11)} ${response.statusCode} expected ${may ? 'A' : 'D'}`);
      expect(response.statusCode < 400).toBe(may);
    }
  });
});
