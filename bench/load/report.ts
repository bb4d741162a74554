/** The load run's figures as rows with their budgets (issue 12) and ✓/✗. */
import { PULLED_COLLECTIONS } from '../../schemas';
import type { LoadResult } from './loadRun';

export const LOAD_BUDGETS = { pullP99Ms: 250, pushP99Ms: 400, auditSharePct: 20 } as const;

/**
 * Memory counts as flat when the last fifth after warm-up is within this of the first: a
 * V8 heap breathes by tens of MB between collections, a leak under this load grows steadily.
 */
export const FLAT_MEMORY = { mb: 30, fraction: 0.1 } as const;

export const memoryBoundMb = (r: LoadResult) => Math.max(FLAT_MEMORY.mb, r.memory.firstMb * FLAT_MEMORY.fraction);

export interface LoadRow {
  figure: string;
  value: string;
  target: string;
  met?: boolean;
}

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : '–');
const mb = (x: number) => `${x.toFixed(0)} MB`;
const pct = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} %` : '–');

export function loadRows(r: LoadResult): LoadRow[] {
  const o = r.options;
  const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
  const c = r.convergence;
  const converged = c.missingOnServer === 0 && c.devicesBehind === 0;
  const m = r.memory;
  return [
    { figure: `Load ${o.seconds} s: ${o.clients} devices pulling live, ${o.writers} writers × ${o.rate} edit/s, PostgreSQL`, value: `load avg ${r.loadAtStart[0]!.toFixed(1)} → ${r.loadAtEnd[0]!.toFixed(1)}`, target: '' },
    { figure: `   pull p99 (n=${r.pull.count}, ${r.streamEvents} stream events)`, value: ms(r.pull.p99), target: `≤ ${LOAD_BUDGETS.pullP99Ms} ms`, met: r.pull.p99 <= LOAD_BUDGETS.pullP99Ms },
    { figure: '   pull p50', value: ms(r.pull.p50), target: '' },
    { figure: "   pull to the answer's headers (before reading the body) p50 / p99", value: `${ms(r.pullHeaders.p50)} / ${ms(r.pullHeaders.p99)}`, target: '' },
    { figure: `   pull p99 inside the server: request parsed → answer written (n=${r.inServer.pull.count})`, value: ms(r.inServer.pull.p99), target: `≤ ${LOAD_BUDGETS.pullP99Ms} ms`, met: r.inServer.pull.p99 <= LOAD_BUDGETS.pullP99Ms },
    { figure: '   pull p50 inside the server', value: ms(r.inServer.pull.p50), target: '' },
    { figure: `   push p99 (n=${r.push.count})`, value: ms(r.push.p99), target: `≤ ${LOAD_BUDGETS.pushP99Ms} ms`, met: r.push.p99 <= LOAD_BUDGETS.pushP99Ms },
    { figure: '   push p50', value: ms(r.push.p50), target: '' },
    { figure: `   push p99 inside the server (n=${r.inServer.push.count})`, value: ms(r.inServer.push.p99), target: `≤ ${LOAD_BUDGETS.pushP99Ms} ms`, met: r.inServer.push.p99 <= LOAD_BUDGETS.pushP99Ms },
    { figure: '   push p50 inside the server', value: ms(r.inServer.push.p50), target: '' },
    {
      figure: `   push share writing its audit event + chain, p50 (n=${r.inServer.pushAuditShare.count})`,
      value: pct(r.inServer.pushAuditShare.p50), target: `≤ ${LOAD_BUDGETS.auditSharePct} %`, met: r.inServer.pushAuditShare.p50 <= LOAD_BUDGETS.auditSharePct,
    },
    { figure: '   push share writing its audit event + chain, p99', value: pct(r.inServer.pushAuditShare.p99), target: `≤ ${LOAD_BUDGETS.auditSharePct} %`, met: r.inServer.pushAuditShare.p99 <= LOAD_BUDGETS.auditSharePct },
    { figure: '   error responses (429 with Retry-After apart)', value: String(errors), target: '0', met: errors === 0 },
    { figure: '   429 with Retry-After, waited out', value: String(r.expected429), target: '' },
    { figure: `   server RSS, last vs first fifth after warm-up (${m.samples.length} s sampled)`, value: `${m.growthMb >= 0 ? '+' : ''}${mb(m.growthMb)}`, target: `≤ +${mb(memoryBoundMb(r))}`, met: m.growthMb <= memoryBoundMb(r) },
    { figure: '   RSS first / last fifth; slope', value: `${mb(m.firstMb)} / ${mb(m.lastMb)}; ${m.slopeMbPerMin >= 0 ? '+' : ''}${m.slopeMbPerMin.toFixed(1)} MB/min`, target: '' },
    { figure: `   every accepted edit on the server and on every device (${c.edits} fields)`, value: converged ? `yes, in ${ms(c.ms)}` : `no: ${c.missingOnServer} missing on the server, ${c.devicesBehind} devices behind`, target: 'all', met: converged },
    { figure: `   first sync (warm-up): ${o.clients} devices × ${PULLED_COLLECTIONS.length} collections, ${o.permits} permits`, value: `${(r.firstSync.ms / 1000).toFixed(1)} s`, target: '' },
    { figure: `      page p50 / p99 (n=${r.firstSync.count})`, value: `${ms(r.firstSync.p50)} / ${ms(r.firstSync.p99)}`, target: '' },
    { figure: `   load generator event-loop delay p99 (the slowest of ${o.processes} device processes and the writers')`, value: ms(r.generatorLagP99Ms), target: '' },
    // CPU time is what a busy machine distorts least: the server's cost of the run, apart from its latency.
    { figure: `   CPU while the writers ran (${r.cpu.seconds.toFixed(0)} s): server; per request (pulls and pushes)`, value: `${r.cpu.server.toFixed(1)} s; ${ms((1000 * r.cpu.server) / r.cpu.requests)}`, target: '' },
    { figure: '   CPU of the load generator', value: `${r.cpu.generator.toFixed(1)} s`, target: '' },
  ];
}

const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');

export function printLoadReport(r: LoadResult, print: (line: string) => void = console.log): void {
  const rows = loadRows(r);
  const widths = [Math.max(...rows.map((x) => x.figure.length)), Math.max(...rows.map((x) => x.value.length)), Math.max(...rows.map((x) => x.target.length))];
  print(`Load average (1/5/15 min): ${load(r.loadAtStart)} at the start, ${load(r.loadAtEnd)} at the end`);
  for (const row of rows) {
    const verdict = row.met === undefined ? '' : row.met ? '✓' : '✗';
    print([row.figure.padEnd(widths[0]!), row.value.padStart(widths[1]!), row.target.padEnd(widths[2]!), verdict].join('  ').trimEnd());
  }
  for (const [kind, n] of r.errors) print(`   error ×${n}: ${kind}`);
  for (const example of r.convergence.examples) print(`   missing: ${example}`);
}
