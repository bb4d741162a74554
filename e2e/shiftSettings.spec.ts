import { expect, test } from '@playwright/test';
import { shiftAt } from '../domain/handover/shifts';
import { DEMO_PASSWORD, users } from './fixtures';
import { LocationPicker } from './pages/LocationPicker';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// The shifts changed here are every handover's on the server: this spec has a server of its own.
const { baseURL } = ownServerForFile(63);

test('an administrator refuses two shifts starting together on the device, saves three shifts with revalidation on while offline, and the handover page follows the new shifts once synced', async ({ page }) => {
  test.setTimeout(120_000);
  expect(baseURL).toBeTruthy();
  const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users.admin.email, DEMO_PASSWORD);
  await shell.waitUntilSynced();
  await shell.menuItem('Admin').click();
  await page.getByRole('complementary', { name: 'Admin area' }).getByRole('link', { name: 'Shifts and Handover' }).click();
  await expect(shell.pageHeading('Shifts and Handover')).toBeVisible();

  const form = page.getByRole('form', { name: 'Shifts and handover' });
  const shift = (n: number) => form.getByRole('group', { name: `Shift ${n}` });
  // The site's default: Day and Night, each ending where the other begins.
  await expect(shift(1).getByRole('textbox', { name: 'Name' })).toHaveValue('Day');
  await expect(shift(1)).toContainText('Ends at 18:00');
  await expect(shift(2).getByRole('textbox', { name: 'Name' })).toHaveValue('Night');

  // Two shifts at the same time cannot tell which one an instant is in: refused on the device, nothing queued.
  await shift(2).getByLabel('Starts at').fill('06:00');
  await form.getByRole('button', { name: 'Save shifts' }).click();
  await expect(form.getByRole('alert')).toHaveText('The Day and Night shifts both start at 06:00: give each shift its own start time.');
  await expect(shell.pendingCount).toBeHidden();

  await page.context().setOffline(true);
  await shift(1).getByRole('textbox', { name: 'Name' }).fill('Early');
  await shift(2).getByRole('textbox', { name: 'Name' }).fill('Late');
  await shift(2).getByLabel('Starts at').fill('14:00');
  await form.getByRole('button', { name: 'Add a shift' }).click();
  await shift(3).getByRole('textbox', { name: 'Name' }).fill('Nights');
  await shift(3).getByLabel('Starts at').fill('22:00');
  await expect(shift(2)).toContainText('Ends at 22:00');
  await expect(shift(3)).toContainText('Ends at 06:00');
  await form.getByRole('switch', { name: 'Revalidate approved permits at each shift change' }).check();
  await form.getByRole('spinbutton', { name: 'Grace period (minutes into the shift)' }).fill('45');
  await form.getByRole('button', { name: 'Save shifts' }).click();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(shell.pendingCount).toHaveText('1 pending');

  await page.context().setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(shell.notSyncedButton).toBeHidden();
  // The form is the pattern the server kept, as the site data brought it back.
  await page.reload();
  await expect(shift(3).getByRole('textbox', { name: 'Name' })).toHaveValue('Nights', { timeout: 20_000 });
  await expect(form.getByRole('switch', { name: 'Revalidate approved permits at each shift change' })).toBeChecked();
  await expect(form.getByRole('spinbutton', { name: 'Grace period (minutes into the shift)' })).toHaveValue('45');
  const timeZone = await form.getByRole('textbox', { name: /^Site time zone/ }).inputValue();

  await shell.menuItem('Shift handover').click();
  await expect(shell.pageHeading('Shift handover')).toBeVisible();
  await page.getByRole('button', { name: 'Choose area' }).click();
  const picker = new LocationPicker(page, 'Choose area');
  await picker.pick('Bayport Refinery', 'Crude Unit');
  await picker.update();
  const now = new Date(await page.evaluate(() => Date.now()));
  const expected = shiftAt({ TimeZone: timeZone, Shifts: [{ Name: 'Early', Start: '06:00', End: '14:00' }, { Name: 'Late', Start: '14:00', End: '22:00' }, { Name: 'Nights', Start: '22:00', End: '06:00' }] }, now);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^This shift: ${expected.name} shift`) })).toBeVisible();
});
