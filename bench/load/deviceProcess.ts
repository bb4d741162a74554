/**
 * A share of the load run's devices, in a process of its own (devices.ts starts it). 200
 * devices in one event loop took each answer in turn — a page's decompression, parse and
 * bookkeeping, an event's parse — so the last of a wave of answers was timed after all the
 * others had been handled: the generator's own queue was in every latency it measured (its
 * loop's delay p99 was 260–420 ms). Spread over processes, each loop has a few dozen devices.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import { Puller, type PullRecorder } from './puller';
import type { Account } from './seed';
import { inBatches, signIn } from './signIn';
import { latencyHistogram, Refusals } from './tally';

/** What devices.ts sends. */
export type DeviceCommand =
  | { type: 'start'; url: string; accounts: Account[]; parallel: number }
  | { type: 'live' }
  | { type: 'report' }
  | { type: 'converge'; accepted: [string, [string, string][]][]; waitMs: number }
  | { type: 'stop' };

/** What this process answers, one message per command. */
export type DeviceReply =
  | { type: 'started' }
  | { type: 'live' }
  | { type: 'report'; report: DeviceReport }
  | { type: 'converged'; ms: number; behind: number; examples: string[] }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

export interface DeviceReport {
  /** HDR histograms, encoded. */
  firstSync: string;
  live: string;
  liveHeaders: string;
  pulls: number;
  events: number;
  refusals: [string, number][];
  expected429: number;
  streamFailures: [string, number][];
  /** Since 'live': this loop's delay p99 (ms) and its CPU (s). */
  lagP99Ms: number;
  cpuSeconds: number;
}

const pullers: Puller[] = [];
const recorder: PullRecorder = { firstSync: latencyHistogram(), live: latencyHistogram(), liveHeaders: latencyHistogram(), refusals: new Refusals(), streamFailures: new Refusals(), pulls: 0, events: 0 };
const lag = monitorEventLoopDelay({ resolution: 10 });
let cpuAtLive = process.cpuUsage();

const send = (reply: DeviceReply) => process.send!(reply);

function missing(puller: Puller, accepted: Map<string, Map<string, string>>): string[] {
  const out: string[] = [];
  for (const [id, fields] of accepted) {
    const have = puller.permits.get(id);
    for (const [field, value] of fields) if (have?.get(field) !== value) out.push(`${id} ${field}=${value} (has ${have?.get(field) ?? 'nothing'})`);
  }
  return out;
}

async function converge(accepted: Map<string, Map<string, string>>, waitMs: number) {
  const started = performance.now();
  let behind = pullers;
  while (performance.now() - started < waitMs) {
    behind = behind.filter((p) => !p.idle || missing(p, accepted).length > 0);
    if (behind.length === 0) return { ms: performance.now() - started, behind: 0, examples: [] };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ms: Number.NaN, behind: behind.length, examples: behind[0] ? missing(behind[0], accepted).slice(0, 3) : [] };
}

async function handle(command: DeviceCommand): Promise<DeviceReply> {
  switch (command.type) {
    case 'start': {
      const devices = await inBatches(command.accounts, command.parallel, (account) => signIn(command.url, account));
      await inBatches(devices, command.parallel, async (device) => {
        const puller = new Puller(device.http, recorder);
        pullers.push(puller);
        puller.start();
        while (!puller.synced) await new Promise((resolve) => setTimeout(resolve, 20));
      });
      return { type: 'started' };
    }
    case 'live':
      recorder.live = latencyHistogram();
      recorder.liveHeaders = latencyHistogram();
      [recorder.pulls, recorder.events] = [0, 0];
      lag.reset();
      lag.enable();
      cpuAtLive = process.cpuUsage();
      return { type: 'live' };
    case 'report': {
      const cpu = process.cpuUsage(cpuAtLive);
      lag.disable();
      return {
        type: 'report',
        report: {
          firstSync: encodeIntoCompressedBase64(recorder.firstSync),
          live: encodeIntoCompressedBase64(recorder.live),
          liveHeaders: encodeIntoCompressedBase64(recorder.liveHeaders),
          pulls: recorder.pulls,
          events: recorder.events,
          refusals: [...recorder.refusals.errors],
          expected429: recorder.refusals.expected,
          streamFailures: [...recorder.streamFailures.errors],
          lagP99Ms: lag.percentile(99) / 1e6,
          cpuSeconds: (cpu.user + cpu.system) / 1e6,
        },
      };
    }
    case 'converge':
      return { type: 'converged', ...(await converge(new Map(command.accepted.map(([id, fields]) => [id, new Map(fields)])), command.waitMs)) };
    case 'stop':
      await Promise.all(pullers.map((p) => p.stop()));
      return { type: 'stopped' };
  }
}

process.on('message', (command: DeviceCommand) => {
  handle(command).then(send, (error: unknown) => send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
