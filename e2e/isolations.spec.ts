import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { certificateOnServer, pendingPermitOnServer } from './isolationsOnServer';
import { ownServerForFile } from './ownServer';
import { DashboardPage } from './pages/DashboardPage';
import { NotSyncedDialog } from './pages/NotSyncedDialog';
import { PermitEditPage } from './pages/PermitEditPage';
import { PlotPlanMap } from './pages/PlotPlanMap';
import { signedInPerson, type Person } from './person';

// Certificates are made and stepped here, and a permit relies on one: a server of the file's own.
const { baseURL: BASE_URL, server } = ownServerForFile(36);
test.describe.configure({ timeout: 180_000 });

const TAGS = ['MCC-7-C03', '12-XV-3101', '12-XV-3102'];
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Isolation certificate # / });
const point = (page: Page, tag: string) => page.getByRole('row', { name: `Point ${tag}` });
const stateOf = (page: Page) => page.getByLabel('State', { exact: true });
const certificateActions = (page: Page) => page.getByRole('toolbar', { name: 'Certificate actions' });
const referenceOf = async (permitId: string) =>
  (await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [permitId]))[0]!.reference_id;
/** What the server holds of a certificate: its state and who removed each point. */
const onServer = async (id: string) =>
  (await server().db.query<{ state: string; points: { Tag: string; RemovedBy: unknown; VerifiedBy: { Name: string } | null }[] }>(
    'select state, points from isolation_certificates where isolation_certificate_id = $1', [id]))[0]!;

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

test('de-isolation is refused while a permit relying on the certificate is APPROVED, on the device before anyone tries and by the server; once the permit is COMPLETED the locks come off', async ({ browser, request }) => {
  // The demo: 10-P-101's certificate is VERIFIED under the approved hot-work permit.
  const permitRef = await referenceOf('demo-hw-approved');
  const tags = ['MCC-3-B12', '10-XV-1012', '10-XV-1013'];
  const { page, shell, context } = await signedInPerson(browser, BASE_URL, 'issuer');
  await page.goto('/isolations/demo-ic-p101');
  await expect(stateOf(page)).toHaveText('VERIFIED', { timeout: 20_000 });
  const reference = (await heading(page).textContent())!.replace('Isolation certificate # ', '');
  await expect(page.getByRole('list', { name: 'Linked permits' })).toContainText(new RegExp(`${permitRef}\\s*APPROVED`));

  // Asking for the de-isolation is allowed (the locks stay on); taking a lock off is not, and the page says why before anyone tries.
  await certificateActions(page).getByRole('button', { name: 'Request de-isolation' }).click();
  await expect(stateOf(page)).toHaveText('DE-ISOLATION REQUESTED');
  const blocked = `Permit ${permitRef} (APPROVED) is still open and relies on this isolation: isolation certificate ${reference} cannot have a point removed until it is completed, rejected or revoked.`;
  for (const tag of tags) {
    await expect(point(page, tag).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await expect(point(page, tag)).toContainText(blocked);
  }
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });

  // The server refuses it too, whoever asks (here the contractor, straight at the API, as a stale device would).
  const signIn = await request.post('/api/auth/signin', { data: { EmailAddress: users.contractor.email, Password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` };
  const refused = await request.post('/api/isolations/point', { headers, data: { IsolationCertificateId: 'demo-ic-p101', PointId: 'p1', Action: 'remove' } });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(blocked);
  // The permit's paper lists the certificate it relies on, with every point.
  const permitPdf = await request.get('/api/permitpdf?PermitInstanceId=demo-hw-approved', { headers });
  expect(permitPdf.status()).toBe(200);
  const permitText = execFileSync('pdftotext', ['-', '-'], { input: await permitPdf.body(), encoding: 'utf8' });
  expect(permitText).toContain(reference);
  for (const tag of tags) expect(permitText).toContain(tag);

  // The work is done and the permit COMPLETED (its close-out is another spec's): the device follows, and the locks come off.
  await server().db.query(`update permits set state = 'COMPLETED' where permit_instance_id = 'demo-hw-approved'`);
  await expect(page.getByRole('list', { name: 'Linked permits' })).toContainText(new RegExp(`${permitRef}\\s*COMPLETED`), { timeout: 20_000 });
  for (const tag of tags) {
    await point(page, tag).getByRole('button', { name: 'Remove' }).click();
    await expect(point(page, tag).getByRole('button', { name: 'Remove' })).toHaveCount(0);
  }
  await certificateActions(page).getByRole('button', { name: 'Mark DE-ISOLATED' }).click();
  await expect(stateOf(page)).toHaveText('DE-ISOLATED');
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(shell.notSyncedButton).toBeHidden();
  expect((await onServer('demo-ic-p101')).state).toBe('DE-ISOLATED');
  await context.close();
});

/** The permit the next two tests issue: the contractor's draft, one approval from being issued (the demo's pending one is the first test's). */
const ISSUED = 'demo-hw-draft';
test.beforeAll(async () => {
  await pendingPermitOnServer(server(), ISSUED);
});

/**
 * Issue 36 §5: device A, offline, asks for the de-isolation and takes a lock off, knowing of no
 * permit relying on the certificate; device B, offline too, names it on a permit and issues the
 * permit on it. Whichever device comes back first, no lock comes off under the issued permit and
 * no permit is issued on an isolation on its way off: A first, B's link is refused and so is the
 * approval queued behind it, judged on that link (the approval carries the certificates it saw);
 * B first, A's removal is refused. The loser's changes land in Not synced naming what blocked
 * them, and both devices show the server's truth.
 */
async function removalAgainstIssue(browser: Browser, first: 'removal' | 'issue') {
  const id = `e2e-ic-${first}-first`;
  const tags = first === 'removal' ? ['13-XV-3101', '13-XV-3102'] : ['13-XV-3201', '13-XV-3202'];
  const reference = await certificateOnServer(server(), id, `13-P-3${first === 'removal' ? 1 : 2} Tank 31 transfer pump`, tags, 'VERIFIED');
  const permitRef = await referenceOf(ISSUED);
  // Both sign in at once: two devices' first syncs are most of these tests' time.
  const [carlos, priya] = await Promise.all([signedInPerson(browser, BASE_URL, 'contractor'), signedInPerson(browser, BASE_URL, 'issuer')]);

  await carlos.page.goto(`/isolations/${id}`);
  await expect(stateOf(carlos.page)).toHaveText('VERIFIED', { timeout: 20_000 });
  await carlos.context.setOffline(true);
  await certificateActions(carlos.page).getByRole('button', { name: 'Request de-isolation' }).click();
  await point(carlos.page, tags[0]!).getByRole('button', { name: 'Remove' }).click();
  await expect(point(carlos.page, tags[0]!).getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(carlos.shell.pendingCount).toHaveText('2 pending');

  const permit = await new PermitEditPage(priya.page).goto(ISSUED);
  const panel = priya.page.getByRole('region', { name: 'Isolations' });
  await priya.context.setOffline(true);
  await panel.getByRole('combobox', { name: 'Link an isolation certificate' }).pressSequentially(reference);
  await priya.page.getByRole('option', { name: new RegExp(`^${reference} — `) }).click();
  await expect(panel.getByLabel(`Isolation certificate ${reference}`)).toContainText('VERIFIED');
  await permit.actions.getByRole('button', { name: 'Approvals' }).click();
  await permit.approvalsDialog.getByRole('button', { name: 'Approve' }).last().click();
  await permit.approvalsDialog.getByRole('button', { name: 'Close' }).click();
  // Queued behind the link: the device does not call the permit APPROVED before the server does.
  await expect(priya.shell.pendingCount).toHaveText('2 pending');

  const [before, after] = first === 'removal' ? [carlos, priya] : [priya, carlos];
  await before.context.setOffline(false);
  await expect(before.shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await after.context.setOffline(false);
  await expect(after.shell.pendingCount).toBeHidden({ timeout: 30_000 });

  await expect(stateOf(carlos.page)).toHaveText('DE-ISOLATION REQUESTED');
  const held = await onServer(id);
  expect(held.state).toBe('DE-ISOLATION REQUESTED');

  if (first === 'removal') {
    // The de-isolation reached the server while no permit named the certificate: the lock came off, rightly.
    expect(held.points.map((p) => p.RemovedBy !== null)).toEqual([true, false]);
    await expect(carlos.shell.notSyncedButton).toBeHidden();
    // B's link is refused, and the approval queued behind it is not applied on a permit that now names no isolation.
    await expectRefused(priya, 'Approval on a permit',
      `This approval of permit ${permitRef} relied on isolation certificate ${reference}, which the permit no longer names: it was not applied. Check the isolations the permit relies on now and approve it again if they are right.`,
      [`Rely on isolation certificate ${reference} for permit ${permitRef}`, `Isolation certificate ${reference} is DE-ISOLATION REQUESTED: a permit can only rely on an isolation that is planned or in place.`]);
    await permit.expectState('PENDING');
    expect((await server().db.query<{ state: string }>('select state from permits where permit_instance_id = $1', [ISSUED]))[0]!.state).toBe('PENDING');
    // Back to the server's truth: the permit names no certificate.
    await expect(panel.getByLabel(`Isolation certificate ${reference}`)).toBeHidden();
  } else {
    // The lock stays on: the server knew the issued permit relied on it; A's page shows it on again, and why.
    const kept = `Permit ${permitRef} (APPROVED) is still open and relies on this isolation: isolation certificate ${reference} cannot have a point removed until it is completed, rejected or revoked.`;
    await expectRefused(carlos, `Remove isolation point ${tags[0]} of ${reference}`, kept);
    await expect(point(carlos.page, tags[0]!).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await expect(point(carlos.page, tags[0]!)).toContainText(kept);
    await expect(carlos.page.getByRole('list', { name: 'Linked permits' })).toContainText(new RegExp(`${permitRef}\\s*APPROVED`));
    expect(held.points.map((p) => p.RemovedBy)).toEqual([null, null]);
    await permit.expectState('APPROVED');
    await expect(priya.shell.notSyncedButton).toBeHidden();
  }
  await carlos.context.close();
  await priya.context.close();
}

/** The change `label` is in the person's Not synced list with `reason`, and so is each of `others` (label, reason), and nothing else. */
async function expectRefused({ page, shell }: Person, label: string, reason: string, ...others: [string, string][]) {
  await expect(shell.notSyncedButton).toHaveText(`${1 + others.length} not synced`, { timeout: 20_000 });
  await shell.notSyncedButton.click();
  const notSynced = new NotSyncedDialog(page);
  for (const [what, why] of [[label, reason], ...others] as const) await expect(notSynced.entry(what)).toContainText(why);
  await notSynced.close();
}

test('offline: a lock taken off while another device issues a permit relying on it — the removal reaches the server first', async ({ browser }) => {
  await removalAgainstIssue(browser, 'removal');
});

test('offline: a lock taken off while another device issues a permit relying on it — the issue reaches the server first', async ({ browser }) => {
  await removalAgainstIssue(browser, 'issue');
});

test('offline: two people verify the same point; the first to sync signs it, the other is told who did', async ({ browser }) => {
  const tag = '13-XV-3301';
  const id = 'e2e-ic-two-verifiers';
  const reference = await certificateOnServer(server(), id, '13-P-33 Slop oil pump', [tag], 'ISOLATED');
  const [carlos, priya] = await Promise.all([signedInPerson(browser, BASE_URL, 'contractor'), signedInPerson(browser, BASE_URL, 'issuer')]);
  for (const { page, context } of [carlos, priya]) {
    await page.goto(`/isolations/${id}`);
    await expect(stateOf(page)).toHaveText('ISOLATED', { timeout: 20_000 });
    await context.setOffline(true);
    await point(page, tag).getByRole('button', { name: 'Verify' }).click();
  }
  await expect(point(carlos.page, tag)).toContainText(users.contractor.name);
  await expect(point(priya.page, tag)).toContainText(users.issuer.name);

  await carlos.context.setOffline(false);
  await expect(carlos.shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await priya.context.setOffline(false);
  await expectRefused(priya, `Verify isolation point ${tag} of ${reference}`, `Point ${tag} was verified already by ${users.contractor.name}.`);
  await expect(point(priya.page, tag)).toContainText(users.contractor.name);
  await expect(point(priya.page, tag)).not.toContainText(users.issuer.name);
  expect((await onServer(id)).points[0]!.VerifiedBy!.Name).toBe(users.contractor.name);
  await carlos.context.close();
  await priya.context.close();
});

test('an isolation point is placed on the plot plan like a permit, and the site map shows it apart from the permits', async ({ browser }) => {
  // Bayport's site map is off in the demo: switched on before anyone signs in (the last test of the file, so no other sees it).
  await server().db.query(`update remote_settings set value = jsonb_set(value, '{1}', '{"plotPlanEnabled": true, "workOrdersEnabled": true, "copyEnabled": true}') where key = 'siteFeatures'`);
  const { page, shell, context } = await signedInPerson(browser, BASE_URL, 'contractor');
  await shell.menuItem('Isolations').click();
  await page.getByRole('button', { name: 'New isolation certificate' }).click();
  await page.getByRole('combobox', { name: 'Equipment' }).fill('13-M-34 Tank 31 mixer');
  const group = page.getByRole('group', { name: 'Point 1' });
  await group.getByRole('textbox', { name: 'Tag', exact: true }).fill('MCC-9-A01');
  await expect(group).toContainText('Not on the site map');
  await group.getByRole('button', { name: 'Place on site map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where is MCC-9-A01?' });
  const picker = await new PlotPlanMap(page, dialog.getByRole('region', { name: 'Isolation point map' })).waitUntilDrawn();
  await picker.tapAt(0.5, 0.5);
  await dialog.getByRole('button', { name: 'Set point location' }).click();
  await expect(group).toContainText('On the site map');
  await page.getByRole('button', { name: 'Create certificate' }).click();
  await expect(heading(page)).toHaveText(/^Isolation certificate # IC-\d{4}-\d{6}$/, { timeout: 30_000 });
  const reference = (await heading(page).textContent())!.replace('Isolation certificate # ', '');
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  // The server keeps the position in the certificate's point, on the sheet.
  const [held] = await server().db.query<{ points: { Latitude: number; Longitude: number }[] }>('select points from isolation_certificates where reference_id = $1', [reference]);
  expect(held!.points[0]!.Latitude).toBeGreaterThan(0);
  expect(held!.points[0]!.Longitude).toBeGreaterThan(0);

  // The dashboard's map: a marker named for the point and its certificate, whose popup leads to the certificate.
  await shell.menuItem('Dashboard').click();
  const map = await new DashboardPage(page).map.waitUntilDrawn();
  const marker = map.marker(`Isolation point MCC-9-A01 (${reference}, PLANNED)`);
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await marker.click();
  await map.region.getByRole('link', { name: 'View certificate' }).click();
  await expect(heading(page)).toHaveText(`Isolation certificate # ${reference}`);
  await context.close();
});
