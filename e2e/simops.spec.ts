import { expect, test } from '@playwright/test';
import { ownServerForFile } from './ownServer';
import { DashboardPage } from './pages/DashboardPage';
import { NotSyncedDialog } from './pages/NotSyncedDialog';
import { PermitEditPage } from './pages/PermitEditPage';
import { signedInPerson } from './person';

// Two of Bayport's hot-work permits are placed 8 m apart and Bayport's site map is switched on: a server of its own.
const { baseURL: BASE_URL, server } = ownServerForFile(30);

const PENDING = 'demo-hw-pending';
const APPROVED = 'demo-hw-approved';
const ENTRY = 'demo-cs-approved';

const referenceOf = async (id: string) =>
  (await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]))[0]!.reference_id;

// Tall enough for the map card under the count cards (the screenshot shows what the issuer sees).
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async () => {
  // Bayport's plan is calibrated at 0.5 m a unit: 16 units apart is 8 m, inside the 10 m of hot work beside hot work (needs review).
  await server().db.query(`update permits set latitude = 300, longitude = 150 where permit_instance_id = $1`, [PENDING]);
  await server().db.query(`update permits set latitude = 300, longitude = 166 where permit_instance_id = $1`, [APPROVED]);
  await server().db.query(`update remote_settings set value = jsonb_set(value, '{1}', '{"plotPlanEnabled": true, "workOrdersEnabled": true, "copyEnabled": true}') where key = 'siteFeatures'`);
});

test('two hot-work jobs 8 m apart: the map joins them, the list badges them, the permit page names the other, the approval needs the acknowledgement, and a block the offline device could not see is refused by the server', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const [pendingRef, approvedRef, entryRef] = await Promise.all([referenceOf(PENDING), referenceOf(APPROVED), referenceOf(ENTRY)]);
  const { page, shell, context } = await signedInPerson(browser, BASE_URL, 'issuer');

  // The dashboard: the card counts the pair; the map draws one line between the two, and the separation circle of the one whose popup is open.
  const dashboard = new DashboardPage(page);
  await expect(page.getByRole('region', { name: 'SIMOPS clashes today' })).toContainText(`Permit # ${approvedRef} and Permit # ${pendingRef}: 8 m apart, needs review`);
  const map = await dashboard.map.waitUntilDrawn();
  const line = map.region.locator('path.op-simops-line.op-simops-review');
  await expect(line).toHaveCount(1);
  await map.marker(`Permit # ${pendingRef}`).click();
  await expect(map.popup).toContainText(`SIMOPS: needs review within 10 m of Permit # ${approvedRef}, 8 m away`);
  await expect(map.region.locator('path.op-simops-circle')).toHaveCount(1);
  const shot = testInfo.outputPath('simops-map.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('simops-map', { path: shot, contentType: 'image/png' });

  // The list, offline: both cards carry the badge in words.
  await context.setOffline(true);
  await shell.menuItem('List Current Permits').click();
  for (const reference of [pendingRef, approvedRef]) {
    await expect(page.getByRole('group', { name: `Permit ${reference}` })).toContainText('SIMOPS · Needs review');
  }

  // The permit page: the other permit, how far, the rule and a link to it.
  const permit = await new PermitEditPage(page).goto(PENDING);
  const nearby = page.getByRole('region', { name: 'Nearby work' }).getByLabel(`Nearby permit ${approvedRef}`);
  await expect(nearby).toContainText('8 m away');
  await expect(nearby).toContainText('Needs review within 10 m');
  await expect(nearby.getByRole('link', { name: `Permit # ${approvedRef}` })).toHaveAttribute('href', `/permits/${APPROVED}/edit`);

  // Approving asks for the acknowledgement first, on the device.
  await permit.actions.getByRole('button', { name: 'Approvals' }).click();
  const dialog = permit.approvalsDialog;
  await expect(dialog.getByText(`Permit ${pendingRef} needs a SIMOPS review: ${approvedRef} (HotWork) is 8 m away`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).last().click();
  await expect(dialog.getByRole('alert')).toContainText('Approve with a comment that acknowledges it.');
  await expect(shell.pendingCount).toBeHidden();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(`Both welding jobs briefed together; one fire watch covers ${approvedRef}.`);
  await dialog.getByRole('button', { name: 'Approve' }).last().click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Meanwhile a confined-space entry was placed 10 m away, which this offline device cannot know: the server, judging
  // with its own data, refuses the issue, and Not synced says why, naming the entry.
  await server().db.query(`update permits set latitude = 300, longitude = 170 where permit_instance_id = $1`, [ENTRY]);
  await context.setOffline(false);
  await shell.notSyncedButton.click();
  const notSynced = new NotSyncedDialog(page);
  await expect(notSynced.entry('Approval on a permit')).toContainText(`Permit ${pendingRef} cannot be approved: ${entryRef} (ConfinedSpace) is 10 m away`);
  await notSynced.close();
  await permit.expectState('PENDING');

  // The admin area shows the site's matrix; the issuer (forms view) reads it, only forms edit changes it.
  await page.goto('/admin/simops');
  const rule = page.getByRole('row', { name: 'Rule 1' });
  await expect(rule.getByRole('combobox', { name: 'Rule 1 rule' })).toHaveValue('block');
  await expect(rule.getByRole('combobox', { name: 'Rule 1 rule' })).toBeDisabled();
  await expect(page.getByText('Changing the SIMOPS matrix needs forms edit (permission 83) at this site.')).toBeVisible();
  await context.close();
});
