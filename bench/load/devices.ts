/**
 * The load run's devices spread over `processes` child processes (deviceProcess.ts), each
 * timing its own devices' pulls: a measure of the server rather than of one generator's event
 * loop. Commands go to every process at once and are answered by each.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeFromCompressedBase64, type Histogram } from 'hdr-histogram-js';
import type { DeviceCommand, DeviceReply, DeviceReport } from './deviceProcess';
import type { Account } from './seed';
import { latencyHistogram, Refusals } from './tally';
import type { Accepted } from './writers';

export interface FleetReport {
  firstSync: Histogram;
  live: Histogram;
  liveHeaders: Histogram;
  pulls: number;
  events: number;
  refusals: Refusals;
  streamFailures: Refusals;
  /** The slowest of the processes' event loops. */
  lagP99Ms: number;
  cpuSeconds: number;
}

export interface DeviceFleet {
  /** Histograms and counts start again: the live run begins. */
  live(): Promise<void>;
  report(): Promise<FleetReport>;
  /** Waits until every device is idle and holds every accepted edit, or `waitMs` passes. */
  converge(accepted: Accepted, waitMs: number): Promise<{ ms: number; behind: number; examples: string[] }>;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./deviceProcess.ts', import.meta.url));

function ask(child: ChildProcess, command: DeviceCommand): Promise<DeviceReply> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`A device process ended (exit ${code}) before answering '${command.type}'.`));
    child.once('exit', exited);
    child.once('message', (reply: DeviceReply) => {
      child.off('exit', exited);
      if (reply.type === 'failed') reject(new Error(`A device process failed '${command.type}': ${reply.message}`));
      else resolve(reply);
    });
    child.send(command);
  });
}

/** Signs the devices in and runs each one's first sync, `parallel` at a time over all processes. */
export async function startDevices(url: string, accounts: readonly Account[], processes: number, parallel: number): Promise<DeviceFleet> {
  const count = Math.max(1, Math.min(processes, accounts.length));
  const children = Array.from({ length: count }, () => fork(ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const all = (command: (i: number) => DeviceCommand) => Promise.all(children.map((child, i) => ask(child, command(i))));
  const stop = async () => {
    await Promise.all(children.filter((c) => c.exitCode === null && c.connected).map((c) => ask(c, { type: 'stop' }).catch(() => null)));
    for (const child of children) child.kill();
  };
  try {
    await all((i) => ({ type: 'start', url, accounts: accounts.filter((_, n) => n % count === i), parallel: Math.max(1, Math.round(parallel / count)) }));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    live: async () => void (await all(() => ({ type: 'live' }))),
    async report() {
      const reports = (await all(() => ({ type: 'report' }))).map((r) => (r as { report: DeviceReport }).report);
      const merged: FleetReport = { firstSync: latencyHistogram(), live: latencyHistogram(), liveHeaders: latencyHistogram(), pulls: 0, events: 0, refusals: new Refusals(), streamFailures: new Refusals(), lagP99Ms: 0, cpuSeconds: 0 };
      for (const r of reports) {
        merged.firstSync.add(decodeFromCompressedBase64(r.firstSync));
        merged.live.add(decodeFromCompressedBase64(r.live));
        merged.liveHeaders.add(decodeFromCompressedBase64(r.liveHeaders));
        merged.pulls += r.pulls;
        merged.events += r.events;
        for (const [kind, n] of r.refusals) merged.refusals.add(kind, n);
        merged.refusals.expected += r.expected429;
        for (const [kind, n] of r.streamFailures) merged.streamFailures.add(kind, n);
        merged.lagP99Ms = Math.max(merged.lagP99Ms, r.lagP99Ms);
        merged.cpuSeconds += r.cpuSeconds;
      }
      return merged;
    },
    async converge(accepted, waitMs) {
      const asSent = [...accepted].map(([id, fields]) => [id, [...fields]] as [string, [string, string][]]);
      const answers = (await all(() => ({ type: 'converge', accepted: asSent, waitMs }))) as Extract<DeviceReply, { type: 'converged' }>[];
      const behind = answers.reduce((n, a) => n + a.behind, 0);
      return { ms: behind > 0 ? Number.NaN : Math.max(...answers.map((a) => a.ms)), behind, examples: answers.flatMap((a) => a.examples).slice(0, 3) };
    },
    stop,
  };
}
