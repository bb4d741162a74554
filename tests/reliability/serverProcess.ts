/**
 * The production server as its own process (server/main.ts), on a file-backed PGlite folder or a
 * scratch PostgreSQL database when DATABASE_URL is set: a test can kill it with SIGKILL, as a
 * power cut or the OOM killer would, and start it again on the same database and port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, scratchPostgres } from '../../bench/server';
import { openDatabase, type Database } from '../../server/db/database';

export interface ServerProcess {
  /** http://127.0.0.1:PORT — the same across restarts. */
  url: string;
  port: number;
  /** The scratch PostgreSQL database it runs on; null on PGlite, whose folder only the server may open. */
  databaseUrl: string | null;
  /** SIGKILL: no shutdown hook runs, requests under way are cut, transactions open are lost. */
  kill(): Promise<void>;
  /** SIGTERM, as systemd or a rolling restart stops it: resolves with its exit code once it has exited. */
  terminate(): Promise<number | null>;
  /** Starts the server again on the same database and port; resolves once it answers. */
  restart(): Promise<void>;
  /**
   * Kills the server and opens its database in the test: what survived the kills, read directly
   * (PGlite's folder is one process's at a time). Close it before `close()`.
   */
  stopAndOpenDatabase(): Promise<Database>;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

const STARTUP_MS = 90_000;

/** `env` adds to or overrides the server's environment (e.g. DRAIN_SECONDS). */
export async function startServerProcess(extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openpermit-faults-'));
  const postgres = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, `openpermit_faults_${process.pid}_${Date.now()}`) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    STATIC_DIR: join(dataDir, 'no-app'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let child: ChildProcess | null = null;
  let log = '';

  async function launch(): Promise<void> {
    // node itself, not the tsx CLI: the CLI runs the server in a child of its own, which a SIGKILL of the CLI would orphan.
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + STARTUP_MS;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`The server exited with ${started.exitCode}:\n${log}`);
      try {
        if ((await fetch(`${url}/api/config`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The server did not answer within ${STARTUP_MS} ms:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop(signal: NodeJS.Signals): Promise<number | null> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return running?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill(signal);
    return exited;
  }
  const kill = async () => void (await stop('SIGKILL'));

  await launch();
  return {
    url,
    port,
    databaseUrl: postgres?.url ?? null,
    kill,
    terminate: () => stop('SIGTERM'),
    restart: launch,
    async stopAndOpenDatabase() {
      await kill();
      return openDatabase({ databaseUrl: postgres?.url, dataDir });
    },
    output: () => log,
    async close() {
      await kill();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
