import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// A banner put up here shows on every page of the server: this spec has a server of its own.
const { baseURL } = ownServerForFile(42);

test('an outage banner set in the admin area appears in a browser that was already open', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const other = await (await browser.newContext({ baseURL })).newPage();
  const issuer = await new SignInPage(other).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await issuer.waitUntilSynced();
  await expect(other.getByText('SAP is down')).toHaveCount(0);

  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.menuItem('Admin').click();
  await page.getByRole('complementary', { name: 'Admin area' }).getByRole('link', { name: 'Settings' }).click();
  await expect(shell.pageHeading('Settings')).toBeVisible();
  const card = page.getByRole('group', { name: 'Outage banner', exact: true });
  await card.getByRole('textbox', { name: /^Title/ }).fill('SAP is down');
  await card.getByRole('textbox', { name: /^Link$/ }).fill('not a link');
  await card.getByRole('textbox', { name: /^Link$/ }).blur();
  await expect(card.getByText('Link must be a web address starting with http:// or https://')).toBeVisible();
  await card.getByRole('textbox', { name: /^Link$/ }).fill('https://status.demo.test');
  await card.getByRole('textbox', { name: /^Message/ }).fill('Work orders cannot be loaded until SAP is back.');
  await card.getByRole('button', { name: 'Show banner' }).click();
  await expect(shell.toast('Updated successfully')).toBeVisible();

  // The other browser did nothing: the change stream brought the banner.
  const banner = other.getByRole('group', { name: 'SAP is down' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Work orders cannot be loaded until SAP is back.');
  await expect(banner.getByRole('link', { name: 'https://status.demo.test' })).toHaveAttribute('href', 'https://status.demo.test');

  await page.getByRole('group', { name: 'Outage banner', exact: true }).getByRole('button', { name: 'Take down' }).click();
  await expect(other.getByText('SAP is down')).toHaveCount(0, { timeout: 20_000 });
});
