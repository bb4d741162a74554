import { expect, type Page } from '@playwright/test';
import { ContractorApi } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { LocationPicker } from './pages/LocationPicker';
import { NotSyncedDialog } from './pages/NotSyncedDialog';
import type { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { setLocationEnabled, test, type OwnServer } from './ownServer';

const VACUUM_DISTILLATION = 112;
const CHANGE = 'Change home location to Vacuum Distillation';
const REFUSAL = 'That location cannot be your home location';

/**
 * Queues, offline, a move of the contractor's home to Vacuum Distillation; the location is then
 * disabled on the server, so the server refuses the change when the connection is back.
 */
async function queueRefusedChange(page: Page, server: OwnServer): Promise<ShellPage> {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await page.context().setOffline(true);
  await shell.openHomeLocationPicker();
  const picker = new LocationPicker(page);
  await picker.pick('Bayport Refinery', 'Crude Unit', 'Vacuum Distillation');
  await picker.update();
  await expect(shell.pendingCount).toHaveText('1 pending');

  await setLocationEnabled(server, VACUUM_DISTILLATION, false);
  await page.context().setOffline(false);
  await expect(shell.notSyncedButton).toHaveText('1 not synced', { timeout: 15_000 });
  await expect(shell.pendingCount).toBeHidden();
  // Refused: the change no longer shows as made.
  await expect(shell.homePending).toBeHidden();
  await expect(shell.header).toContainText('Atmospheric Distillation');
  return shell;
}

test.describe('changes the server refuses', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterEach(async ({ ownServer }) => {
    await setLocationEnabled(ownServer, VACUUM_DISTILLATION, true);
  });

  test('land in "Not synced" with the server\'s message and content, can be copied, and retried once allowed', async ({
    page,
    context,
    request,
    ownServer,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const shell = await queueRefusedChange(page, ownServer);

    await shell.notSyncedButton.click();
    const notSynced = new NotSyncedDialog(page);
    const entry = notSynced.entry(CHANGE);
    await expect(entry).toContainText(REFUSAL);
    await expect(entry.getByLabel('Content')).toContainText('"HomeLocationId": 112');

    await notSynced.action(CHANGE, 'Copy');
    await expect(shell.toast('Copied to the clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(REFUSAL);
    expect(copied).toContain(CHANGE);
    expect(copied).toContain('"HomeLocationId": 112');

    // The administrator enables the location again: the same change now goes through.
    await setLocationEnabled(ownServer, VACUUM_DISTILLATION, true);
    await notSynced.action(CHANGE, 'Retry');
    await expect(entry).toBeHidden();
    await notSynced.close();
    await expect(shell.notSyncedButton).toBeHidden();
    await expect(shell.pendingCount).toBeHidden({ timeout: 15_000 });
    await expect(shell.header).toContainText('Vacuum Distillation');
    const api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
    await expect.poll(() => api.homeLocationId()).toBe(VACUUM_DISTILLATION);
    await api.setHomeLocation(111);
  });

  test('can be dismissed, and the server keeps what it had', async ({ page, request, ownServer }) => {
    const shell = await queueRefusedChange(page, ownServer);

    // A slow tap, as with a gloved hand: the button's tooltip loads while it is pressed, and the tap still opens the list.
    await shell.notSyncedButton.hover();
    await page.mouse.down();
    await page.waitForTimeout(1000);
    await page.mouse.up();
    const notSynced = new NotSyncedDialog(page);
    await notSynced.action(CHANGE, 'Dismiss');
    await expect(notSynced.entry(CHANGE)).toBeHidden();
    await expect(notSynced.dialog).toContainText('No change of yours was refused.');
    await notSynced.close();
    await expect(shell.notSyncedButton).toBeHidden();
    const api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
    expect(await api.homeLocationId()).toBe(111);
  });
});
