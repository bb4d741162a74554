/**
 * The scale-out deployment of `npm run cluster` for a test or a bench run (scripts/clusterParts.ts):
 * PgBouncer in transaction mode over a given PostgreSQL database, an S3 API, one to three server
 * instances as child processes and HAProxy in front, on ports of the caller's range. Each instance
 * can be killed with SIGKILL, stopped with SIGTERM and started again on its port.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type S3rver from 's3rver';
import {
  databaseUrls, exited, prepareDatabase, startHaproxy, startInstance, startPgBouncer, startS3, waitPgBouncer, waitReady, type Part,
} from '../../scripts/clusterParts';

export interface ClusterInstance {
  /** http://127.0.0.1:PORT — the instance itself, not through HAProxy. */
  url: string;
  port: number;
  pid(): number | undefined;
  /** SIGKILL, as a power cut or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM, as a rolling restart: resolves with the exit code. */
  terminate(): Promise<number | null>;
  /** Starts it again on its port; resolves once it answers ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: what devices use. */
  url: string;
  instances: ClusterInstance[];
  /** The database directly (not through PgBouncer). */
  databaseUrl: string;
  /** CPU seconds the instances have used (the ones running now, since they started). */
  cpuSeconds(): number;
  /** Resident memory of the instances, summed, MB. */
  rssMb(): number;
  /** The end of each instance's log, for a failing test. */
  logTail(): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The PostgreSQL server (admin URL) and the database in it to run on; it must exist. */
  adminUrl: string;
  database: string;
  /** Ports from here: HAProxy, PgBouncer, S3, then the instances. */
  basePort: number;
  instances?: number;
  /** Added to each instance's environment (e.g. SEED_DEMO). */
  env?: NodeJS.ProcessEnv;
  /** Told how long each instance took to start. */
  log?: (line: string) => void;
}

const CLOCK_TICKS_PER_SECOND = 100;
/** A start on a machine busy with a load run takes far longer than on a quiet one. */
const STARTUP_MS = 240_000;
const BUCKET = 'openpermit-files';

function procFigure(pid: number | undefined, read: (stat: string, status: string) => number): number {
  if (!pid) return 0;
  try {
    return read(readFileSync(`/proc/${pid}/stat`, 'utf8'), readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return 0;
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), 'openpermit-cluster-'));
  // As root, PgBouncer runs as postgres (clusterParts.ts), which must reach its folder inside.
  chmodSync(work, 0o755);
  const [haproxyPort, pgbouncerPort, s3Port] = [options.basePort, options.basePort + 1, options.basePort + 2];
  const ports = Array.from({ length: options.instances ?? 3 }, (_, i) => options.basePort + 3 + i);
  const { pooled, direct } = databaseUrls(options.adminUrl, options.database, pgbouncerPort);
  await prepareDatabase(options.adminUrl, options.database);
  const parts: Part[] = [];
  let s3: S3rver | undefined;
  const running = new Map<number, Part>();

  const stop = async () => {
    for (const part of running.values()) part.child.kill('SIGKILL');
    await Promise.all([...running.values()].map((part) => exited(part.child)));
    for (const part of parts) {
      part.child.kill('SIGTERM');
      await exited(part.child);
    }
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  };

  const logFile = (port: number) => join(work, `instance-${port}.log`);
  const launch = async (port: number) => {
    const part = startInstance({
      port, publicUrl: `http://127.0.0.1:${haproxyPort}`, dataDir: join(work, `data-${port}`), pooledUrl: pooled, directUrl: direct,
      s3Endpoint: `http://127.0.0.1:${s3Port}`, bucket: BUCKET, logFile: logFile(port), env: { STATIC_DIR: join(work, 'no-app'), ...options.env },
    });
    running.set(port, part);
    const failed = new Promise<never>((_, reject) => part.child.once('exit', (code) => reject(new Error(`The instance on ${port} exited (${code}) while starting:\n${readFileSync(logFile(port), 'utf8').slice(-3000)}`))));
    failed.catch(() => undefined);
    const started = performance.now();
    try {
      await Promise.race([waitReady(`http://127.0.0.1:${port}/api/ready`, `The instance on ${port}`, STARTUP_MS), failed]);
    } catch (error) {
      throw new Error(`${String(error)}\nIts log ends with:\n${readFileSync(logFile(port), 'utf8').slice(-3000)}`);
    }
    options.log?.(`instance :${port} ready in ${Math.round(performance.now() - started)} ms`);
  };
  const signal = async (port: number, name: NodeJS.Signals) => {
    const part = running.get(port);
    if (!part) return null;
    const done = exited(part.child);
    part.child.kill(name);
    await done;
    running.delete(port);
    return part.child.exitCode;
  };

  try {
    parts.push(startPgBouncer({ dir: join(work, 'pgbouncer'), port: pgbouncerPort, adminUrl: options.adminUrl, database: options.database, logFile: join(work, 'pgbouncer.out') }));
    await waitPgBouncer(pooled);
    s3 = await startS3(s3Port, join(work, 's3'), BUCKET);
    // The first migrates (and seeds, if asked); the others start on a ready database.
    await launch(ports[0]!);
    await Promise.all(ports.slice(1).map(launch));
    parts.push(startHaproxy({ port: haproxyPort, instances: ports.map((port) => `127.0.0.1:${port}`), dir: join(work, 'haproxy'), logFile: join(work, 'haproxy.log') }));
    await waitReady(`http://127.0.0.1:${haproxyPort}/api/ready`, 'HAProxy', 30_000);
  } catch (error) {
    await stop();
    throw error;
  }

  const pids = () => [...running.values()].map((part) => part.child.pid);
  return {
    url: `http://127.0.0.1:${haproxyPort}`,
    databaseUrl: direct,
    instances: ports.map((port) => ({
      url: `http://127.0.0.1:${port}`,
      port,
      pid: () => running.get(port)?.child.pid,
      kill: async () => void (await signal(port, 'SIGKILL')),
      terminate: () => signal(port, 'SIGTERM'),
      restart: () => launch(port),
    })),
    cpuSeconds: () =>
      pids().reduce<number>((sum, pid) => sum + procFigure(pid, (stat) => {
        const fields = stat.split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
      }), 0),
    rssMb: () => pids().reduce<number>((sum, pid) => sum + procFigure(pid, (_, status) => Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024), 0),
    logTail: () => ports.map((port) => {
      try {
        return `— instance ${port}:\n${readFileSync(logFile(port), 'utf8').slice(-1500)}`;
      } catch {
        return '';
      }
    }).join('\n'),
    stop,
  };
}
