/**
 * `npm run cluster`: the deployment of README's Running at scale on this machine — PostgreSQL,
 * PgBouncer in transaction mode (deploy/pgbouncer.ini), an S3 API for the files (s3rver), three
 * instances and HAProxy in front (deploy/haproxy.cfg) — and the one URL to open. Installs
 * HAProxy and PgBouncer from Debian where they are missing, and starts PostgreSQL, as .ci/run
 * does. Ctrl-C stops it all. Its data stays in data/cluster/ (and the database openpermit_cluster).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';

const PORT = Number(process.env.PORT ?? 8080);
const INSTANCE_PORTS = [PORT + 1, PORT + 2, PORT + 3];
const PGBOUNCER_PORT = Number(process.env.PGBOUNCER_PORT ?? 6432);
const S3_PORT = Number(process.env.S3_PORT ?? 9000);
const ADMIN_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'openpermit_cluster';
const WORK = resolve('data/cluster');
const BUCKET = 'openpermit-files';

const log = (line: string) => console.log(`cluster: ${line}`);
const children: { name: string; child: ChildProcess }[] = [];
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const isRoot = process.getuid?.() === 0;

function installMissing(packages: Record<string, string>): void {
  const missing = Object.entries(packages).filter(([command]) => !has(command)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`Install ${missing.join(' and ')} first (sudo apt-get install -y ${missing.join(' ')}).`);
  log(`installing ${missing.join(', ')} from Debian…`);
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** PostgreSQL as .ci/run finds it: started if it is installed but not running. */
async function startPostgres(): Promise<void> {
  const ready = () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status === 0;
  if (!ready()) {
    installMissing({ pg_ctlcluster: 'postgresql' });
    const version = readdirSync('/etc/postgresql').sort((a, b) => Number(a) - Number(b)).at(-1)!;
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 30 && !ready(); i++) await new Promise((r) => setTimeout(r, 1000));
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const [exists] = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rows;
  if (!exists) await admin.query(`create database ${DATABASE}`);
  // PgBouncer does not pass the app's per-connection `-c jit=off` on: the database says it instead.
  await admin.query(`alter database ${DATABASE} set jit = off`);
  await admin.end();
}

/** Starts a part of the cluster; what it writes goes to `logFile` when given (the instances: each repeats the banner). */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, logFile?: string): ChildProcess {
  const output = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', output, output] });
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${name} exited (${signal ?? code}); stopping the cluster.`);
    if (!stopping) void stop(1);
  });
  children.push({ name, child });
  return child;
}

/** PgBouncer on deploy/pgbouncer.ini, with this machine's paths and the cluster's database. */
function startPgBouncer(): void {
  const dir = resolve(WORK, 'pgbouncer');
  mkdirSync(dir, { recursive: true });
  const direct = new URL(ADMIN_URL);
  const ini = readFileSync('deploy/pgbouncer.ini', 'utf8')
    .replace(/^openpermit = .*$/m, `openpermit = host=${direct.hostname} port=${direct.port || 5432} dbname=${DATABASE}`)
    .replace(/^listen_port = .*$/m, `listen_port = ${PGBOUNCER_PORT}`)
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
  start('PgBouncer', 'pgbouncer', [...asUser, `${dir}/pgbouncer.ini`]);
}

async function waitReady(url: string, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready at ${url}.`);
}

function startInstance(port: number, s3Endpoint: string): ChildProcess {
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${DATABASE}`;
  const pooled = new URL(direct);
  pooled.port = String(PGBOUNCER_PORT);
  pooled.pathname = '/openpermit';
  return start(`instance :${port}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${PORT}`,
    DATA_DIR: resolve(WORK, `instance-${port}`),
    DATABASE_URL: pooled.toString(),
    DATABASE_LISTEN_URL: direct.toString(),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DRAIN_SECONDS: '2',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  }, resolve(WORK, `instance-${port}.log`));
}

let stopping = false;
let s3: S3rver | undefined;
/** Instances first (SIGTERM: they drain), then HAProxy, PgBouncer and the S3 API. */
async function stop(code: number): Promise<never> {
  stopping = true;
  const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)));
  const instances = children.filter((c) => c.name.startsWith('instance'));
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.all(instances.map(({ child }) => exited(child)));
  for (const { child } of children.filter((c) => !c.name.startsWith('instance'))) {
    child.kill('SIGTERM');
    await exited(child);
  }
  await s3?.close();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

try {
  installMissing({ haproxy: 'haproxy', pgbouncer: 'pgbouncer' });
  mkdirSync(WORK, { recursive: true });
  await startPostgres();
  startPgBouncer();
  s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', silent: true, directory: resolve(WORK, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.run();
  if (!existsSync('dist/index.html')) {
    log('building the app…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const s3Endpoint = `http://127.0.0.1:${S3_PORT}`;
  // The first migrates and seeds; the others start on a ready database.
  startInstance(INSTANCE_PORTS[0]!, s3Endpoint);
  await waitReady(`http://127.0.0.1:${INSTANCE_PORTS[0]}/api/ready`, 'The first instance');
  for (const port of INSTANCE_PORTS.slice(1)) startInstance(port, s3Endpoint);
  await Promise.all(INSTANCE_PORTS.slice(1).map((port) => waitReady(`http://127.0.0.1:${port}/api/ready`, `The instance on ${port}`)));
  const [app1, app2, app3] = INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`);
  start('HAProxy', 'haproxy', ['-f', 'deploy/haproxy.cfg', '-db'], { PORT: String(PORT), APP1: app1, APP2: app2, APP3: app3 });
  await waitReady(`http://127.0.0.1:${PORT}/api/ready`, 'HAProxy');
  console.log(
    [
      '',
      `OpenPermit runs at http://localhost:${PORT} — HAProxy over three instances (${INSTANCE_PORTS.join(', ')}),`,
      `PgBouncer on ${PGBOUNCER_PORT} (transaction mode) before PostgreSQL (${DATABASE}), files in an S3 API on ${S3_PORT}.`,
      `The instances' logs: ${WORK}/instance-*.log.`,
      'Sign in as the README says (the demo cast). Ctrl-C stops it all.',
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
