import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { ownServerForFile } from './ownServer';
import { DashboardPage } from './pages/DashboardPage';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { WorkLocationDialog } from './pages/PlotPlanMap';
import { SignInPage } from './pages/SignInPage';

// The administrator's home moves to Northfield (the site with the map) and a permit gets a work location: a server of its own.
const { server } = ownServerForFile(50);

const PLACED = 'demo-nf-cw-approved';
const UNPLACED = 'demo-nf-hw-pending';

const referenceOf = async (id: string) =>
  (await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]))[0]!.reference_id;
const positionOf = async (id: string) =>
  (await server().db.query<{ latitude: number | null; longitude: number | null }>('select latitude, longitude from permits where permit_instance_id = $1', [id]))[0]!;

// Tall enough for the whole map card under the count cards (the screenshot shows what a user sees).
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async () => {
  // The seed homes every user at Bayport, where the site map is off.
  await server().db.query(`update users set preferences = jsonb_set(preferences, '{HomeLocationId}', '200') where email = $1`, [users.admin.email]);
});

test('the dashboard maps the site permits by state; a work location set offline on the edit page reaches the server', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const dashboard = new DashboardPage(page);
  const map = await dashboard.map.waitUntilDrawn();

  // One permit has a position, the other none: one marker, one hidden.
  const placed = `Permit # ${await referenceOf(PLACED)}`;
  await expect(map.marker(placed)).toBeVisible();
  await expect(map.markers).toHaveCount(1);
  await expect(dashboard.mapCard.getByText('Hiding 1 permit(s) with no location set')).toBeVisible();

  await dashboard.legendButton.click();
  const legend = dashboard.mapCard.getByRole('list', { name: 'Legend' });
  await expect(legend.getByRole('listitem')).toHaveText(['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT']);

  await map.marker(placed).click();
  await expect(map.popup).toContainText(placed);
  await expect(map.popup).toContainText('APPROVED');
  await expect(map.popup).toContainText('Replace plunger packing');
  await expect(map.popup.getByRole('link', { name: 'View Permit' })).toHaveAttribute('href', `/permits/${PLACED}/edit`);
  await page.screenshot({ path: testInfo.outputPath('plot-plan.png') });

  // Offline, the pending hot work gets its place on the plan through the edit page's dialog:
  // the plan comes from the device, the change waits in the outbox.
  await context.setOffline(true);
  await page.goto(`/permits/${UNPLACED}/edit`);
  await page.getByRole('button', { name: 'Set on site map' }).click();
  const dialog = new WorkLocationDialog(page);
  await dialog.map.waitUntilDrawn();
  await expect(dialog.setButton).toBeDisabled();
  await expect(dialog.notSet).toBeVisible();
  await dialog.map.dragPinTo(0.2, 0.3);
  await expect(dialog.notSet).toBeHidden();
  await dialog.setButton.click();
  await expect(dialog.dialog).toBeHidden();
  await expect(shell.pendingCount).toHaveText('1 pending');
  expect(await positionOf(UNPLACED)).toEqual({ latitude: null, longitude: null });

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 20_000 });
  const saved = await positionOf(UNPLACED);
  expect(saved.latitude).toBeGreaterThan(0);
  expect(saved.longitude).toBeGreaterThan(0);

  // Back on the dashboard both permits are on the map, and none is hidden.
  await shell.menuItem('Dashboard').click();
  await dashboard.map.waitUntilDrawn();
  await expect(dashboard.map.markers).toHaveCount(2);
  await expect(dashboard.mapCard.getByText(/^Hiding/)).toHaveCount(0);
});

test('the create page starts on the work location; setting it opens the work order', async ({ page }) => {
  test.setTimeout(180_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const draft = await new PermitDraftPage(page).create();
  await expect(draft.section('Work Location')).toHaveAttribute('aria-expanded', 'true');
  await draft.workLocationMap.waitUntilDrawn();
  await expect(draft.setWorkLocationButton).toBeDisabled();
  await expect(page.getByText('No work location selected. Please move the marker to the work location')).toBeVisible();

  await draft.workLocationMap.tapAt(0.5, 0.5);
  await expect(draft.setWorkLocationButton).toBeEnabled();
  await draft.setWorkLocationButton.click();
  await expect(shell.toast('Location updated successfully')).toBeVisible();
  await expect(draft.section('Work Location')).toHaveAttribute('aria-expanded', 'false');
  await expect(draft.section('Work order')).toHaveAttribute('aria-expanded', 'true');
});
