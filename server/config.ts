import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { S3Settings } from './storage/s3ObjectStore';

/** Everything the server reads from its environment; every variable is optional. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection; unset means the embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** A direct connection to the same database for LISTEN and session locks, when databaseUrl goes through a transaction pool. */
  databaseListenUrl?: string;
  /** The address people use to reach the app; issuer and links are built from it. */
  publicUrl: string;
  /** A corporate OpenID Connect provider; unset means the built-in one at /oidc. */
  oidcIssuer?: string;
  oidcClientId: string;
  /** Seed the demo site into an empty database. */
  seedDemo: boolean;
  /** Where the built app is served from. */
  staticDir: string;
  version: string;
  revision: string;
  logLevel: string;
  /** Outgoing mail server (smtp://user:pass@host:587); unset means mail is written to dataDir/mail. */
  smtpUrl?: string;
  /** The sender of the mail the server sends (invitations). */
  mailFrom: string;
  /** An S3-compatible object store for files; unset means the folder dataDir/objects. */
  s3?: S3Settings;
  /**
   * On SIGTERM, how long the server answers /api/ready "draining" while it still serves, before
   * it stops taking requests: long enough for a load balancer's health checks to take it out.
   */
  drainSeconds: number;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    publicUrl,
    oidcIssuer: env.OIDC_ISSUER || undefined,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'openpermit',
    seedDemo: env.SEED_DEMO !== 'false',
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    version: packageVersion(),
    revision: env.APP_REVISION ?? 'dev',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? `OpenPermit <no-reply@${new URL(publicUrl).hostname}>`,
    s3: s3Settings(env),
    drainSeconds: seconds(env.DRAIN_SECONDS, 'DRAIN_SECONDS'),
  };
}

function seconds(value: string | undefined, name: string): number {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || n < 0 || n > 300) throw new Error(`${name} must be a number of seconds from 0 to 300, not "${value}"`);
  return n;
}

/** S3_BUCKET turns the S3-compatible store on; the rest say where it is and how to sign in. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? '',
  };
}
