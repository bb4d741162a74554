/**
 * Where a request's time goes inside the server, for the load run: loaded into the production
 * server with `--import` (serverProcess.ts sets LOAD_TRACE to the file it writes), so the
 * server's own code carries nothing of it. Per route, the time from Node's HTTP parser handing over the
 * request to Fastify's first hook, through the onRequest hooks (helmet, the bearer token and
 * the account lookup), validation, the handler and the reply; per SQL statement, the round trip
 * and the wait for a pool connection; the event loop's delay and GC pauses. SIGUSR2 writes what
 * was gathered since the last SIGUSR2 to the file (JSON) and starts again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppendPart } from '../../server/audit/chain';

interface RequestTrace {
  route: string;
  marks: Record<string, number>;
  queries: number;
  poolWaitMs: number;
  /** Writing the request's audit events and extending the chain (server/audit/chain.ts). */
  auditMs: number;
}

const file = process.env.LOAD_TRACE!;
const current = new AsyncLocalStorage<RequestTrace>();
const arrivals = new WeakMap<IncomingMessage, RequestTrace>();

/**
 * Each figure keeps a uniform sample of at most KEPT values (reservoir sampling) and its exact
 * count, sum and maximum: kept whole, 5 minutes of 800 requests a second grew the server's RSS
 * by ~100 MB, which the load run then counted against the server's memory.
 */
const KEPT = 10_000;
interface Figure { kept: number[]; n: number; sum: number; max: number }
let samples = new Map<string, Figure>();
const record = (name: string, ms: number) => {
  let figure = samples.get(name);
  if (!figure) samples.set(name, (figure = { kept: [], n: 0, sum: 0, max: Number.NaN }));
  figure.n++;
  figure.sum += ms;
  if (!(ms <= figure.max)) figure.max = ms;
  if (figure.kept.length < KEPT) figure.kept.push(ms);
  else {
    const slot = Math.floor(Math.random() * figure.n);
    if (slot < KEPT) figure.kept[slot] = ms;
  }
};

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) record('gc pause', entry.duration);
}).observe({ entryTypes: ['gc'] });

diagnostics.subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: IncomingMessage };
  const trace: RequestTrace = { route: '', marks: { arrived: performance.now() }, queries: 0, poolWaitMs: 0, auditMs: 0 };
  arrivals.set(request, trace);
  // Everything the request's handling starts from here on runs in this context (pool waits, queries).
  current.enterWith(trace);
});

diagnostics.subscribe('openpermit.audit.append', (message) => {
  const { ms, parts } = message as { ms: number; parts: Partial<Record<AppendPart, number>> };
  const trace = current.getStore();
  if (!trace) return;
  trace.auditMs += ms;
  // Where it goes: the permits' history appends, the wait for the chain's head, the chained insert.
  for (const [part, partMs] of Object.entries(parts)) record(`audit append | ${part}`, partMs);
});

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '?'}`;
const mark = (request: FastifyRequest, name: string) => {
  const trace = arrivals.get(request.raw);
  if (trace) trace.marks[name] = performance.now();
};

diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  // Added before any plugin's: each runs first in its phase.
  fastify.addHook('onRequest', async (request) => mark(request, 'onRequest'));
  fastify.addHook('preParsing', async (request) => mark(request, 'hooksDone'));
  fastify.addHook('preHandler', async (request) => mark(request, 'handler'));
  fastify.addHook('onSend', async (request) => mark(request, 'answered'));
  fastify.addHook('onResponse', async (request) => {
    const trace = arrivals.get(request.raw);
    if (!trace) return;
    const route = routeOf(request);
    if (route.endsWith('/sync/stream')) return;
    const m: Record<string, number> = { ...trace.marks, sent: performance.now() };
    const stage = (name: string, from: string, to: string) => {
      if (m[from] !== undefined && m[to] !== undefined) record(`${route} | ${name}`, m[to] - m[from]);
    };
    stage('arrival → onRequest', 'arrived', 'onRequest');
    stage('onRequest hooks (helmet, token, account)', 'onRequest', 'hooksDone');
    stage('parse + validate', 'hooksDone', 'handler');
    stage('handler', 'handler', 'answered');
    stage('onSend → sent', 'answered', 'sent');
    stage('total', 'arrived', 'sent');
    record(`${route} | queries per request`, trace.queries);
    if (trace.auditMs > 0) record(`${route} | audit share %`, (100 * trace.auditMs) / (m.sent! - m.arrived!));
    record(`${route} | pool wait per request`, trace.poolWaitMs);
  });
});

const label = (sql: unknown) => {
  const text = typeof sql === 'string' ? sql : ((sql as { text?: string } | null)?.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 60);
};

type Callback = (...args: unknown[]) => void;
const Pool = pg.Pool.prototype as unknown as { connect(this: unknown, cb?: Callback): unknown };
const connect = Pool.connect;
Pool.connect = function (this: unknown, cb?: Callback) {
  const started = performance.now();
  const trace = current.getStore();
  const done = () => {
    const ms = performance.now() - started;
    record('pool wait', ms);
    if (trace) trace.poolWaitMs += ms;
  };
  if (cb) {
    return connect.call(this, (...args: unknown[]) => {
      done();
      cb(...args);
    });
  }
  const result = connect.call(this) as Promise<unknown>;
  void result.then(done, () => {});
  return result;
};

const Client = pg.Client.prototype as unknown as { query(this: unknown, ...args: unknown[]): unknown };
const query = Client.query;
Client.query = function (this: unknown, ...args: unknown[]) {
  const started = performance.now();
  const name = `sql: ${label(args[0])}`;
  const trace = current.getStore();
  if (trace) trace.queries += 1;
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const cb = args[last] as Callback;
    args[last] = (...results: unknown[]) => {
      record(name, performance.now() - started);
      cb(...results);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') void (result as Promise<unknown>).then(() => record(name, performance.now() - started), () => {});
  return result;
};

const summary = ({ kept, n, sum, max }: Figure) => {
  const sorted = [...kept].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { n, p50: at(50), p90: at(90), p99: at(99), max, sum };
};

process.on('SIGUSR2', () => {
  const out: Record<string, ReturnType<typeof summary>> = {};
  for (const [name, figure] of [...samples].sort(([a], [b]) => a.localeCompare(b))) out[name] = summary(figure);
  out['event loop delay'] = { n: lag.count, p50: lag.percentile(50) / 1e6, p90: lag.percentile(90) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6, sum: Number.NaN };
  writeFileSync(file, JSON.stringify(out, null, 1));
  samples = new Map();
  lag.reset();
});
