import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { nextShift, shiftAt } from '../domain/handover/shifts';
import type { Handover, ShiftPattern } from '../schemas';
import { DEMO_PASSWORD, users } from './fixtures';
import { LocationPicker } from './pages/LocationPicker';
import { SignInPage } from './pages/SignInPage';

// On the shared server: only this spec signs for or hands over the Crude Unit's shifts.
// The second test is the next shift of the first: the handover the first made is the one it signs for.
test.describe.configure({ mode: 'serial' });

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

test('the next shift: 30 minutes in, the dashboard warns the incoming issuer that the Crude Unit’s handover is not signed for; with revalidation on, its permits read Revalidation required on the handover, the permit page and the list; her signature clears the warning; handovers older than the device keeps are read from the server', async ({ browser, baseURL, request }, testInfo) => {
  // An administrator turns revalidation on (its screen, Admin → Shifts and Handover, has a spec of its own): through the API with the token of their browser.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await (await new SignInPage(adminPage).goto()).signInAsEmployee(users.admin.email, DEMO_PASSWORD);
  const token = await adminPage.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { id_token: string }).id_token;
  });
  await admin.close();
  const headers = { Authorization: `Bearer ${token}` };
  const pattern = (await (await request.get('/api/handover/shifts?SiteId=1', { headers })).json()) as ShiftPattern;
  const saveShifts = async (Revalidation?: ShiftPattern['Revalidation']) => {
    const response = await request.put('/api/handover/shifts?SiteId=1', { headers, data: { TimeZone: pattern.TimeZone, Shifts: pattern.Shifts, ...(Revalidation && { Revalidation }) } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await saveShifts({ Enabled: true, GraceMinutes: 30 });
  // A handover of three weeks ago, past the 15 days devices keep: the page reads it from the server on request.
  const { Page } = (await (await request.get('/api/handover?HandoverId=demo-handover-1', { headers })).json()) as Handover;
  const old = shiftAt(pattern, new Date(Date.now() - 21 * 24 * 3_600_000));
  const submitted = await request.post('/api/handover', { headers, data: {
    HandoverId: 'e2e-handover-three-weeks-ago', Page: { ...Page, Shift: { Name: old.name, Start: old.start.toISOString(), End: old.end.toISOString() } },
    GeneralNotes: 'Turnaround scaffolds struck on the crude heater.', ItemNotes: [],
  } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const context = await browser.newContext({ baseURL });
  try {
    // The device's clock, moved on below: the warning and Revalidation required are worked out on the device.
    await context.clock.install();
    const page = await context.newPage();
    const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users.issuer.email, DEMO_PASSWORD);
    await shell.waitUntilSynced();
    const warning = page.getByRole('region', { name: 'Handover missing' });
    // This shift's last change was signed for by the first test: no warning, once the further cards are there.
    await expect(page.getByRole('region', { name: 'Isolations in place' })).toBeVisible();
    await expect(warning).toHaveCount(0);

    const now = new Date(await page.evaluate(() => Date.now()));
    const next = nextShift(pattern, now);
    await page.clock.fastForward(next.start.getTime() + 31 * 60_000 - now.getTime());
    await expect(warning).toContainText('Handover missing: Crude Unit');
    // The shift the first test handed over, which nobody has signed for.
    await expect(warning).toContainText(`Nobody has acknowledged the handover of the ${shiftAt(pattern, now).name} shift`);

    // The README's pictures (docs/handover-warning.png, docs/handover.png) are these.
    await page.screenshot({ path: testInfo.outputPath('handover-warning.png') });
    await warning.getByRole('link', { name: 'Open the handover of Crude Unit' }).click();
    await expect(page.getByRole('group', { name: 'Area' })).toContainText('Crude Unit');
    const required = page.getByRole('region', { name: 'Open permits' }).getByRole('listitem').filter({ hasText: 'Revalidation required' }).first();
    await expect(required).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('handover.png') });
    const link = required.getByRole('link').first();
    const reference = (await link.textContent())!.split(' · ')[0]!;
    const history = page.getByRole('list', { name: 'Last handovers' });
    const handedOver = history.getByRole('listitem').filter({ hasText: `Handed over by ${users.admin.name}` }).filter({ hasText: 'Awaiting acknowledgement' });
    await expect(handedOver).toHaveCount(1);

    await link.click();
    await expect(shell.pageHeading(`Permit # ${reference}`)).toBeVisible();
    await expect(page.getByText('Revalidation required', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Revalidate it on the shift handover' })).toBeVisible();
    await shell.menuItem('List Current Permits').click();
    await page.getByRole('main').getByRole('textbox', { name: 'Filter permits' }).fill(reference);
    await expect(page.getByRole('group', { name: `Permit ${reference}` })).toContainText('Revalidation required');

    // Signing for the handover clears the warning at once, before it syncs.
    await shell.menuItem('Dashboard').click();
    await warning.getByRole('link', { name: 'Open the handover of Crude Unit' }).click();
    await handedOver.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(history.getByRole('listitem').filter({ hasText: `Handed over by ${users.admin.name}` }).first()).toContainText(`Acknowledged by ${users.issuer.name}`);

    // Older than the device keeps: read from the server, read-only.
    await page.getByRole('button', { name: 'Show older handovers' }).click();
    const older = page.getByRole('list', { name: 'Older handovers' });
    await expect(older.getByRole('listitem')).toHaveCount(1);
    await expect(older).toContainText('Turnaround scaffolds struck on the crude heater.');
    await expect(older).toContainText('Awaiting acknowledgement');
    await expect(older.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    await expect(older.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await expect(page.getByText('No older handover of this area.')).toBeVisible();

    await shell.menuItem('Dashboard').click();
    await expect(page.getByRole('region', { name: 'Isolations in place' })).toBeVisible();
    await expect(warning).toHaveCount(0);
    await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  } finally {
    await context.close();
    await saveShifts();
  }
});
