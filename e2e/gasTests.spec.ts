import { expect, test } from '@playwright/test';
import { scan } from './axeAudit';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitEditPage } from './pages/PermitEditPage';
import { SignInPage } from './pages/SignInPage';

const BANNER = /^Work suspended: LEL 14 % at \d\d:\d\d \(limit below 10 %\)/;

// On the shared server: the separator entry is resumed and stopped again, as seeded, and no other spec reads its gas tests.

test('the seeded suspended entry is on the dashboard’s Gas tests due and shows the banner; offline, a passing reading and Resume work restart it, a failing reading stops it at once; both sync; the card says Suspended and, with the clock moved on, the retest is overdue', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  // The device's clock, moved on at the end: due and overdue are worked out on the device.
  await context.clock.install();
  const page = await context.newPage();
  const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users.issuer.email, DEMO_PASSWORD);
  await shell.waitUntilSynced();
  await expect(page.getByRole('region', { name: 'Gas tests due' })).toContainText(/Permit # CS-\d{4}-\d{6}: Work suspended/);

  const permit = await new PermitEditPage(page).goto('demo-cs-approved');
  const panel = page.getByRole('region', { name: 'Gas tests' });
  const banner = panel.getByText(BANNER);
  const readings = panel.getByRole('table', { name: 'Gas readings' });
  await expect(banner).toBeVisible();
  await expect(readings.getByRole('row', { name: /^Reading at Bottom/ }).first()).toContainText('14 % — above its limit (below 10 %)');
  const resume = panel.getByRole('button', { name: 'Resume work' });
  await expect(resume).toBeDisabled();
  await expect(panel.getByText(/^Take a gas test that passes before resuming the work of permit/)).toBeVisible();
  // The accessibility spec's admin holds no permit with gas tests: the panel is scanned here, banner, readings and form.
  await scan(page, 'Permit (APPROVED, work suspended): Gas tests panel');

  const record = async (values: Record<string, string>) => {
    const form = panel.getByRole('form', { name: 'Record a gas reading' });
    await form.getByRole('textbox', { name: 'Sample point' }).fill('Bottom');
    for (const [gas, value] of Object.entries(values)) await form.getByRole('spinbutton', { name: new RegExp(`^${gas} `) }).fill(value);
    await form.getByRole('button', { name: 'Record reading' }).click();
  };
  await context.setOffline(true);
  await record({ O2: '20.9', LEL: '0', H2S: '0', CO: '1' });
  await expect(readings.getByRole('row', { name: /^Reading at Bottom/ })).toHaveCount(3);
  // The reading alone never restarts the work: an issuer resumes it, with a comment.
  await expect(banner).toBeVisible();
  await panel.getByRole('textbox', { name: 'Why can the work go on?' }).fill('Ventilated 20 minutes; clean at the bottom.');
  await resume.click();
  await expect(banner).toBeHidden();
  await record({ O2: '20.4', LEL: '14', H2S: '2', CO: '6' });
  await expect(banner).toBeVisible();
  await expect(shell.pendingCount).toHaveText('3 pending');

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(panel.getByText(`Stopped by ${users.issuer.name} at`)).toBeVisible();
  await expect(banner).toBeVisible();
  const reference = (await permit.heading.textContent())!.replace('Permit # ', '');

  await page.goto(`/permits/list?text=${reference}`);
  const card = page.getByRole('group', { name: `Permit ${reference}` });
  await expect(card).toContainText('Suspended');
  await expect(card).toContainText(/Gas test due at \d\d:\d\d/);
  await page.clock.fastForward('02:30:00');
  await expect(card).toContainText(/Gas test overdue by \d+ min/);
  await context.close();
});
