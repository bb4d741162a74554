import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { createObjectStore, type ObjectStore } from '../server/storage/objectStore';
import { openMigratedPglite } from '../tests/support/pgliteTemplate';

/** A server of the specs' own, with its database at hand. */
export interface OwnServer {
  url: string;
  /** The server's database: a spec changes what only an administrator's tools (not yet built) could. */
  db: Database;
  /** The server's file store (its data folder's), for the files that go with such changes (a plot plan's image). */
  objects: ObjectStore;
  close(): Promise<void>;
}

/** A port nobody listens on now (the shared server's is fixed; two runs side by side must not collide). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server, seeded like the shared one, in the test process on an in-memory
 * database: for specs that change what no API changes yet (a location disabled, a permit's
 * state). The shared server of playwright.config.ts runs in a process of its own, out of reach.
 */
export async function startOwnServer(port?: number): Promise<OwnServer> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openpermit-e2e-own-'));
  const db = await openMigratedPglite();
  await seedDemoIfEmpty(db);
  // STATIC_DIR as the shared server has it, so two runs with builds of their own can share a machine.
  const config = loadConfig({ PORT: String(listenOn), PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: process.env.STATIC_DIR });
  const app = await buildApp(config, db, { logger: false });
  await app.listen({ port: listenOn, host: '127.0.0.1' });
  return {
    url,
    db,
    objects: createObjectStore(dataDir),
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What an administrator's location tools will do; until they exist, straight in the server's database. */
export const setLocationEnabled = (server: OwnServer, locationId: number, enabled: boolean) =>
  server.db.query('update locations set enabled_flag = $2 where location_id = $1', [locationId, enabled]);

/** `test` with a server of its own per worker (shared by the specs that use it) and `baseURL` pointing at it. */
export const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // Playwright reads the fixtures a function needs from its first parameter's pattern: none here.
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

/**
 * A server of the spec file's own at E2E_PORT + `offset` (one offset per file), started before
 * its first test and closed after its last; its pages open there.
 */
export function ownServerForFile(offset: number): { baseURL: string; server: () => OwnServer } {
  const port = Number(process.env.E2E_PORT ?? 8188) + offset;
  const baseURL = `http://127.0.0.1:${port}`;
  let server: OwnServer | undefined;
  base.beforeAll(async () => {
    // Migrating and seeding PGlite takes longer than a test's default 30 s on a busy machine.
    base.setTimeout(240_000);
    server = await startOwnServer(port);
  });
  base.afterAll(async () => {
    await server?.close();
  });
  base.use({ baseURL });
  return { baseURL, server: () => server! };
}
