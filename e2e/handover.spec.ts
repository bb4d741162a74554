import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { LocationPicker } from './pages/LocationPicker';
import { SignInPage } from './pages/SignInPage';

// On the shared server: only this spec signs for or hands over the Crude Unit's shifts.

test('an issuer opens the Crude Unit’s handover, signs for the last shift’s handover and hands over this shift with a note and an addendum, offline; all sync and the PDF reads back', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users.admin.email, DEMO_PASSWORD);
  await shell.waitUntilSynced();
  await shell.menuItem('Shift handover').click();
  await expect(shell.pageHeading('Shift handover')).toBeVisible();

  await page.getByRole('button', { name: 'Choose area' }).click();
  const picker = new LocationPicker(page, 'Choose area');
  await picker.pick('Bayport Refinery', 'Crude Unit');
  await picker.update();
  await expect(page.getByRole('group', { name: 'Area' })).toContainText('Crude Unit');
  await expect(page.getByRole('heading', { level: 2, name: /^This shift: (Day|Night) shift/ })).toBeVisible();

  const history = page.getByRole('list', { name: 'Last handovers' });
  const seeded = history.getByRole('listitem').filter({ hasText: 'Handed over by Priya Raman' });
  await expect(seeded).toContainText('Awaiting acknowledgement');
  await expect(seeded).toContainText('Fire watch until 30 minutes after the last weld.');
  await expect(history.getByRole('listitem').filter({ hasText: 'Acknowledged by Priya Raman' })).toBeVisible();

  await context.setOffline(true);
  await seeded.getByRole('textbox', { name: 'Comment with your signature' }).fill('Read on the unit.');
  await seeded.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(seeded).toContainText(/Acknowledged by Alex Morgan at \d\d:\d\d/);
  await expect(shell.pendingCount).toHaveText('1 pending');

  const open = page.getByRole('region', { name: 'Open permits' });
  const firstNote = open.getByRole('textbox', { name: /^Note on / }).first();
  const item = (await firstNote.getAttribute('aria-label'))!.replace('Note on ', '').split(' · ')[0]!;
  await firstNote.fill('Scaffold tag expires at noon: re-inspect.');
  await page.getByRole('textbox', { name: 'General notes' }).fill('Handover walk done with the board operator.');
  await page.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByRole('status')).toContainText('handed over');
  await expect(shell.pendingCount).toHaveText('2 pending');
  const mine = history.getByRole('listitem').first();
  await expect(mine).toContainText('Handed over by Alex Morgan');
  await expect(mine).toContainText('Not synced yet');
  await expect(mine).toContainText(`${item}: Scaffold tag expires at noon: re-inspect.`);
  // Whoever handed over does not sign for it: the incoming person does.
  await expect(mine.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(mine).toContainText('the incoming person acknowledges it');
  // A correction never edits what was handed over: it is added under it.
  await mine.getByRole('button', { name: 'Add addendum' }).click();
  await mine.getByRole('textbox', { name: 'Addendum' }).fill('Exchanger bay lighting is out: bring torches.');
  await mine.getByRole('button', { name: 'Save addendum' }).click();
  await expect(mine).toContainText(/Addendum by Alex Morgan at \d\d:\d\d: Exchanger bay lighting is out/);
  await expect(shell.pendingCount).toHaveText('3 pending');

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(mine).not.toContainText('Not synced yet', { timeout: 20_000 });
  await expect(seeded).toContainText('Alex Morgan: Read on the unit.');
  await expect(shell.notSyncedButton).toBeHidden();

  const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download PDF' }).click()]);
  const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Handover walk done with the board operator.');
  expect(text).toContain('Scaffold tag expires at noon');
  expect(text).toContain('Exchanger bay lighting is out');
  await context.close();
});
