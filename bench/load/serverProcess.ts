/**
 * The production server as `npm start` runs it (`node --import tsx server/main.ts`), in a
 * process of its own so the load's clients never share its event loop, over the run's
 * PostgreSQL database. Its resident memory is read from /proc once a second.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../paths';
import { freePort, stopProcess, waitForHealth } from '../server';

export interface ProductionServer {
  url: string;
  /** Resident set size in MB (VmRSS), or NaN once the process is gone. */
  rssMb(): number;
  /** CPU time it has used so far (user and system), in seconds, or NaN once it is gone. */
  cpuSeconds(): number;
  /** Where requests' time went inside it since the last call (serverTrace.ts's JSON), or null if it did not answer. */
  dumpTrace(): Promise<string | null>;
  /** The end of its log, for a report when something failed. */
  logTail(): string;
  stop(): Promise<void>;
}

/** USER_HZ, which Linux fixes at 100 for /proc whatever the kernel's own tick. */
const CLOCK_TICKS_PER_SECOND = 100;

export async function startProductionServer(databaseUrl: string): Promise<ProductionServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'openpermit-load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(scratch, 'server.log');
  const log = createWriteStream(logFile);
  // LOAD_CPU_PROFILE=<dir>: the server's CPU profile of the run, for finding where a pull's time goes.
  const profile = process.env.LOAD_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROFILE}`] : [];
  // Where each request's time goes inside the server: the devices' own timing includes their machine's.
  const traceFile = join(scratch, 'trace.json');
  // LOAD_SERVER_ROOT=<dir>: another checkout's server (say the code before a change), under the same load.
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', '--import', join(ROOT, 'bench/load/serverTrace.ts'), 'server/main.ts'], {
    cwd: process.env.LOAD_SERVER_ROOT || ROOT,
    env: { ...process.env, LOAD_TRACE: traceFile, DATABASE_URL: databaseUrl, DATA_DIR: join(scratch, 'data'), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so stopping it stops whatever it started.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const logTail = () => readFileSync(logFile, 'utf8').slice(-3000);
  const stop = async () => {
    await stopProcess(child);
    log.end();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  const rssMb = () => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return kb ? Number(kb) / 1024 : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
  const cpuSeconds = () => {
    try {
      // Fields 14 and 15 (utime, stime) in clock ticks, after the command name in parentheses.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return Number.NaN;
    }
  };
  const dumpTrace = async () => {
    rmSync(traceFile, { force: true });
    child.kill('SIGUSR2');
    // Written in one synchronous call: once there, it is whole.
    for (let i = 0; i < 200 && !existsSync(traceFile); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return existsSync(traceFile) ? readFileSync(traceFile, 'utf8') : null;
  };
  return { url, rssMb, cpuSeconds, dumpTrace, logTail, stop };
}
