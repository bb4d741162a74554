/**
 * Issue 39 §5: the control-room board runs for days. The real app's /board on a device whose
 * replica holds the bench site (5,000 permits), permits moved on the plot plan through the API
 * every few seconds for `--board` minutes (each move waited for on the board's map), and the
 * tab's JS heap and DOM nodes after a forced garbage collection: those at the end against those of
 * the first five minutes (e2e/boardSoak.ts). The clock is not sped up: the change stream, its
 * watchdog, the pulls and the session's renewal run on it, and a faster clock would soak those
 * rather than the board; the board's own timers (its 15-second tick, the SIMOPS window edges)
 * fire ~120 times in 30 minutes.
 *
 * The moves go round up to 50 permits: each move adds an event to its permit's history, and RxDB
 * keeps a collection's last 100 change events, each with its whole document; one permit moved 600
 * times would be kept 100 times over at a size growing with every move (~40 KB more heap a move),
 * which is the test's doing, not the board's — a real permit is not moved 600 times.
 */
import { startOfYesterday } from '../../domain/plotPlans';
import type { Permit, SyncPage } from '../../schemas';
import { soakBoard, type SoakResult } from '../../e2e/boardSoak';
import type { BenchEnv } from '../env';
import { BENCH_USER } from '../session';
import { openAppDevice } from './appDevice';

export interface BoardSoakResult extends SoakResult {
  minutes: number;
  permits: number;
}

const CHANGE_EVERY_MS = 3_000;
const FIRST_WINDOW_MS = 5 * 60_000;
const POSITIONS: [number, number][] = [[300, 150], [520, 900]];
const MOVED_PERMITS = 50;

/** Permits the bench user may still move (DRAFT to PENDING, at the location they edit) and the board maps (work since yesterday), up to MOVED_PERMITS. */
async function movablePermits(env: BenchEnv): Promise<Permit[]> {
  const found: Permit[] = [];
  const since = startOfYesterday(new Date());
  let checkpoint: SyncPage['checkpoint'] = null;
  for (;;) {
    const query: URLSearchParams = new URLSearchParams({ limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
    const page: SyncPage = await env.session.http.api<SyncPage>('GET', `/sync/permits?${query.toString()}`);
    found.push(...(page.documents as Permit[]).filter((p) => p.LocationId === BENCH_USER.editsAt && p.workDate >= since && ['DRAFT', 'PRE-APPROVAL', 'PENDING'].includes(p.State)));
    if (found.length >= MOVED_PERMITS || page.remaining === 0) break;
    checkpoint = page.checkpoint ?? checkpoint;
  }
  if (found.length === 0) throw new Error(`No permit the bench user can move at location ${BENCH_USER.editsAt}.`);
  return found.slice(0, MOVED_PERMITS);
}

export async function measureBoardSoak(env: BenchEnv, minutes: number): Promise<BoardSoakResult> {
  const permits = await movablePermits(env);
  // The n-th move: the permits in turn, each to the other of the two positions.
  const permitOf = (n: number) => permits[n % permits.length]!;
  const move = (n: number) => {
    const [Latitude, Longitude] = POSITIONS[Math.floor(n / permits.length) % 2]!;
    return env.session.http.api('PUT', '/permitinstance', { PermitInstanceId: permitOf(n).PermitInstanceId, Latitude, Longitude });
  };
  for (let n = 0; n < permits.length; n++) await move(n);
  const device = await openAppDevice(env);
  try {
    const { page, context } = device;
    await page.goto(`${env.url}/board`);
    const titleOf = (n: number) => `Permit # ${permitOf(n).PermitInstanceReferenceId},`;
    await page.locator(`.leaflet-marker-icon[title^="${titleOf(0)}"]`).waitFor({ timeout: 120_000 });
    const cdp = await context.newCDPSession(page);
    const durationMs = minutes * 60_000;
    const transformOf = (title: string) =>
      page.evaluate((t) => document.querySelector<HTMLElement>(`.leaflet-marker-icon[title^="${t}"]`)?.style.transform ?? null, title);
    const result = await soakBoard({
      cdp,
      durationMs,
      startWindowMs: Math.min(FIRST_WINDOW_MS, durationMs / 3),
      changeEveryMs: CHANGE_EVERY_MS,
      sampleEveryMs: Math.max(10_000, durationMs / 40),
      log: env.log,
      // Moved to the other position, and waited for until its marker is drawn there.
      change: async (i) => {
        const n = permits.length + i;
        const title = titleOf(n);
        const before = await transformOf(title);
        await move(n);
        await page.waitForFunction(
          ([t, was]) => {
            const el = document.querySelector<HTMLElement>(`.leaflet-marker-icon[title^="${t}"]`);
            return el !== null && el.style.transform !== was;
          },
          [title, before] as const,
          { timeout: 30_000 },
        );
      },
    });
    await cdp.detach();
    return { ...result, minutes, permits: env.expectedPermits };
  } finally {
    await device.close();
  }
}
