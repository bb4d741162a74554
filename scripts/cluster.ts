/**
 * `npm run cluster`: the deployment of README's Running at scale on this machine — PostgreSQL,
 * PgBouncer in transaction mode (deploy/pgbouncer.ini), an S3 API for the files (s3rver), three
 * instances and HAProxy in front (deploy/haproxy.cfg) — and the one URL to open. Installs
 * HAProxy and PgBouncer from Debian where they are missing, and starts PostgreSQL, as .ci/run
 * does. Ctrl-C stops it all. Its data stays in data/cluster/ (and the database openpermit_cluster).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type S3rver from 's3rver';
import {
  databaseUrls, ensurePostgres, exited, installMissing, prepareDatabase, startHaproxy, startInstance, startPgBouncer, startS3, waitReady, type Part,
} from './clusterParts';

const PORT = Number(process.env.PORT ?? 8080);
const INSTANCE_PORTS = [PORT + 1, PORT + 2, PORT + 3];
const PGBOUNCER_PORT = Number(process.env.PGBOUNCER_PORT ?? 6432);
const S3_PORT = Number(process.env.S3_PORT ?? 9000);
const ADMIN_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'openpermit_cluster';
const WORK = resolve('data/cluster');
const BUCKET = 'openpermit-files';

const log = (line: string) => console.log(`cluster: ${line}`);
const children: Part[] = [];

/** Keeps a part; if it exits on its own, the cluster stops. */
function watch(part: Part): ChildProcess {
  part.child.on('exit', (code, signal) => {
    if (!stopping) log(`${part.name} exited (${signal ?? code}); stopping the cluster.`);
    if (!stopping) void stop(1);
  });
  children.push(part);
  return part.child;
}

const { pooled, direct } = databaseUrls(ADMIN_URL, DATABASE, PGBOUNCER_PORT);

function instance(port: number, s3Endpoint: string): ChildProcess {
  return watch(startInstance({
    port,
    publicUrl: `http://localhost:${PORT}`,
    dataDir: resolve(WORK, `instance-${port}`),
    pooledUrl: pooled,
    directUrl: direct,
    s3Endpoint,
    bucket: BUCKET,
    logFile: resolve(WORK, `instance-${port}.log`),
  }));
}

let stopping = false;
let s3: S3rver | undefined;
/** Instances first (SIGTERM: they drain), then HAProxy, PgBouncer and the S3 API. */
async function stop(code: number): Promise<never> {
  stopping = true;
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
  installMissing({ haproxy: 'haproxy', pgbouncer: 'pgbouncer' }, log);
  mkdirSync(WORK, { recursive: true });
  await ensurePostgres(log);
  await prepareDatabase(ADMIN_URL, DATABASE);
  watch(startPgBouncer({ dir: resolve(WORK, 'pgbouncer'), port: PGBOUNCER_PORT, adminUrl: ADMIN_URL, database: DATABASE }));
  s3 = await startS3(S3_PORT, resolve(WORK, 's3'), BUCKET);
  if (!existsSync('dist/index.html')) {
    log('building the app…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const s3Endpoint = `http://127.0.0.1:${S3_PORT}`;
  // The first migrates and seeds; the others start on a ready database.
  instance(INSTANCE_PORTS[0]!, s3Endpoint);
  await waitReady(`http://127.0.0.1:${INSTANCE_PORTS[0]}/api/ready`, 'The first instance');
  for (const port of INSTANCE_PORTS.slice(1)) instance(port, s3Endpoint);
  await Promise.all(INSTANCE_PORTS.slice(1).map((port) => waitReady(`http://127.0.0.1:${port}/api/ready`, `The instance on ${port}`)));
  watch(startHaproxy({ port: PORT, instances: INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`), dir: resolve(WORK, 'haproxy') }));
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
