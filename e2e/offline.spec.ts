import { expect, test, type Page } from '@playwright/test';
import { ATMOSPHERIC_DISTILLATION, contractorApiPerTest } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { LocationPicker } from './pages/LocationPicker';
import { SignInPage } from './pages/SignInPage';

const VACUUM_DISTILLATION = ['Bayport Refinery', 'Crude Unit', 'Vacuum Distillation'];

/** Rewrites the stored contractor tokens, as an offline night would leave them: expired, and the refresh token too old to renew. */
async function expireSession(page: Page, expiresAt = Date.now() - 60_000): Promise<void> {
  await page.evaluate(
    ({ expiresAt }) => {
      const key = 'openpermit.contractor';
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...tokens, accessToken: 'expired', refreshToken: 'r'.repeat(40), expiresAt }));
    },
    { expiresAt },
  );
}

test.describe('working offline', () => {
  test.describe.configure({ timeout: 120_000 });

  const contractor = contractorApiPerTest();

  test('a reload with no connection opens the app with the dashboard counts from the replica', async ({ page, context }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilSynced();
    const dashboard = new DashboardPage(page);
    const expected = await contractor().dashboardCounts();
    await dashboard.expectCounts(expected);

    await context.setOffline(true);
    await page.reload();
    await shell.waitUntilLoaded();
    await expect(shell.header).toContainText('Dashboard (Working Offline)');
    await expect(shell.header).toContainText(users.contractor.name);
    await expect(shell.header).toContainText('Atmospheric Distillation');
    await dashboard.expectCounts(expected);
    // Another page of the app opens offline too, from the app shell on the device.
    await page.goto('/preferences');
    await expect(shell.pageHeading('Preferences')).toBeVisible();
    await expect(shell.main).toContainText(users.contractor.email);
  });

  test('a home location changed offline shows at once as pending and reaches the server once online', async ({ page, context }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilSynced();
    await context.setOffline(true);

    await shell.openHomeLocationPicker();
    const picker = new LocationPicker(page);
    await expect(picker.dialog).toContainText('There is no connection to the system');
    await picker.pick(...VACUUM_DISTILLATION);
    await picker.update();

    await expect(shell.toast('will sync automatically when you are back online')).toBeVisible();
    await expect(shell.header).toContainText('Vacuum Distillation');
    await expect(shell.homePending).toBeVisible();
    await expect(shell.pendingCount).toHaveText('1 pending');
    expect(await contractor().homeLocationId()).toBe(ATMOSPHERIC_DISTILLATION);

    await context.setOffline(false);
    await expect(shell.pendingCount).toBeHidden({ timeout: 15_000 });
    await expect(shell.homePending).toBeHidden();
    await expect(shell.header).toContainText('Vacuum Distillation');
    await expect.poll(() => contractor().homeLocationId()).toBe(112);
  });

  test('after the session expired offline, reconnecting asks for sign-in, then the queue drains', async ({ page, context }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilSynced();
    await context.setOffline(true);
    await shell.openHomeLocationPicker();
    const picker = new LocationPicker(page);
    await picker.pick(...VACUUM_DISTILLATION);
    await picker.update();
    await expect(shell.pendingCount).toHaveText('1 pending');

    // The night passes: the tokens expire, the tablet restarts the app, still offline.
    await expireSession(page);
    await page.reload();
    await shell.waitUntilLoaded();
    await expect(shell.header).toContainText('Vacuum Distillation');
    await expect(shell.pendingCount).toHaveText('1 pending');

    await context.setOffline(false);
    await expect(shell.signInBanner).toHaveText('Sign in again to sync 1 change', { timeout: 15_000 });
    // Still working, from what the device remembers; nothing was sent without a session.
    await expect(shell.header).toContainText(users.contractor.name);
    expect(await contractor().homeLocationId()).toBe(ATMOSPHERIC_DISTILLATION);

    await shell.signInAgainButton.click();
    await new SignInPage(page).signInAsContractor(users.contractor.email, DEMO_PASSWORD);
    await expect(shell.pendingCount).toBeHidden({ timeout: 15_000 });
    await expect(shell.signInBanner).toBeHidden();
    await expect.poll(() => contractor().homeLocationId()).toBe(112);
  });

  test('a session that ends while the app is open keeps the screen and asks for a new sign-in', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilSynced();
    // The server no longer accepts the tokens; the next request finds out.
    await expireSession(page, Date.now() + 600_000);
    await shell.header.getByRole('button', { name: 'Refresh data' }).click();

    await expect(shell.signInBanner).toHaveText('Sign in again to get the latest changes.');
    await expect(page).toHaveURL('/');
    await expect(shell.pageHeading('Dashboard')).toBeVisible();
    await shell.signInAgainButton.click();
    await new SignInPage(page).signInAsContractor(users.contractor.email, DEMO_PASSWORD);
    await expect(shell.signInBanner).toBeHidden();
  });
});
