import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type RouteSchema } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../server/seed/demo';
import { openMigratedPglite } from '../support/pgliteTemplate';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database of the given kind, empty or `migrated`; PostgreSQL gets a scratch database per
 * suite, PGlite a migrated one from the run's dump (support/pgliteTemplate.ts).
 */
export async function openTestDatabase(kind: DatabaseKind, migrated = false): Promise<{ db: Database; drop: () => Promise<void>; databaseUrl?: string }> {
  if (kind === 'pglite') {
    const db = migrated ? await openMigratedPglite() : await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `openpermit_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  if (migrated) await migrate(db);
  return {
    db,
    databaseUrl: url.toString(),
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const CORPORATE_ISSUER = 'https://login.demo.test';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The scratch PostgreSQL database, for tests that need connections of their own. */
  databaseUrl?: string;
  config: Config;
  /** An id_token of the corporate identity provider for this email. */
  employeeToken(email: string, claims?: Record<string, unknown>): Promise<string>;
  /** Signs a contractor in with email + password and returns the access token. */
  contractorToken(email: string, password?: string): Promise<string>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Every route the server registered (HEAD excluded). */
  routes: { method: string; url: string; schema?: RouteSchema }[];
  /** Another server process on the same database and keys (a second instance, or this one restarted); the caller closes it. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The real server over a real, seeded database. Employees come from a corporate identity
 * provider whose keys the test holds: the one edge that is faked.
 */
export async function startTestServer(kind: DatabaseKind, overrides: Partial<Config> = {}, seed: { permits?: boolean } = {}): Promise<TestServer> {
  const { db, drop, databaseUrl } = await openTestDatabase(kind, true);
  // Without the demo's definitions and permits unless asked: the sync tests count what they build.
  await seedDemoIfEmpty(db, { permits: seed.permits ?? false });
  // Mail written to files (no SMTP_URL) must not land in the repository's ./data.
  const scratch = mkdtempSync(join(tmpdir(), 'openpermit-data-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir: scratch,
    oidcIssuer: CORPORATE_ISSUER,
    staticDir: '/nonexistent',
    ...overrides,
  };
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256' };
  const routes: { method: string; url: string; schema?: RouteSchema }[] = [];
  const app = await buildApp(config, db, {
    logger: false,
    oidcJwks: { keys: [jwk] },
    onRoute: (route) => routes.push(route),
  });

  const employeeToken = (email: string, claims: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: CORPORATE_ISSUER, aud: config.oidcClientId, sub: email, iat: now, exp: now + 3600, email, ...claims };
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'test' }).sign(privateKey);
  };

  const request: TestServer['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const contractorToken = async (email: string, password = DEMO_PASSWORD) => {
    const response = await request({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress: email, Password: password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
    return response.json<{ accessToken: string }>().accessToken;
  };

  return {
    app,
    db,
    databaseUrl,
    config,
    employeeToken,
    contractorToken,
    request,
    routes,
    sibling: () => buildApp(config, db, { logger: false, oidcJwks: { keys: [jwk] } }),
    close: async () => {
      await app.close();
      await drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
