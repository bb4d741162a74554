import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SignInPage } from './pages/SignInPage';

const STORAGE_KEY = 'openpermit.contractor';

/** Rewrites the stored contractor tokens, as time passing or a revoked token would. */
async function tamper(page: Page, change: Record<string, unknown>): Promise<string> {
  return page.evaluate(
    ({ key, change }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...tokens, ...change }));
      return String(tokens.refreshToken);
    },
    { key: STORAGE_KEY, change },
  );
}

/** The refresh token the page holds, read without writing anything back. */
const storedRefreshToken = (page: Page) =>
  page.evaluate((key) => String((JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>).refreshToken), STORAGE_KEY);

test.describe('the contractor session', () => {
  test('renews an access token about to expire before using it', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    const oldRefreshToken = await tamper(page, { expiresAt: Date.now() + 30_000 });

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
    await shell.header.getByRole('button', { name: 'Refresh data' }).click();
    await refreshed;

    // The answer arrives before the page has stored what it carries.
    await expect.poll(() => storedRefreshToken(page)).not.toBe(oldRefreshToken);
    await expect(shell.header).toContainText(users.contractor.name);
  });

  test('renews once when the server refuses the access token, without signing the user out', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await tamper(page, { accessToken: 'not-a-valid-token' });

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
    await shell.header.getByRole('button', { name: 'Refresh data' }).click();
    await refreshed;

    await expect(page).toHaveURL('/');
    await expect(shell.header).toContainText(users.contractor.name);
  });

  test('a revoked session sends the user to sign-in', async ({ page }) => {
    await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await tamper(page, { accessToken: 'not-a-valid-token', refreshToken: 'x'.repeat(40) });

    await page.reload();
    await expect(page).toHaveURL('/auth/signin?error=unauthenticated');
  });

  test('shows when the browser has no connection', async ({ page, context }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await context.setOffline(true);
    await expect(shell.header).toContainText('Dashboard (Working Offline)');
    await expect(shell.header.getByText('Offline', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(shell.header.getByText('Online', { exact: true })).toBeVisible();
  });
});
