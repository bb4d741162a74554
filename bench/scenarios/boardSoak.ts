/**
 * Issue 39 §5: the control-room board runs for days. The real app's /board on a device whose
 * replica holds the bench site (5,000 permits), a permit moved on the plot plan through the API
 * every few seconds for `--board` minutes (each move waited for on the board's map), and the
 * tab's JS heap and DOM nodes after a forced garbage collection: those at the end against those of
 * the first five minutes (e2e/boardSoak.ts). The clock is not sped up: the change stream, its
 * watchdog, the pulls and the session's renewal run on it, and a faster clock would soak those
 * rather than the board; the board's own timers (its 15-second tick, the SIMOPS window edges)
 * fire ~120 times in 30 minutes.
 */
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

/** A permit the bench user may still move (DRAFT to PENDING, at the location they edit). */
async function movablePermit(env: BenchEnv): Promise<Permit> {
  let checkpoint: SyncPage['checkpoint'] = null;
  for (;;) {
    const query: URLSearchParams = new URLSearchParams({ limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
    const page: SyncPage = await env.session.http.api<SyncPage>('GET', `/sync/permits?${query.toString()}`);
    const found = (page.documents as Permit[]).find((p) => p.LocationId === BENCH_USER.editsAt && ['DRAFT', 'PRE-APPROVAL', 'PENDING'].includes(p.State));
    if (found) return found;
    if (page.remaining === 0) throw new Error(`No permit the bench user can move at location ${BENCH_USER.editsAt}.`);
    checkpoint = page.checkpoint ?? checkpoint;
  }
}

export async function measureBoardSoak(env: BenchEnv, minutes: number): Promise<BoardSoakResult> {
  const permit = await movablePermit(env);
  const move = (n: number) =>
    env.session.http.api('PUT', '/permitinstance', { PermitInstanceId: permit.PermitInstanceId, Latitude: POSITIONS[n % 2]![0], Longitude: POSITIONS[n % 2]![1] });
  await move(0);
  const device = await openAppDevice(env);
  try {
    const { page, context } = device;
    await page.goto(`${env.url}/board`);
    const marker = page.locator(`.leaflet-marker-icon[title^="Permit # ${permit.PermitInstanceReferenceId},"]`);
    await marker.waitFor({ timeout: 120_000 });
    const cdp = await context.newCDPSession(page);
    const durationMs = minutes * 60_000;
    const result = await soakBoard({
      cdp,
      durationMs,
      startWindowMs: Math.min(FIRST_WINDOW_MS, durationMs / 3),
      changeEveryMs: CHANGE_EVERY_MS,
      sampleEveryMs: Math.max(10_000, durationMs / 40),
      log: env.log,
      // Moved to the other position, and waited for until the marker is drawn there.
      change: async (n) => {
        const before = await marker.evaluate((el) => (el as HTMLElement).style.transform);
        await move(n + 1);
        await page.waitForFunction(
          ([title, was]) => {
            const el = document.querySelector<HTMLElement>(`.leaflet-marker-icon[title^="${title}"]`);
            return el !== null && el.style.transform !== was;
          },
          [`Permit # ${permit.PermitInstanceReferenceId},`, before] as const,
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
