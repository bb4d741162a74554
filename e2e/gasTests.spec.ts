import { expect, test, type Browser, type Locator } from '@playwright/test';
import { scan } from './axeAudit';
import { DEMO_PASSWORD, users } from './fixtures';
import { ownServerForFile } from './ownServer';
import { DashboardPage } from './pages/DashboardPage';
import { PermitEditPage } from './pages/PermitEditPage';
import { ReportPage } from './pages/ReportPage';
import { SignInPage } from './pages/SignInPage';

const BANNER = /^Work suspended: LEL 14 % at \d\d:\d\d \(limit below 10 %\)/;

// Work is stopped and resumed here, a whole area at once: a server of the file's own, its tests in order.
// The separator entry (Vacuum Distillation) ends the first test stopped and the second running; the
// third stops the relief-valve hot work's area (Atmospheric Distillation), its sibling.
const { baseURL: BASE_URL, server } = ownServerForFile(37);
const ENTRY = 'demo-cs-approved';
const HOT_WORK = 'demo-hw-approved';

const referenceOf = async (id: string) =>
  (await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]))[0]!.reference_id;

/** Records a reading at the manway's bottom through the Gas tests panel's form. */
async function record(panel: Locator, values: Record<string, string>) {
  const form = panel.getByRole('form', { name: 'Record a gas reading' });
  await form.getByRole('textbox', { name: 'Sample point' }).fill('Bottom');
  for (const [gas, value] of Object.entries(values)) await form.getByRole('spinbutton', { name: new RegExp(`^${gas} `) }).fill(value);
  await form.getByRole('button', { name: 'Record reading' }).click();
}
const PASSING = { O2: '20.9', LEL: '0', H2S: '0', CO: '1' };
const FAILING = { O2: '20.4', LEL: '14', H2S: '2', CO: '6' };

async function signedIn(browser: Browser, who: 'issuer' | 'admin') {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users[who].email, DEMO_PASSWORD);
  await shell.waitUntilSynced();
  return { context, page, shell };
}

test('the seeded suspended entry is on the dashboard’s Gas tests due and shows the banner; offline, a passing reading and Resume work restart it, a failing reading stops it at once; both sync; the card says Suspended and, offline with the clock moved on, the retest is overdue', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  // The device's clock, moved on at the end: due and overdue are worked out on the device.
  await context.clock.install();
  const page = await context.newPage();
  const shell = await (await new SignInPage(page).goto()).signInAsEmployee(users.issuer.email, DEMO_PASSWORD);
  await shell.waitUntilSynced();
  await expect(page.getByRole('region', { name: 'Gas tests due' })).toContainText(/Permit # CS-\d{4}-\d{6}: Work suspended/);

  const permit = await new PermitEditPage(page).goto(ENTRY);
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

  await context.setOffline(true);
  await record(panel, PASSING);
  await expect(readings.getByRole('row', { name: /^Reading at Bottom/ })).toHaveCount(3);
  // The reading alone never restarts the work: an issuer resumes it, with a comment.
  await expect(banner).toBeVisible();
  await panel.getByRole('textbox', { name: 'Why can the work go on?' }).fill('Ventilated 20 minutes; clean at the bottom.');
  await resume.click();
  await expect(banner).toBeHidden();
  await record(panel, FAILING);
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
  // Offline, with only the device's clock moved past the retest: the device works overdue out itself.
  await context.setOffline(true);
  await page.clock.fastForward('02:30:00');
  await expect(card).toContainText(/Gas test overdue by \d+ min/);
  await context.close();
});

test('two browsers on the stopped entry: the other sees that a passing reading alone does not restart it, the resume at once, and a failing reading’s banner within a second of its write’s answer', async ({ browser }) => {
  const [priya, alex] = await Promise.all([signedIn(browser, 'issuer'), signedIn(browser, 'admin')]);
  await new PermitEditPage(priya.page).goto(ENTRY);
  await new PermitEditPage(alex.page).goto(ENTRY);
  const panel = priya.page.getByRole('region', { name: 'Gas tests' });
  const other = alex.page.getByRole('region', { name: 'Gas tests' });
  const otherBanner = other.getByText(BANNER);
  const otherReadings = other.getByRole('table', { name: 'Gas readings' }).getByRole('row', { name: /^Reading at Bottom/ });
  await expect(otherBanner).toBeVisible();
  const before = await otherReadings.count();

  // Step one, a passing reading: it reaches the other browser, and the work stays stopped there.
  await record(panel, PASSING);
  await expect(otherReadings).toHaveCount(before + 1);
  await expect(otherBanner).toBeVisible();
  // Step two, an issuer's Resume work with a comment: the banner goes on the other browser too.
  const resume = async (comment: string) => {
    await panel.getByRole('textbox', { name: 'Why can the work go on?' }).fill(comment);
    await panel.getByRole('button', { name: 'Resume work' }).click();
    await expect(other.getByLabel('Work suspended', { exact: true })).toHaveCount(0);
  };
  await resume('Ventilated; clean at the bottom.');

  // The other browser notes, on its own clock, when the banner is drawn; this one when its write's answer ended.
  const drawn = alex.page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = () => document.querySelector('[aria-label="Work suspended"]') !== null;
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  const answered = priya.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/gastests/reading'));
  await record(panel, FAILING);
  const response = await answered;
  expect(response.ok()).toBe(true);
  await response.finished();
  const timing = response.request().timing();
  const answeredAt = timing.startTime + timing.responseEnd;
  const lag = (await drawn) - answeredAt;
  console.log(`Banner on the second browser ${Math.round(lag)} ms after the failing reading's answer`);
  test.info().annotations.push({ type: 'banner lag (ms)', description: String(Math.round(lag)) });
  expect(lag).toBeLessThanOrEqual(1_000);
  await expect(otherBanner).toBeVisible();

  // Running again for the next test: its sibling area's work must be going on.
  await record(panel, PASSING);
  await expect(otherReadings).toHaveCount(before + 3);
  await resume('Leak at the bottom flange tightened; clean again.');
  await expect(priya.shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await Promise.all([priya.context.close(), alex.context.close()]);
});

test('Suspend all work at Atmospheric Distillation stops its approved hot work, not the entry in Vacuum Distillation beside it; the map marker and the report say Suspended', async ({ browser }) => {
  // Bayport's site map is switched on and the hot work placed on it, before anyone signs in.
  await server().db.query(`update permits set latitude = 300, longitude = 166 where permit_instance_id = $1`, [HOT_WORK]);
  await server().db.query(`update remote_settings set value = jsonb_set(value, '{1}', '{"plotPlanEnabled": true, "workOrdersEnabled": true, "copyEnabled": true}') where key = 'siteFeatures'`);
  const [hotRef, entryRef] = await Promise.all([referenceOf(HOT_WORK), referenceOf(ENTRY)]);
  const { page, shell, context } = await signedIn(browser, 'issuer');
  const REASON = 'Gas alarm at the crude column; muster at the north gate.';

  await new PermitEditPage(page).goto(HOT_WORK);
  const panel = page.getByRole('region', { name: 'Gas tests' });
  await expect(panel.getByLabel('Work suspended', { exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Suspend all work…' }).click();
  const form = panel.getByRole('form', { name: 'Suspend all work' });
  await form.getByRole('combobox', { name: 'Area' }).selectOption({ label: 'Atmospheric Distillation' });
  await form.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await form.getByRole('button', { name: 'Suspend all work' }).click();
  await expect(panel.getByText(`Work suspended: ${REASON}`)).toBeVisible();
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });

  // The server stopped the hot work for the area and left the entry beside it alone.
  const inForce = (id: string) =>
    server().db.query<{ cause: string }>('select cause from gas_suspensions where permit_instance_id = $1 and resumed_at is null', [id]);
  expect((await inForce(HOT_WORK)).map((r) => r.cause)).toEqual(['area']);
  expect(await inForce(ENTRY)).toEqual([]);
  await new PermitEditPage(page).goto(ENTRY);
  await expect(page.getByRole('region', { name: 'Gas tests' }).getByText(/Gas test due at \d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gas tests' }).getByLabel('Work suspended', { exact: true })).toHaveCount(0);

  // The site map: the marker carries the word, not only its name or colour.
  await page.goto('/');
  const map = await new DashboardPage(page).map.waitUntilDrawn();
  const marker = map.marker(`Permit # ${hotRef} (work suspended)`);
  await expect(marker.getByText('Suspended', { exact: true })).toBeVisible();
  await test.info().attach('suspended-marker', { body: await new DashboardPage(page).mapCard.screenshot(), contentType: 'image/png' });

  // The report: a Work suspended column, in words, where the stopped permit is; its search marks the permit.
  const report = await new ReportPage(page).goto();
  await expect(report.table.getByRole('columnheader', { name: 'Work suspended' })).toBeVisible();
  const stopped = report.table.getByLabel('1 APPROVED with work suspended at Atmospheric Distillation');
  await expect(stopped).toHaveText('1 Suspended');
  await expect(report.table.getByRole('row', { name: /^Vacuum Distillation/ })).not.toContainText('Suspended');
  // The accessibility spec's report may have no stopped work: the column is scanned here.
  await scan(page, 'Permits by State with a Work suspended column');
  await stopped.getByRole('link').click();
  await expect(page).toHaveURL(/\/permits\/search\?State=APPROVED&locationId=111&from=reporting$/);
  await expect(page.getByRole('row', { name: new RegExp(hotRef) })).toContainText('Suspended');
  await expect(page.getByRole('row', { name: new RegExp(entryRef) })).toHaveCount(0);
  await context.close();
});
