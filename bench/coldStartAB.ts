/**
 * `npx tsx bench/coldStartAB.ts <buildA> <buildB> [--runs 5] [--permits 5000]`: the offline
 * cold start (bench/scenarios/coldStart.ts) of two builds of the app (`npx vite build --outDir
 * <dir>`), measured in turns (A, B, A, B …) so a busy machine's load weighs on both alike.
 * One PostgreSQL database (BENCH_DATABASE_URL, default the local server) seeded once, one
 * server per build on it, one device per build signed in and synced; then the cold starts.
 * BENCH_TRACE=<dir> writes a Chromium trace of each start (V8's compile and code cache
 * events included), BENCH_CPU_PROFILE=<dir> its CPU profile.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closeAllTabs } from './browser';
import { openAppDevice, type AppDevice } from './scenarios/appDevice';
import { measureRestarts } from './scenarios/coldStart';
import { freePort, scratchPostgres, stopProcess, waitForHealth } from './server';
import { homeAtSite, signIn } from './session';
import { ROOT } from './paths';
import { median } from './stats';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, permits: { type: 'string', default: '5000' } },
});
if (positionals.length !== 2) throw new Error('Usage: npx tsx bench/coldStartAB.ts <buildA> <buildB> [--runs 5] [--permits 5000]');
const builds = positionals.map((dir) => resolve(dir));
const log = (line: string) => console.log(line);

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${code})`))));
  });
}

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await scratchPostgres(adminUrl);
const scratch = mkdtempSync(join(tmpdir(), 'openpermit-coldab-'));
const stops: (() => Promise<void>)[] = [];
const devices: AppDevice[] = [];
try {
  const env = { ...process.env, DATABASE_URL: database.url, DATA_DIR: join(scratch, 'data') };
  log(`Seeding ${values.permits} permits…`);
  await run('npm', ['run', '-s', 'seed:bench', '--', '--permits', values.permits], env);
  for (const [i, dir] of builds.entries()) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logFile = join(scratch, `server-${i}.log`);
    const out = createWriteStream(logFile);
    const child = spawn('npx', ['tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, STATIC_DIR: dir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    stops.push(() => stopProcess(child));
    await waitForHealth(url, child, logFile);
    log(`${'AB'[i]}: ${dir} at ${url}; signing in and syncing…`);
    const session = await signIn(url);
    if (i === 0) await homeAtSite(session);
    devices.push(await openAppDevice({ url, session, owner: '', expectedPermits: 0, log }));
  }
  const samples: number[][] = builds.map(() => []);
  for (let r = 0; r < Number(values.runs); r++) {
    for (const [i, device] of devices.entries()) {
      const [ms] = await measureRestarts(device, 1, () => undefined);
      samples[i]!.push(ms!);
      // Its app would go on running beside the other build's start: the device is off until its next one.
      await device.context.close();
      log(`run ${r + 1} ${'AB'[i]}: ${Math.round(ms!)} ms (load ${loadavg()[0]!.toFixed(2)})`);
    }
  }
  for (const [i, s] of samples.entries()) {
    const sorted = [...s].sort((a, b) => a - b).map(Math.round);
    log(`${'AB'[i]}: median ${Math.round(median(s))} ms, min ${sorted[0]} max ${sorted.at(-1)} (${sorted.join(' ')})`);
  }
} finally {
  for (const device of devices) await device.close().catch(() => undefined);
  await closeAllTabs().catch(() => undefined);
  for (const stop of stops) await stop();
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
}
