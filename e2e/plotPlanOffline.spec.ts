import { expect, test, type Page } from '@playwright/test';
import { PLOT_PLAN_CACHE } from '../replication/plotPlans';
import { plotPlanKey } from '../server/plotPlans/plotPlans';
import { DEMO_PASSWORD, users } from './fixtures';
import { ownServerForFile } from './ownServer';
import { WorkLocationDialog } from './pages/PlotPlanMap';
import { SignInPage } from './pages/SignInPage';

// The administrator's home moves to Northfield and the Ammonia Plant gets plot plans of its own: a server of its own.
const { server } = ownServerForFile(52);

const NORTHFIELD = 200;
const AMMONIA_PLANT = 210;
/** The pending hot work at the Synthesis Loop, below the Ammonia Plant: its map is the plant's plan. */
const IN_AMMONIA_PLANT = 'demo-nf-hw-pending';

/** Makes a new version of a location's own plot plan current, as an upload does: the file first, then the location. */
async function newPlotPlanVersion(locationId: number, version: number): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1020" height="660"><rect width="1020" height="660" fill="#f4f1e8"/><text x="510" y="330" font-size="40" text-anchor="middle">AMMONIA PLANT REV ${version}</text></svg>`;
  await server().objects.put(plotPlanKey(locationId, version), new TextEncoder().encode(svg), 'image/svg+xml');
  const entry = { Version: version, FileName: `ammonia-plant-${version}.svg`, ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 };
  await server().db.query('update locations set plot_plans = plot_plans || $2::jsonb, current_plot_plan = $3 where location_id = $1', [locationId, JSON.stringify([entry]), version]);
}

/** The plot plan versions the device holds, as 'LocationId/Version'. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => new URL(r.url).searchParams).map((q) => `${q.get('LocationId')}/${q.get('Version')}`).sort();
  }, PLOT_PLAN_CACHE);

test.beforeAll(async () => {
  await server().db.query(`update users set preferences = jsonb_set(preferences, '{HomeLocationId}', '${NORTHFIELD}') where email = $1`, [users.admin.email]);
  await newPlotPlanVersion(AMMONIA_PLANT, 1);
});

test('the site plot plans come to the device with the sync: a plant map never opened shows offline, in its newest version', async ({ page, context }) => {
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();

  // The dashboard shows Northfield's plan; the Ammonia Plant's comes in the background all the same.
  await expect.poll(() => keptOnDevice(page), { timeout: 30_000 }).toEqual([`${NORTHFIELD}/1`, `${AMMONIA_PLANT}/1`]);

  // A new version uploaded meanwhile replaces the old one on the device, still unopened.
  await newPlotPlanVersion(AMMONIA_PLANT, 2);
  await expect.poll(() => keptOnDevice(page), { timeout: 30_000 }).toEqual([`${NORTHFIELD}/1`, `${AMMONIA_PLANT}/2`]);

  // At the unit with no network, the permit's work location map opens.
  await context.setOffline(true);
  await page.goto(`/permits/${IN_AMMONIA_PLANT}/edit`);
  await page.getByRole('button', { name: 'Set on site map' }).click();
  const dialog = new WorkLocationDialog(page);
  await dialog.map.waitUntilDrawn();
  await expect(dialog.dialog.getByText('There was a problem loading the site map at this location')).toHaveCount(0);
});
