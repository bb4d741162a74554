import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitEditPage } from './pages/PermitEditPage';
import { PermitListPage } from './pages/PermitListPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

test.describe.configure({ timeout: 240_000 });
// Adds permits and changes site settings: this spec has a server of its own.
const { server } = ownServerForFile(10);

/** References of the seeded permits the issuer's replica holds (Atmospheric and Vacuum Distillation). */
async function reference(id: string): Promise<string> {
  const [row] = await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]);
  return row!.reference_id;
}

test('the list filters on the device by text, choice and state, keeps them in the URL, pages 10 cards and resets from its empty text', async ({ page }) => {
  // Twelve more approved permits at Atmospheric Distillation: 17 in the default states, two pages.
  await server().db.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, state, created_by, site_id, location_id, work_location, work_description)
     select 'list-e2e-' || n, 'HW-2026-9' || lpad(n::text, 5, '0'), 'bayport-permits-v2', 'APPROVED', 1, 1, 111, 'Bulk yard ' || n,
            jsonb_build_array(jsonb_build_object('parentForm', 'HotWork', 'workDescription', 'Scaffold inspection ' || n))
       from generate_series(1, 12) n`,
  );
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const list = await new PermitListPage(page).open();
  await expect(list.count).toHaveText('17 permits');
  await expect(list.cards).toHaveCount(10);
  await expect(list.pageLabel).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(list.cards).toHaveCount(7);
  await expect(list.pageLabel).toHaveText('Page 2 of 2');

  // Matching is case-insensitive, over the description too.
  await list.text.fill('NEW tube support');
  await expect(list.card(await reference('demo-hw-draft'))).toBeVisible();
  await expect(list.pageLabel).toHaveText('Page 1 of 1');
  await list.text.fill('ROOF NOZZLE');
  await expect(list.count).toHaveText('1 permit');
  const pendingRef = await reference('demo-hw-pending');
  await expect(list.card(pendingRef)).toBeVisible();
  await expect(page).toHaveURL(/\/permits\/list\?text=ROOF\+NOZZLE$/);
  // Each state has its own colour (the shared palette): PENDING is orange.
  await expect(list.card(pendingRef).locator('[data-state="PENDING"]')).toHaveCSS('background-color', 'rgb(202, 80, 16)');

  await list.text.fill('no such permit anywhere');
  await expect(page.getByText('No permits matched the selected filters. Please update your selection or')).toBeVisible();
  await page.getByRole('button', { name: 'click here' }).click();
  await expect(page).toHaveURL(/\/permits\/list$/);
  await expect(list.count).toHaveText('17 permits');

  await list.choose('My Permits');
  await expect(page).toHaveURL(/filter=myPermits/);
  await expect(list.count).toHaveText('1 permit');
  await expect(list.card(await reference('demo-cs-preapproval'))).toBeVisible();

  // A work date that matches nothing empties the list, and it is in the URL too.
  await page.getByRole('main').getByLabel('Work date').fill('1999-01-01');
  await expect(page).toHaveURL(/workDate=1999-01-01/);
  await expect(page.getByText(/^No permits matched the selected filters/)).toBeVisible();
});

test('the menu and the dashboard land on the right filters; cards open, expand and print as the site settings say', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const list = new PermitListPage(page);

  await shell.menuItem('Open Permits').click();
  await expect(page).toHaveURL(/\/permits\/list\?state=PRE-APPROVAL,PENDING,APPROVED,CLOSING,TIMEOUT$/);
  // The first test's permits may fill page 1: narrow to the one looked for.
  const timedOut = await reference('demo-hw-timeout');
  await list.text.fill(timedOut);
  await expect(list.card(timedOut)).toBeVisible();
  await shell.menuItem('Completed Permits').click();
  await expect(list.count).toHaveText('1 permit');
  await shell.menuItem('Dashboard').click();
  await page.getByRole('region', { name: 'Permits Needing Approval' }).getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/permits\/list\?state=PENDING$/);
  await expect(list.card(await reference('demo-hw-pending'))).toBeVisible();

  // Site 1 has neither setting: cards start collapsed and offer no Print.
  const ref = await reference('demo-hw-pending');
  await expect(list.expandAll).not.toBeChecked();
  await expect(page.getByRole('list', { name: `Details of permit ${ref}` })).toHaveCount(0);
  let menu = await list.openCardMenu(ref);
  await expect(menu.getByRole('menuitem', { name: 'View/Edit Permit' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Print' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await list.expandAll.click();
  await expect(page.getByRole('list', { name: `Details of permit ${ref}` })).toContainText('Weld repair on roof nozzle N4');

  // The settings turned on for site 1 reach the device; a fresh visit starts expanded, with Print.
  await server().db.query(`update remote_settings set value = '[1, 21]' where key = 'cardsExpandedSites'`);
  await server().db.query(`update remote_settings set value = '[1, 65]' where key = 'cardPrintSites'`);
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(async () => {
    await list.open('?state=PENDING');
    await expect(list.expandAll).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  menu = await list.openCardMenu(ref);
  await expect(menu.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'View/Edit Permit' }).click();
  await expect(page).toHaveURL(/\/permits\/demo-hw-pending\/edit$/);

  // Print on the card of a permit Bayport prints (APPROVED) opens the print dialog on the permit's page, once:
  // the request leaves the URL, so a reload shows the permit without it.
  const approved = await reference('demo-hw-approved');
  await list.open(`?text=${approved}`);
  await (await list.openCardMenu(approved)).getByRole('menuitem', { name: 'Print' }).click();
  const printDialog = page.getByRole('dialog', { name: 'Print Permit' });
  await expect(printDialog).toBeVisible();
  await expect(page).toHaveURL(/\/permits\/demo-hw-approved\/edit$/);
  await page.reload();
  const permit = new PermitEditPage(page);
  // The action bar's Print shows once the location's printable states are known, when the request would have been honoured.
  await expect(permit.actions.getByRole('button', { name: 'Print' })).toBeVisible({ timeout: 30_000 });
  await expect(printDialog).toHaveCount(0);
});

test('a viewer sees View Permit, not View/Edit Permit', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.viewer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const list = await new PermitListPage(page).open('?state=PENDING');
  const menu = await list.openCardMenu(await reference('demo-hw-pending'));
  await expect(menu.getByRole('menuitem', { name: 'View Permit', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'View/Edit Permit' })).toHaveCount(0);
});
