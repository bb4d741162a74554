/**
 * The parts of the scale-out deployment (README: Running at scale) as child processes on this
 * machine: PgBouncer on deploy/pgbouncer.ini, server instances, HAProxy on deploy/haproxy.cfg and
 * an S3 API (s3rver). `npm run cluster` runs them for a person; the scale proof
 * (tests/reliability/scale.test.ts) and `npm run bench` run them on a scratch database — the
 * same configuration files, so what is proven is what operators deploy.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';

const ROOT = resolve(import.meta.dirname, '..');
const isRoot = process.getuid?.() === 0;
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Installs the Debian packages of the commands missing (as root; otherwise says what to install). */
export function installMissing(packages: Record<string, string>, log: (line: string) => void): void {
  const missing = Object.entries(packages).filter(([command]) => !has(command)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`Install ${missing.join(' and ')} first (sudo apt-get install -y ${missing.join(' ')}).`);
  log(`installing ${missing.join(', ')} from Debian…`);
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** PostgreSQL as .ci/run finds it: started if it is installed but not running. */
export async function ensurePostgres(log: (line: string) => void): Promise<void> {
  const ready = () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status === 0;
  if (ready()) return;
  installMissing({ pg_ctlcluster: 'postgresql' }, log);
  const version = readdirSync('/etc/postgresql').sort((a, b) => Number(a) - Number(b)).at(-1)!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  for (let i = 0; i < 30 && !ready(); i++) await pause(1000);
}

/** Creates `database` if missing, with JIT off: PgBouncer does not pass the app's per-connection `-c jit=off` on. */
export async function prepareDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const [exists] = (await admin.query('select 1 from pg_database where datname = $1', [database])).rows;
    if (!exists) await admin.query(`create database ${database}`);
    await admin.query(`alter database ${database} set jit = off`);
  } finally {
    await admin.end();
  }
}

export interface Part {
  name: string;
  child: ChildProcess;
}

/** Resolves once `child` has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));

/** Starts a part; what it writes goes to `logFile` when given, else to this terminal. */
export function startPart(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, logFile?: string): Part {
  const output = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', output, output] });
  return { name, child };
}

/** Polls `url` until it answers 2xx. */
export async function waitReady(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(100);
  }
  throw new Error(`${what} did not become ready at ${url}.`);
}

/** The URLs an instance is given: the pool (PgBouncer) for its queries, the database itself for LISTEN and session locks. */
export function databaseUrls(adminUrl: string, database: string, pgbouncerPort: number): { pooled: string; direct: string } {
  const direct = new URL(adminUrl);
  direct.pathname = `/${database}`;
  const pooled = new URL(direct);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(pgbouncerPort);
  pooled.pathname = '/openpermit';
  return { pooled: pooled.toString(), direct: direct.toString() };
}

/** PgBouncer on deploy/pgbouncer.ini, with `dir` for its files and the given database behind the name `openpermit`. */
export function startPgBouncer(options: { dir: string; port: number; adminUrl: string; database: string; logFile?: string }): Part {
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  const direct = new URL(options.adminUrl);
  const ini = readFileSync(join(ROOT, 'deploy/pgbouncer.ini'), 'utf8')
    .replace(/^openpermit = .*$/m, `openpermit = host=${direct.hostname} port=${direct.port || 5432} dbname=${options.database}`)
    .replace(/^listen_port = .*$/m, `listen_port = ${options.port}`)
    .replace(/^auth_file = .*$/m, `auth_file = ${dir}/userlist.txt`)
    .replace(/^logfile = .*$/m, `logfile = ${dir}/pgbouncer.log`)
    .replace(/^pidfile = .*$/m, `pidfile = ${dir}/pgbouncer.pid`);
  writeFileSync(`${dir}/pgbouncer.ini`, ini);
  writeFileSync(`${dir}/userlist.txt`, `"${decodeURIComponent(direct.username || 'postgres')}" ""\n`);
  // PgBouncer refuses to run as root: as root, it runs as postgres, which must own its folder.
  const asUser = isRoot ? ['-u', 'postgres'] : [];
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    for (const file of ['', '/pgbouncer.ini', '/userlist.txt']) chownSync(`${dir}${file}`, uid, uid);
  }
  return startPart('PgBouncer', 'pgbouncer', [...asUser, `${dir}/pgbouncer.ini`], {}, options.logFile);
}

/** Waits until PgBouncer takes connections (it answers a query through to PostgreSQL). */
export async function waitPgBouncer(pooledUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: pooledUrl });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PgBouncer did not answer at ${pooledUrl}: ${String(error)}`);
      await pause(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export interface InstanceOptions {
  port: number;
  publicUrl: string;
  dataDir: string;
  pooledUrl: string;
  directUrl: string;
  s3Endpoint: string;
  bucket: string;
  logFile?: string;
  /** Added to or overriding the instance's environment. */
  env?: NodeJS.ProcessEnv;
}

/** One server instance (node itself, not the tsx CLI, so a SIGKILL reaches the server and orphans nothing). */
export function startInstance(options: InstanceOptions): Part {
  return startPart(`instance :${options.port}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.publicUrl,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.pooledUrl,
    DATABASE_LISTEN_URL: options.directUrl,
    S3_BUCKET: options.bucket,
    S3_ENDPOINT: options.s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DRAIN_SECONDS: '2',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...options.env,
  }, options.logFile);
}

/**
 * HAProxy on deploy/haproxy.cfg, listening on `port`, in front of one to three instances
 * (host:port). With fewer than three, the copy written in `dir` leaves the other servers out.
 */
export function startHaproxy(options: { port: number; instances: readonly string[]; dir: string; logFile?: string }): Part {
  const { instances } = options;
  let config = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  for (let n = instances.length + 1; n <= 3; n++) config = config.replace(new RegExp(`^\\s*server app${n} .*\\n`, 'm'), '');
  mkdirSync(options.dir, { recursive: true });
  const file = join(options.dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const env = Object.fromEntries(instances.map((address, i) => [`APP${i + 1}`, address]));
  return startPart('HAProxy', 'haproxy', ['-f', file, '-db'], { PORT: String(options.port), ...env }, options.logFile);
}

/** An S3 API for the files (s3rver), with `bucket` made. */
export async function startS3(port: number, directory: string, bucket: string): Promise<S3rver> {
  const s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.run();
  return s3;
}
