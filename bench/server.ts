/**
 * The real server for the benchmark: `tsx server/main.ts` on a port of its own, over a fresh
 * PGlite directory (or a scratch database in the PostgreSQL of BENCH_DATABASE_URL), filled by
 * `npm run seed:bench`, serving the built bench page and, beside it, the built app as its
 * static files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PERMIT_SCOPE_MAX } from '../domain/replicaScope';
import { APP_BUILD_DIR, BENCH_PAGE_DIR, ROOT } from './paths';

export interface BenchServer {
  url: string;
  database: 'PGlite' | 'PostgreSQL';
  stop(): Promise<void>;
}

export interface ServerOptions {
  permits: number;
  /** The bench page was built by an earlier server of the same run. */
  pageBuilt?: boolean;
  log(line: string): void;
}

/** Runs a command to its end; its output is shown only when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A database of its own in BENCH_DATABASE_URL's server, so runs never add to each other's permits. */
export async function scratchPostgres(adminUrl: string, name = `openpermit_bench_${Date.now().toString(36)}`): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not start:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

/** Stops the server's process group (npx and the node it started), and waits for it. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(-child.pid!, 'SIGTERM');
  });
}

export async function startBenchServer(options: ServerOptions): Promise<BenchServer> {
  if (!options.pageBuilt) {
    options.log('Building the bench page (bench/vite.config.ts)…');
    // BENCH_NO_MINIFY=1 keeps function names readable in a CPU profile of the page.
    const minify = process.env.BENCH_NO_MINIFY ? ['--minify', 'false'] : [];
    await run('npx', ['vite', 'build', '--config', 'bench/vite.config.ts', '--logLevel', 'warn', ...minify], process.env);
  }
  // The server has one static directory: the app's files go beside the pages' (hashed assets,
  // index.html, the service worker; no name in common), so the app's measures use the real app.
  if (!existsSync(join(APP_BUILD_DIR, 'index.html'))) throw new Error(`The app is not built in ${APP_BUILD_DIR}: run npx vite build.`);
  cpSync(APP_BUILD_DIR, BENCH_PAGE_DIR, { recursive: true, force: false });

  const scratch = mkdtempSync(join(tmpdir(), 'openpermit-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await scratchPostgres(adminUrl) : null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The developer's DATABASE_URL must not be filled with bench permits: PGlite unless BENCH_DATABASE_URL.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(scratch, 'data'), DATABASE_URL: postgres?.url ?? '' };

  options.log(`Seeding ${options.permits} permits (npm run seed:bench)…`);
  const seeded = await run('npm', ['run', '-s', 'seed:bench', '--', '--permits', String(options.permits)], env);
  options.log(seeded.trim().split('\n').at(-1) ?? '');

  const logFile = join(scratch, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, STATIC_DIR: BENCH_PAGE_DIR, SEED_DEMO: 'false', LOG_LEVEL: 'warn',
      // A replica holds at most SPEC's 5,000 permits: a larger seed is synced whole only with a larger cap.
      PERMIT_SCOPE_MAX: String(Math.max(options.permits, PERMIT_SCOPE_MAX)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the node process npx starts.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    await stopProcess(child);
    log.end();
    await postgres?.drop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, database: postgres ? 'PostgreSQL' : 'PGlite', stop };
}
