import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { ownServerForFile } from './ownServer';
import { PlotPlansAdminPage } from './pages/PlotPlansAdminPage';
import { SignInPage } from './pages/SignInPage';

// A new plot plan version changes the site map every user of Northfield sees: a server of its own.
const { server } = ownServerForFile(55);

const NORTHFIELD = 'Northfield Chemicals';

/** A plain drawing of the kind a site's engineering office exports. */
const NEW_PLAN = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1020" height="660" viewBox="0 0 1020 660">
  <rect width="1020" height="660" fill="#f4f1e8"/>
  <rect x="70" y="60" width="250" height="210" fill="none" stroke="#333" stroke-width="3"/>
  <text x="195" y="170" font-family="sans-serif" font-size="20" text-anchor="middle">AMMONIA PLANT</text>
  <rect x="540" y="60" width="240" height="210" fill="none" stroke="#333" stroke-width="3"/>
  <text x="660" y="170" font-family="sans-serif" font-size="20" text-anchor="middle">UREA PLANT (2027)</text>
  <text x="510" y="620" font-family="sans-serif" font-size="28" text-anchor="middle">NORTHFIELD CHEMICALS · REV 2027</text>
</svg>`,
);

const plotPlansOf = async (locationId: number) =>
  (await server().db.query<{ plot_plans: { Version: number; FileName: string }[]; current_plot_plan: number | null }>(
    'select plot_plans, current_plot_plan from locations where location_id = $1',
    [locationId],
  ))[0]!;

test('an admin uploads a new plot plan version for Northfield; it is current, kept by the server and comes back through the sync', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Admin').click();
  const plotPlans = await new PlotPlansAdminPage(page).open();
  await plotPlans.chooseSite(NORTHFIELD);

  // The seeded drawing is current; the units below use it.
  await expect(plotPlans.summary(NORTHFIELD)).toHaveText('Current: version 1 · northfield-chemicals-plot-plan.svg');
  await expect(plotPlans.summary('Ammonia Plant')).toHaveText(`No plot plan of its own: its maps use ${NORTHFIELD}'s.`);
  await plotPlans.expectThumbnailDrawn(NORTHFIELD, 1);

  // A file that only claims to be a PNG: the server's sentence says why it is refused, nothing changes.
  await plotPlans.upload(NORTHFIELD, { name: 'northfield.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(shell.toast('There was a problem uploading the plot plan, please try again')).toBeVisible();
  await expect(page.locator('.fui-ToastBody').filter({ hasText: 'The file is not a PNG image: choose a PNG, JPEG, WebP or SVG plot plan.' })).toBeVisible();
  await expect(plotPlans.versionRows(NORTHFIELD)).toHaveCount(1);

  await plotPlans.upload(NORTHFIELD, { name: 'northfield-2027.svg', mimeType: 'image/svg+xml', buffer: NEW_PLAN });
  await expect(shell.toast('Plot plan uploaded successfully')).toBeVisible();
  await expect(plotPlans.summary(NORTHFIELD)).toHaveText('Current: version 2 · northfield-2027.svg');
  await expect(plotPlans.versionRows(NORTHFIELD)).toHaveText([/^2northfield-2027\.svgCurrent$/, /^1northfield-chemicals-plot-plan\.svgPrevious$/]);
  await plotPlans.expectThumbnailDrawn(NORTHFIELD, 2);
  await page.screenshot({ path: testInfo.outputPath('plot-plans-admin.png') });

  const stored = await plotPlansOf(200);
  expect(stored.current_plot_plan).toBe(2);
  expect(stored.plot_plans.map((p) => [p.Version, p.FileName])).toEqual([[1, 'northfield-chemicals-plot-plan.svg'], [2, 'northfield-2027.svg']]);

  // After a reload the page knows only what the sync brought to the device (the upload's answer is gone).
  await page.reload();
  await plotPlans.chooseSite(NORTHFIELD);
  await expect(plotPlans.summary(NORTHFIELD)).toHaveText('Current: version 2 · northfield-2027.svg');
});

test('the Plot Plans link is not offered to someone who may only view forms', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.menuItem('Admin').click();
  const plotPlans = new PlotPlansAdminPage(page);
  await expect(plotPlans.panel.getByRole('link', { name: 'Lists' })).toBeVisible();
  await expect(plotPlans.link()).toHaveCount(0);
});
