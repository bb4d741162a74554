import { expect } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SignInPage } from './pages/SignInPage';
import { setLocationEnabled, test } from './ownServer';

const ATMOSPHERIC_DISTILLATION = 111;

test.describe('a home location disabled while the user works', () => {
  test.afterEach(async ({ ownServer }) => {
    await setLocationEnabled(ownServer, ATMOSPHERIC_DISTILLATION, true);
  });

  test('sends the user to "Location Not Enabled", and back to the dashboard once it is enabled again', async ({ page, ownServer }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilSynced();
    const refresh = page.getByRole('button', { name: 'Refresh data' });

    await setLocationEnabled(ownServer, ATMOSPHERIC_DISTILLATION, false);
    await refresh.click();
    await expect(page).toHaveURL('/location-not-enabled');
    await expect(shell.main).toContainText('Your home location, Atmospheric Distillation, is not enabled for OpenPermit.');

    // No other choice was made: the page no longer says what is true, so the user leaves it.
    await setLocationEnabled(ownServer, ATMOSPHERIC_DISTILLATION, true);
    await refresh.click();
    await expect(page).toHaveURL('/');
    await expect(shell.pageHeading('Dashboard')).toBeVisible();
  });
});
