import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { SignInPage } from './pages/SignInPage';
import { WorkOrderListPage, WorkOrderSearchPage, workOrderCard } from './pages/WorkOrderPages';
import { ownServerForFile } from './ownServer';

test.describe.configure({ timeout: 240_000 });
// Adds work orders and drafts: this spec has a server of its own.
const { server } = ownServerForFile(60);

/**
 * Bayport's demo work orders (server/seed/workOrders.ts): 20, of which 18 are scheduled inside the
 * device's window (3 weeks back, 1 week ahead); 4 are in progress.
 */
const TANK_31 = { number: '0004000359', asset: '13-TK-31', status: 'SCHED', work: 'Weld repair on roof nozzle N4' };
const SOFTENER = { number: '0004000951', asset: '10-SOFT-101C' };
/** Created (CRTD), in the window: a permit may not be raised from it yet. */
const COOLER_CREATED = '0004000470';
/** Scheduled 9 and 12 days ahead: past the window, on the server only. */
const BEYOND_WINDOW = ['0004000507', '0004001099'];

test('the list pages the window held on the device, filters by text and status, and Create Permit carries the work order into a draft that keeps it after a reload', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Current Workorders').click();
  await expect(shell.pageHeading('Current Workorders')).toBeVisible();
  const list = new WorkOrderListPage(page);

  await expect(list.pageLabel).toHaveText('Page 1 of 2');
  await expect(list.cards).toHaveCount(10);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(list.pageLabel).toHaveText('Page 2 of 2');
  await expect(list.cards).toHaveCount(8);
  for (const number of BEYOND_WINDOW) {
    await list.text.fill(number);
    await expect(list.cards).toHaveCount(0);
  }

  await list.text.fill('ROOF NOZZLE');
  await expect(list.cards).toHaveCount(1);
  await expect(list.card(TANK_31.number)).toContainText(TANK_31.asset);
  await expect(list.card(TANK_31.number)).toContainText(TANK_31.status);
  await list.text.fill('no such work anywhere');
  await expect(page.getByText(/^No work orders matched the selected filters/)).toBeVisible();
  await page.getByRole('button', { name: 'click here' }).click();
  await expect(list.text).toHaveValue('');
  await expect(list.pageLabel).toHaveText('Page 1 of 2');

  await list.chooseStatus('INPROG');
  await expect(list.cards).toHaveCount(4);
  await list.chooseStatus('INPROG');
  await list.chooseStatus('CRTD');
  // Create Permit only where the location counts the status as active (CRTD is not).
  await expect(list.card(COOLER_CREATED)).toBeVisible();
  await expect(list.card(COOLER_CREATED).getByRole('button', { name: 'Create Permit' })).toHaveCount(0);
  await list.chooseStatus('CRTD');

  await list.text.fill(TANK_31.asset);
  await list.card(TANK_31.number).getByRole('button', { name: 'Create Permit' }).click();
  await expect(page).toHaveURL(/\/permits\/draft\/[0-9a-f-]{36}$/);
  const draftUrl = page.url();
  const draft = new PermitDraftPage(page);
  await draft.selectType('Hot Work');
  await expect(page.getByRole('textbox', { name: 'Asset number', exact: true }).first()).toHaveValue(TANK_31.asset);

  // Leaving saves the draft; opened again from its address, it still names the work order.
  await shell.menuItem('Draft Permits').click();
  await expect(shell.pageHeading('Draft Permits')).toBeVisible();
  await page.goto(draftUrl);
  await expect(page.getByRole('checkbox', { name: 'Hot Work' })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Asset number', exact: true }).first()).toHaveValue(TANK_31.asset);
  await draft.section('Work order').click();
  await expect(page.getByRole('combobox', { name: 'Work order' })).toHaveValue(TANK_31.number);
});

test('the search asks the server, beyond the window and only at the user’s site, loads 20 more at a time, and offline points to the list', async ({ page, context }) => {
  // 25 orders of a turnaround two months back: on the server only, never on the device.
  await server().db.query(
    `insert into workorders (work_order_number, site_id, scheduled_start, description, status, asset_number)
     select 'E2E-' || n, 1, now() - interval '60 days', 'Insulation removal on line ' || n, '{TECO}', '10-L-' || n
       from generate_series(1, 25) n`,
  );
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Search Workorders').click();
  const search = new WorkOrderSearchPage(page);
  await expect(page.getByText('Eg: UREA/CO2 AREA or SOFT-101C')).toBeVisible();

  await search.search('insulation removal');
  await search.expectFound(25);
  await expect(search.cards).toHaveCount(20);
  await search.loadMore.click();
  await expect(search.cards).toHaveCount(25);
  await expect(search.loadMore).toBeHidden();

  // Northfield has a 21-SOFT-101C too, out of the issuer's sight; the hyphen and the angle brackets are no syntax.
  await search.search('<SOFT-101C>');
  await search.expectFound(1);
  await expect(workOrderCard(page, SOFTENER.number)).toContainText(SOFTENER.asset);

  await search.search('no such work anywhere');
  await search.expectFound(0);
  await expect(page.getByText('No work orders matched the search query. Please adjust the filters and try again')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Searching work orders needs a connection')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Current Workorders' }).click();
  await expect(shell.pageHeading('Current Workorders')).toBeVisible();
  await expect(new WorkOrderListPage(page).cards).toHaveCount(10);
});

test('offline, the create page’s picker finds a work order on the device by any detail and fills the permit with it', async ({ page, context }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await context.setOffline(true);

  const draft = await new PermitDraftPage(page).create();
  await draft.section('Work order').click();
  const picker = page.getByRole('combobox', { name: 'Work order' });
  await expect(page.getByText('Enter a number or detail')).toBeVisible();
  // Typed key by key as a person would: the list opens on keystrokes.
  await picker.pressSequentially('softener');
  await page.getByRole('option', { name: new RegExp(`^${SOFTENER.number} — `) }).click();
  await draft.selectType('Hot Work');
  await expect(page.getByRole('textbox', { name: 'Asset number', exact: true }).first()).toHaveValue(SOFTENER.asset);
  await expect(page.getByRole('textbox', { name: 'Work order number', exact: true }).first()).toHaveValue(SOFTENER.number);
});
