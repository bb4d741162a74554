import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { ownServerForFile } from './ownServer';
import { PermitEditPage } from './pages/PermitEditPage';
import { signedInPerson } from './person';

// Certificates are made and stepped here, and a permit relies on one: a server of the file's own.
const { baseURL: BASE_URL } = ownServerForFile(36);
test.describe.configure({ timeout: 180_000 });

const TAGS = ['MCC-7-C03', '12-XV-3101', '12-XV-3102'];
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Isolation certificate # / });
const point = (page: Page, tag: string) => page.getByRole('row', { name: `Point ${tag}` });

test('a certificate made offline syncs and is numbered; applied by one person, verified by another; a permit relying on it is not approved until it is VERIFIED', async ({ browser }) => {
  const carlos = await signedInPerson(browser, BASE_URL, 'contractor');
  const { page, shell, context } = carlos;
  await shell.menuItem('Isolations').click();
  await expect(page).toHaveURL(/\/isolations$/);
  await page.getByRole('button', { name: 'New isolation certificate' }).click();

  await context.setOffline(true);
  // The equipment is picked from the work orders' assets in the replica: offline, as typed.
  await page.getByRole('combobox', { name: 'Equipment' }).pressSequentially('wash water');
  await page.getByRole('option', { name: '12-P-305B Wash water pump B' }).click();
  await expect(page.getByRole('combobox', { name: 'Equipment' })).toHaveValue('12-P-305B Wash water pump B');
  for (const [i, tag] of TAGS.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add point' }).click();
    const group = page.getByRole('group', { name: `Point ${i + 1}` });
    await group.getByRole('textbox', { name: 'Tag', exact: true }).fill(tag);
    if (i > 0) await group.getByRole('combobox', { name: 'Type' }).selectOption('process');
    if (i > 0) await group.getByRole('combobox', { name: 'Method' }).selectOption('valve closed and locked');
    await group.getByRole('textbox', { name: 'Lock number' }).fill(`L-90${i}`);
  }
  await page.getByRole('button', { name: 'Create certificate' }).click();
  await expect(heading(page)).toHaveText('Isolation certificate # Pending...');
  await expect(shell.pendingCount).toHaveText('1 pending');
  // The plan is still open to change while no lock is on: offline too, queued behind the creation.
  await page.getByRole('button', { name: 'Edit plan' }).click();
  await page.getByRole('combobox', { name: 'Equipment' }).fill('12-P-310A Hydrotreater feed pump A');
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('12-P-310A Hydrotreater feed pump A ·')).toBeVisible();
  await expect(shell.pendingCount).toHaveText('2 pending');

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(heading(page)).toHaveText(/^Isolation certificate # IC-\d{4}-\d{6}$/, { timeout: 20_000 });
  const reference = (await heading(page).textContent())!.replace('Isolation certificate # ', '');
  const url = page.url();

  for (const tag of TAGS) {
    await point(page, tag).getByRole('button', { name: 'Apply' }).click();
    await expect(point(page, tag)).toContainText('Carlos Mendes');
  }
  await page.getByRole('toolbar', { name: 'Certificate actions' }).getByRole('button', { name: 'Mark ISOLATED' }).click();
  await expect(page.getByLabel('State', { exact: true })).toHaveText('ISOLATED');
  await expect(page.getByRole('list', { name: 'Certificate history' })).toContainText('ISOLATED — Carlos Mendes');
  // The two-person rule, on the device and offline-ready: whoever applied a point cannot verify it.
  const own = point(page, TAGS[0]!).getByRole('button', { name: 'Verify' });
  await expect(own).toBeDisabled();
  await expect(point(page, TAGS[0]!)).toContainText(`You applied point ${TAGS[0]}: another person must verify it (two-person rule).`);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  // The paper for the lock box says what the server holds now.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`isolation-${reference}.pdf`);
  expect(execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' })).toMatch(/State: ISOLATED[\s\S]*MCC-7-C03/);

  const priya = await signedInPerson(browser, BASE_URL, 'issuer');
  await priya.page.goto(url);
  await expect(heading(priya.page)).toHaveText(`Isolation certificate # ${reference}`, { timeout: 20_000 });
  await expect(priya.page.getByLabel('State', { exact: true })).toHaveText('ISOLATED', { timeout: 20_000 });
  for (const tag of TAGS) {
    await point(priya.page, tag).getByRole('button', { name: 'Verify' }).click();
    await expect(point(priya.page, tag)).toContainText('Priya Raman');
  }

  // The permit names the certificate; while it is not VERIFIED the panel warns and the approval is refused at once.
  const permit = await new PermitEditPage(priya.page).goto('demo-hw-pending');
  const panel = priya.page.getByRole('region', { name: 'Isolations' });
  await panel.getByRole('combobox', { name: 'Link an isolation certificate' }).pressSequentially('12-P-3');
  await priya.page.getByRole('option', { name: new RegExp(`^${reference} — 12-P-310`) }).click();
  await expect(panel.getByLabel(`Isolation certificate ${reference}`)).toContainText('ISOLATED');
  const refusal = new RegExp(`cannot be approved: isolation certificate ${reference} \\(ISOLATED\\) is not VERIFIED`);
  await expect(panel.getByText(refusal)).toBeVisible();
  await expect(priya.shell.pendingCount).toBeHidden({ timeout: 30_000 });

  await permit.actions.getByRole('button', { name: 'Approvals' }).click();
  await permit.approvalsDialog.getByRole('button', { name: 'Approve' }).last().click();
  await expect(priya.page.getByText(refusal)).toHaveCount(2); // the panel's warning and the refusal told at once
  await permit.approvalsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(priya.shell.pendingCount).toBeHidden();
  await permit.expectState('PENDING');

  // Verified, the same approval goes through.
  await priya.page.goto(url);
  await priya.page.getByRole('textbox', { name: 'Zero-energy test' }).fill('Start tried at the local station: no rotation; 0 V at the motor terminals.');
  await priya.page.getByRole('button', { name: 'Record zero-energy test' }).click();
  await priya.page.getByRole('toolbar', { name: 'Certificate actions' }).getByRole('button', { name: 'Mark VERIFIED' }).click();
  await expect(priya.page.getByLabel('State', { exact: true })).toHaveText('VERIFIED');
  await expect(priya.shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await permit.goto('demo-hw-pending');
  await expect(panel.getByText(refusal)).toBeHidden();
  await permit.actions.getByRole('button', { name: 'Approvals' }).click();
  await permit.approvalsDialog.getByRole('button', { name: 'Approve' }).last().click();
  await permit.approvalsDialog.getByRole('button', { name: 'Close' }).click();
  await permit.expectState('APPROVED');

  await carlos.context.close();
  await priya.context.close();
});
