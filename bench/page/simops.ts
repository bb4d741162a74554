/**
 * Issue 38's figures: a site's open permits on one plot plan calibrated at 1 m a unit (a
 * refinery's overall plan, 1,020 × 660 m), of the demo's three types with its hazards, half of
 * them issued and half planned for today; the clashes recomputed whole, then one permit changed
 * at a time, against every pair tested (the baseline).
 */
import type { PermitState } from '../../schemas';
import { clashesByPairs } from '../../domain/simops/clash';
import { ClashIndex } from '../../domain/simops/clashIndex';
import { compileMatrix, DEFAULT_SIMOPS_MATRIX } from '../../domain/simops/matrix';
import { simopsWork, type SimopsPermitFacts } from '../../domain/simops/work';
import type { SimopsBenchResult, SimopsPage } from './api';

const TYPES = ['HotWork', 'ConfinedSpace', 'ColdWork'];
const HOUR = 3_600_000;
const place = { plan: 1, metresPerUnit: 1 };

/** Seeded, so each run measures the same site. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function site(permits: number, now: number, next: () => number): SimopsPermitFacts[] {
  const today = new Date(now).toISOString().slice(0, 10);
  return Array.from({ length: permits }, (_, i) => {
    const issued = i % 2 === 0;
    const type = TYPES[i % TYPES.length]!;
    return {
      PermitInstanceId: `p${i}`,
      State: (issued ? 'APPROVED' : 'PENDING') as PermitState,
      Latitude: 1 + next() * 658,
      Longitude: 1 + next() * 1018,
      EffectiveDate: issued ? new Date(now - next() * 6 * HOUR).toISOString() : null,
      workDate: today,
      validUntil: issued ? new Date(now + (2 + next() * 8) * HOUR).toISOString() : '',
      permitTypes: [{ Name: type }],
      ContentJSON: { HotWork: { ignitionSource: type === 'HotWork' && next() < 0.8 }, ColdWork: { lineBreak: next() < 0.2 ? 'yes' : 'no' } },
    };
  });
}

const page: SimopsPage = {
  measure(permits, runs, changes): SimopsBenchResult {
    const matrix = compileMatrix(DEFAULT_SIMOPS_MATRIX);
    const now = Date.now();
    const next = random(38);
    const facts = site(permits, now, next);
    const index = new ClashIndex(matrix);
    const fullMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      index.reset(facts.flatMap((f) => simopsWork(f, place, DEFAULT_SIMOPS_MATRIX.Hazards, now) ?? []));
      fullMs.push(performance.now() - started);
    }
    const changeMs: number[] = [];
    for (let i = 0; i < changes; i++) {
      const moved = facts[Math.floor(next() * facts.length)]!;
      moved.Latitude = Math.min(659, Math.max(1, moved.Latitude! + (next() - 0.5) * 40));
      moved.Longitude = Math.min(1019, Math.max(1, moved.Longitude! + (next() - 0.5) * 40));
      const started = performance.now();
      index.update(moved.PermitInstanceId, simopsWork(moved, place, DEFAULT_SIMOPS_MATRIX.Hazards, now));
      changeMs.push(performance.now() - started);
    }
    const works = facts.flatMap((f) => simopsWork(f, place, DEFAULT_SIMOPS_MATRIX.Hazards, now) ?? []);
    const started = performance.now();
    clashesByPairs(matrix, works);
    const pairsMs = performance.now() - started;
    return { permits, clashes: index.all().length, fullMs, changeMs, pairsMs };
  },
};
window.bench = page;
