/**
 * The server's cost of each page of a first sync of permits (issue 13, "sync at scale"):
 * pullPermits page by page on a database seeded by `npm run seed:bench`, for a user who sees
 * every permitting location of site 1, each page timed alone, with a digest of what the pages
 * returned (ids, order, checkpoints, remaining) so two versions of the query can be compared.
 *
 *   DATA_DIR=/tmp/pgl20k PERMIT_SCOPE_MAX=20000 npx tsx bench/scopePages.ts [--explain] [--runs 2]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/db PERMIT_SCOPE_MAX=20000 npx tsx bench/scopePages.ts
 *
 * --locations 9000,9001,9002 names the user's locations instead (the perf_pull databases of bench/scenarios/serverPull.ts).
 * PERMIT_SCOPE_MAX is read by server/sync/permits.ts when it loads, as the bench's server does.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PULL_BATCH_SIZE } from '../replication/sync';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { BEGINNING, type After } from '../server/sync/page';
import { pullPermits } from '../server/sync/permits';
import type { SyncScope } from '../server/sync/scope';
import { explainPermitPage } from './scenarios/serverPull';

const { values } = parseArgs({ options: { explain: { type: 'boolean', default: false }, runs: { type: 'string', default: '2' }, limit: { type: 'string' }, locations: { type: 'string' } } });
const limit = Number(values.limit ?? PULL_BATCH_SIZE);
const db = await openDatabase(loadConfig());
try {
  const locations = values.locations
    ? values.locations.split(',').map(Number)
    : (await db.query<{ location_id: number }>(`select location_id from locations where site_id = 1 and not deleted order by 1`)).map((l) => l.location_id);
  const scope = { viewable: locations } as SyncScope;
  const [{ since }] = (await db.query<{ since: string }>(`select sync_text(last_stamp) as since from sync_clock`)) as [{ since: string }];
  for (let run = 0; run < Number(values.runs); run++) {
    const hash = createHash('sha256');
    const times: number[] = [];
    let at: After = { since, date: BEGINNING, id: '' };
    let documents = 0;
    for (;;) {
      const started = performance.now();
      const page = await pullPermits(db, scope, at, limit);
      times.push(performance.now() - started);
      documents += page.documents.length;
      for (const d of page.documents) hash.update(d.slice(0, 60)).update('\n');
      hash.update(JSON.stringify([page.last, page.remaining]));
      if (values.explain && run === 0 && (times.length === 1 || times.length === 3)) console.log(await explainPermitPage(db, scope, at, limit));
      if (!page.last || page.remaining === 0) break;
      at = { since, date: page.last.DateChanged, id: page.last.id };
    }
    const sorted = [...times].sort((a, b) => a - b);
    const total = times.reduce((a, b) => a + b, 0);
    console.log(
      `${db.kind} run ${run + 1}: ${documents} permits in ${times.length} pages, ${total.toFixed(1)} ms, per page median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(1)} ms [${times.map((t) => t.toFixed(0)).join(' ')}] digest ${hash.digest('hex').slice(0, 16)}`,
    );
  }
} finally {
  await db.close();
}

