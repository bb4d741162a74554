import type { Location } from '../../schemas';
import type { Queryable } from '../db/database';
import type { ObjectStore } from '../storage/objectStore';
import { drawPlotPlan, type PlotPlanSheet } from '../plotPlans/drawPlotPlan';
import { plotPlanKey } from '../plotPlans/plotPlans';

/** The demo sites' plot plans: each site's layout, drawn by the server (server/plotPlans/drawPlotPlan.ts). */
const SHEETS: Record<number, { fileName: string; sheet: PlotPlanSheet }> = {
  100: {
    fileName: 'bayport-refinery-plot-plan.svg',
    sheet: {
      title: 'BAYPORT REFINERY',
      units: [
        { x: 70, y: 60, w: 200, h: 210, label: 'CRUDE UNIT', tag: 'ATM. DISTILLATION 10' },
        { x: 290, y: 60, w: 190, h: 210, label: 'VACUUM UNIT', tag: 'VAC. DISTILLATION 11' },
        { x: 540, y: 60, w: 230, h: 210, label: 'HYDROTREATER', tag: 'REACTOR SECTION 12' },
        { x: 540, y: 390, w: 150, h: 150, label: 'COMPRESSOR HOUSE', tag: 'C-301' },
      ],
      tanks: [
        { x: 110, y: 440, r: 42, label: 'TK-31' }, { x: 230, y: 440, r: 42, label: 'TK-32' }, { x: 350, y: 440, r: 42, label: 'TK-33' },
        { x: 110, y: 555, r: 36, label: 'TK-34' }, { x: 230, y: 555, r: 36, label: 'TK-35' },
      ],
      buildings: [{ x: 740, y: 400, w: 120, h: 60, label: 'CONTROL ROOM' }, { x: 880, y: 400, w: 80, h: 60, label: 'FIRE STN' }],
    },
  },
  200: {
    fileName: 'northfield-chemicals-plot-plan.svg',
    sheet: {
      title: 'NORTHFIELD CHEMICALS',
      units: [
        { x: 70, y: 60, w: 250, h: 210, label: 'AMMONIA PLANT', tag: 'PRIMARY REFORMER 21' },
        { x: 330, y: 60, w: 150, h: 210, label: 'SYNTHESIS LOOP', tag: 'S-211' },
        { x: 540, y: 60, w: 240, h: 210, label: 'UREA PLANT', tag: 'UREA/CO2 AREA 22' },
        { x: 540, y: 390, w: 170, h: 150, label: 'PRILL TOWER', tag: 'T-250' },
      ],
      tanks: [
        { x: 110, y: 450, r: 46, label: 'NH3 TK-1' }, { x: 240, y: 450, r: 46, label: 'NH3 TK-2' }, { x: 380, y: 450, r: 40, label: 'UAN TK-3' },
      ],
      buildings: [{ x: 740, y: 400, w: 120, h: 60, label: 'CONTROL ROOM' }, { x: 880, y: 400, w: 80, h: 60, label: 'LAB' }],
    },
  },
};

/** Version 1 of each site's plot plan, in the middle of the sheet at the first zoom level. */
const firstVersion = (fileName: string): Location['PlotPlans'][number] => ({ Version: 1, FileName: fileName, ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 });

/** Records the demo sites' plot plans on their locations (the files are stored by `storeDemoPlotPlans`). */
export async function seedDemoPlotPlans(tx: Queryable): Promise<void> {
  for (const [locationId, { fileName }] of Object.entries(SHEETS)) {
    await tx.query('update locations set plot_plans = $2, current_plot_plan = 1 where location_id = $1', [Number(locationId), JSON.stringify([firstVersion(fileName)])]);
  }
}

/**
 * Draws and stores each demo plot plan whose location records it but whose file the store
 * lacks: the seed runs inside the database, the files live beside it (DATA_DIR or S3), and a
 * new data folder over a seeded PostgreSQL must still show the drawings.
 */
export async function storeDemoPlotPlans(db: Queryable, objects: ObjectStore): Promise<void> {
  for (const [id, { fileName, sheet }] of Object.entries(SHEETS)) {
    const locationId = Number(id);
    const [row] = await db.query<{ plot_plans: Location['PlotPlans'] }>('select plot_plans from locations where location_id = $1', [locationId]);
    if (!row?.plot_plans.some((p) => p.Version === 1 && p.FileName === fileName)) continue;
    if (await objects.get(plotPlanKey(locationId, 1))) continue;
    await objects.put(plotPlanKey(locationId, 1), new TextEncoder().encode(drawPlotPlan(sheet)), 'image/svg+xml');
  }
}
