/**
 * `npm run bench:load [-- --seconds 300 --clients 200 --writers 20 --rate 1 --permits 1000 --processes 4]`
 *
 * The load run alone (bench/load/loadRun.ts), on a scratch database in the PostgreSQL of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Prints the figures
 * with their budgets; exits non-zero only when the run could not be made.
 */
import { parseArgs } from 'node:util';
import { LOAD_DEFAULTS, runLoad, stopLoad } from './loadRun';
import { printLoadReport } from './report';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    clients: { type: 'string', default: String(LOAD_DEFAULTS.clients) },
    writers: { type: 'string', default: String(LOAD_DEFAULTS.writers) },
    rate: { type: 'string', default: String(LOAD_DEFAULTS.rate) },
    permits: { type: 'string', default: String(LOAD_DEFAULTS.permits) },
    processes: { type: 'string', default: String(LOAD_DEFAULTS.processes) },
  },
});
const number = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!(n > 0)) throw new Error(`--${name} must be a positive number, not "${values[name]}"`);
  return n;
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`Stopped by ${signal}.`);
    void stopLoad().finally(() => process.exit(1));
  });
}
try {
  const result = await runLoad({
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    seconds: number('seconds'),
    clients: number('clients'),
    writers: number('writers'),
    rate: number('rate'),
    permits: number('permits'),
    editable: LOAD_DEFAULTS.editable,
    processes: number('processes'),
    log: (line) => console.log(line),
  });
  console.log('');
  printLoadReport(result);
} catch (error) {
  console.error(`The load run could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
