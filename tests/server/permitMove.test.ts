import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMovePermitTo } from '../../domain/permits/workLocation';
import { abilitiesAt } from '../../domain/abilities';
import { loadLocationTree } from '../../server/locations/locations';
import { loadDefinition } from '../../server/permits/records';
import { findUserByEmail, granteeOf } from '../../server/users/users';
import { startPermitServer, signInCast, type Cast } from './permitFactories';
import type { TestServer } from './harness';

const PERMIT = 'demo-hw-draft';

/**
 * The location picker offers what domain/permits/workLocation says; the server must accept
 * exactly that, for every location of the demo tree and every role.
 */
describe('moving a permit: the server agrees with the picker everywhere', () => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startPermitServer('pglite');
    cast = await signInCast(server);
  });
  afterAll(() => server.close());

  it.each(['admin', 'issuer', 'contractor', 'viewer'] as const)('as %s', async (who) => {
    const tree = await loadLocationTree(server.db);
    const definition = await loadDefinition(server.db, 'bayport-permits-v2');
    const user = (await findUserByEmail(server.db, `${who}@demo.test`))!;
    const home = 111;
    const mismatches: string[] = [];
    for (const location of tree.byId.values()) {
      if (location.LocationId === home) continue;
      const expected = abilitiesAt(granteeOf(user), tree, home).permits.edit && canMovePermitTo(granteeOf(user), tree, location.LocationId, definition.LocationId);
      const response = await server.request({ method: 'PUT', url: '/api/permitinstance', token: cast[who], payload: { PermitInstanceId: PERMIT, LocationId: location.LocationId } });
      if ((response.statusCode === 200) !== expected) mismatches.push(`${location.LocationId} ${location.Title}: ${response.statusCode} ${response.body}`);
      if (response.statusCode >= 400) expect(response.json().message).toMatch(/\w+ \w+/);
      if (response.statusCode === 200) {
        const back = await server.request({ method: 'PUT', url: '/api/permitinstance', token: cast.admin, payload: { PermitInstanceId: PERMIT, LocationId: home } });
        expect(back.statusCode).toBe(200);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
