import { expect, test, type Browser } from '@playwright/test';
import { PermitEditPage } from './pages/PermitEditPage';
import { ownServerForFile } from './ownServer';
import { signedInPerson, type Person } from './person';

// Permits are edited here: this spec has a server of its own.
const { baseURL: BASE_URL } = ownServerForFile(16);
// A change is told apart as made offline when it reached the server more than a minute after it was made.
test.describe.configure({ timeout: 480_000 });

const signedIn = (browser: Browser, who: 'contractor' | 'issuer') => signedInPerson(browser, BASE_URL, who);

const clock = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.source;

test('two people edit a permit, one offline: its History shows both changes field by field with their times, online and offline', async ({ browser }) => {
  const id = 'demo-hw-pending';
  const carlos = await signedIn(browser, 'contractor');
  const priya = await signedIn(browser, 'issuer');
  // One after the other, and given time: two browsers building a Form.io form share the machine's cores.
  const open = async ({ page }: Person) => {
    const permit = new PermitEditPage(page);
    await page.goto(`/permits/${id}/edit`);
    await expect(page.getByRole('textbox', { name: 'Work location' })).toBeEditable({ timeout: 45_000 });
    return permit;
  };
  const offline = await open(carlos);
  const online = await open(priya);

  // Carlos edits with no connection and comes back more than a minute later.
  await carlos.context.setOffline(true);
  const workLocation = 'Pump bay 3, by the east stairs';
  await carlos.page.getByRole('textbox', { name: 'Work location' }).fill(workLocation);
  // And a gas reading: a grid's row, which the history words cell by cell.
  const testers = carlos.page.getByRole('textbox', { name: 'Tester' });
  const rowsBefore = await testers.count();
  await carlos.page.getByRole('button', { name: 'Add row' }).first().click();
  await expect(testers).toHaveCount(rowsBefore + 1);
  await testers.last().fill('Carlos Mendes');
  await expect(carlos.shell.pendingCount).toBeVisible();
  const madeOfflineAt = Date.now();

  // Priya edits online meanwhile.
  const description = 'Weld repair of the suction line; isolate P-101B first';
  await priya.page.getByRole('textbox', { name: 'Description of the work' }).fill(description);
  await expect(priya.shell.pendingCount).toBeHidden({ timeout: 30_000 });

  await carlos.page.waitForTimeout(Math.max(0, madeOfflineAt + 70_000 - Date.now()));
  await carlos.context.setOffline(false);
  await expect(carlos.shell.pendingCount).toBeHidden({ timeout: 30_000 });

  for (const permit of [offline, online]) {
    await permit.openHistory();
    await expect(permit.page).toHaveURL(/\?tab=history$/);
    // Each change in words, by whom, its field by the form's label, old and new value.
    const carlosEdit = permit.historyEvent('Carlos Mendes (contractor) changed', new RegExp(`Work location from .* to "${workLocation}"`));
    const priyaEdit = permit.historyEvent('Priya Raman changed', `Description of the work from`, `to "${description}"`);
    await expect(carlosEdit).toHaveCount(1, { timeout: 20_000 });
    await expect(priyaEdit).toHaveCount(1, { timeout: 20_000 });
    // Carlos's waited on his tablet: both times, said in words. Priya's reached the server as she made it.
    await expect(carlosEdit).toContainText(new RegExp(`Made offline at ${clock}, received ${clock}`));
    await expect(carlosEdit).toContainText(/Gas test readings, row \d+ added: .*Tester "Carlos Mendes"/);
    await expect(priyaEdit).toContainText(new RegExp(`Received ${clock}`));
    await expect(priyaEdit).not.toContainText('Made offline');
    // The server received Carlos's edit after Priya's: the list is in the order it received them.
    const events = permit.history.getByRole('listitem').filter({ has: permit.page.locator('time') });
    const texts = await events.allInnerTexts();
    expect(texts.findIndex((t) => t.includes(workLocation))).toBeGreaterThan(texts.findIndex((t) => t.includes(description)));
    expect(texts[0]).toMatch(/created the permit/);
  }

  // The same tab with no connection at all: read from the device.
  await priya.context.setOffline(true);
  await priya.page.reload();
  await expect(priya.shell.header).toContainText('Working Offline');
  await expect(online.history).toBeVisible({ timeout: 20_000 });
  await expect(online.historyEvent('Carlos Mendes (contractor) changed', workLocation)).toContainText(new RegExp(`Made offline at ${clock}`));
  await expect(online.historyEvent('Priya Raman changed', description)).toHaveCount(1);

  for (const { context } of [carlos, priya]) await context.close();
});
