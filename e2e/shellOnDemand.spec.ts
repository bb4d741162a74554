import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SignInPage } from './pages/SignInPage';

// The header's tooltip and the narrow-screen menu load when first used (issue 13's first load):
// they must still work the first time, by pointer and by keyboard.

test('the Refresh button is named before its tooltip loads, and shows the tooltip on the first hover and the first focus', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilLoaded();
  const refresh = shell.header.getByRole('button', { name: 'Refresh data' });
  await expect(refresh).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await refresh.hover();
  await expect(page.getByRole('tooltip', { name: 'Refresh data' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  // Keyboard users: focus stays on the button while the tooltip comes in.
  await page.reload();
  await shell.waitUntilLoaded();
  await shell.header.getByRole('button', { name: 'Refresh data' }).focus();
  await expect(page.getByRole('tooltip', { name: 'Refresh data' })).toBeVisible();
  await expect(shell.header.getByRole('button', { name: 'Refresh data' })).toBeFocused();
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the hamburger opens the menu the first time, and an entry navigates and closes it', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    await shell.waitUntilLoaded();
    await expect(shell.menu).toBeHidden();

    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.menu).toBeVisible();
    await shell.menuItem('Preferences').click();
    await expect(shell.pageHeading('Preferences')).toBeVisible();
    await expect(shell.menu).toBeHidden();

    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.menuItem('Preferences')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.menu).toBeHidden();
  });
});
