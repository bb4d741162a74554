import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { printTable, scan, scannedRows } from './axeAudit';
import { DEMO_PASSWORD, users } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { DraftsPage } from './pages/DraftsPage';
import { NotSyncedDialog } from './pages/NotSyncedDialog';
import { LocationPicker } from './pages/LocationPicker';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile, setLocationEnabled } from './ownServer';
import { appRoutePaths } from './routeTable';

/**
 * Every route of the router and every dialog, scanned with axe (WCAG 2.1 A and AA) as a role
 * that may see it: no serious or critical violation. Its own server: the spec disables a
 * location to make a change the server refuses, and creates a draft and a template.
 */
const { baseURL, server } = ownServerForFile(61);

const patternRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.+')}$`);

/** Scans a page reached by a route, checking the address is that route's. */
async function scanRoute(page: Page, pattern: string, screen = pattern): Promise<void> {
  await expect(page).toHaveURL((url) => patternRegExp(pattern).test(url.pathname));
  await scan(page, screen, pattern);
}

/**
 * Opens a page by its address in the running app, as its links do (the router follows the history),
 * and waits for its level-1 heading: a page load would start the app again for each of some 30 pages.
 */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A permit page loads the form renderer: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
}

/** Opens a page by its address, waits for its level-1 heading and scans it. */
async function visit(page: Page, path: string, heading: string | RegExp, pattern = path): Promise<void> {
  await open(page, path, heading);
  await scanRoute(page, pattern);
}

/** Waits for the page's Form.io forms, drawn after its heading once the renderer has loaded. */
async function formsShown(page: Page): Promise<void> {
  await expect(page.locator('.op-formio .formio-component').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Loading the form…')).toHaveCount(0, { timeout: 60_000 });
}

/** Scans an open dialog (found by its accessible name) and closes it with Escape. */
async function scanDialog(page: Page, name: string | RegExp, screen: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await scan(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Gone for good: the page behind a modal is aria-hidden until the dialog is unmounted, a moment after it is hidden.
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
}

/** Opens a menu (or popover) from its trigger, scans it and closes it. */
async function scanMenu(page: Page, trigger: Locator, screen: string): Promise<void> {
  await trigger.click();
  await expect(page.getByRole('menu').or(page.getByRole('dialog')).first()).toBeVisible();
  await scan(page, screen);
  await page.keyboard.press('Escape');
}

async function signedIn(browser: Browser, who: 'admin' | 'contractor'): Promise<Page> {
  // Tall enough for the dashboard's map card under the count cards.
  const page = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } })).newPage();
  const signIn = await new SignInPage(page).goto();
  if (who === 'admin') {
    await signIn.companyButton.click();
    await page.getByLabel('Email address').fill(users.admin.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  } else await signIn.submitContractor(users.contractor.email, DEMO_PASSWORD);
  // The app's first start after sign-in is slow on a shared machine: waited for here, not in the page model.
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 60_000 });
  await new ShellPage(page).waitUntilSynced();
  return page;
}

test('signed out: sign-in, registration, callback and sign-out pages', async ({ page }) => {
  const signIn = await new SignInPage(page).goto();
  await scanRoute(page, '/auth/signin', 'Sign in');
  await signIn.contractorButton.click();
  await expect(signIn.email).toBeVisible();
  await scanRoute(page, '/auth/signin', 'Sign in: contractor form');

  await page.goto('/auth/register');
  await expect(page.getByText(/^The link you have clicked is invalid/)).toBeVisible();
  await scanRoute(page, '/auth/register', 'Registration: invalid link');
  // A valid invitation is the server's to judge: answered here so the form shows without a mail round trip.
  await page.route('**/api/**invit**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await page.goto('/auth/register?EmailAddress=new%40demo.test&FirstName=New&LastName=Person&token=t');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await page.getByLabel('Password').fill('short');
  await scanRoute(page, '/auth/register', 'Registration: form');
  await page.unrouteAll();

  // The callback shows the loading view only while it completes a sign-in, then moves on: a
  // response without a code lands on the sign-in page with the error, which is what a person sees.
  await page.goto('/auth/callback');
  await expect(page.getByText('The sign-in response had no code or state.')).toBeVisible();
  await scan(page, 'Sign-in callback without a code: sign-in error', '/auth/callback');

  await page.goto('/auth/signout');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await scanRoute(page, '/auth/signout', 'Sign out');
});

test.describe('as the administrator', () => {
  // Not serial: a screen with violations fails its test, and the next tests still scan theirs
  // (after a failure the worker restarts, and this signs in again).
  test.describe.configure({ timeout: 600_000 });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    // Home at Northfield, the site with a plot plan, so the dashboard and the new permit show their maps.
    await server().db.query(`update users set preferences = jsonb_set(preferences, '{HomeLocationId}', '200') where email = $1`, [users.admin.email]);
    page = await signedIn(browser, 'admin');
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('dashboard, its map and the side menu', async () => {
    await visit(page, '/', 'Dashboard');
    const dashboard = new DashboardPage(page);
    await dashboard.map.waitUntilDrawn();
    await dashboard.legendButton.click();
    await scan(page, 'Dashboard: map legend');
    await dashboard.map.markers.first().click();
    await expect(dashboard.map.popup).toBeVisible();
    await scan(page, 'Dashboard: map popup');
    await page.setViewportSize({ width: 420, height: 860 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await scan(page, 'Side menu (narrow screen)');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 1000 });
  });

  test('preferences and the home location picker', async () => {
    await visit(page, '/preferences', 'Preferences');
    await page.getByRole('button', { name: 'Update Home Location' }).click();
    await expect(new LocationPicker(page).dialog).toBeVisible();
    await scanDialog(page, 'Update Location', 'Preferences: Update Location dialog');
  });

  test('a new permit: draft, form, and the drafts list', async () => {
    const draft = await new PermitDraftPage(page).create();
    await scan(page, 'Create Permit (from /permits/create): work location', '/permits/create');
    await draft.section('Permit').click();
    // As draft.selectType does, with the time Form.io's first load takes on a busy machine.
    await page.getByRole('checkbox', { name: 'Hot Work' }).check();
    await expect(page.getByRole('textbox', { name: 'Asset number' })).toBeVisible({ timeout: 60_000 });
    await scanRoute(page, '/permits/draft/:draftId', 'Create Permit: Hot Work form');

    // Through the menu, not a page load: leaving the draft's page is what saves it.
    const drafts = await new DraftsPage(page).open();
    await expect(drafts.table.getByRole('button', { name: 'Delete draft' }).first()).toBeVisible();
    await scanRoute(page, '/permits/drafts');
    await drafts.table.getByRole('button', { name: 'Delete draft' }).first().click();
    await scanDialog(page, 'Delete draft', 'Drafts: Delete draft dialog');
  });

  test('permit list, search and revoke', async () => {
    await visit(page, '/permits/list', 'Permits');
    await scanMenu(page, page.getByRole('button', { name: /^Actions for permit / }).first(), 'Permit list: card menu');
    await page.getByRole('switch', { name: 'Expand All Cards' }).click();
    await scan(page, 'Permit list: cards expanded');

    await visit(page, '/permits/search', 'Search Permits');
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
    await scan(page, 'Search Permits: results');
    await page.getByRole('region', { name: 'Saved filters' }).getByRole('button', { name: 'Save current filters' }).click();
    const create = page.getByRole('dialog', { name: 'Create Filter' });
    await expect(create).toBeVisible();
    await scan(page, 'Search Permits: Create Filter dialog');
    await create.getByRole('textbox').fill('Accessibility');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create).toBeHidden();
    await scanMenu(page, page.getByRole('button', { name: 'Actions for filter Accessibility' }), 'Search Permits: saved filter menu');
    await page.getByRole('button', { name: 'Actions for filter Accessibility' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await scanDialog(page, 'Edit Filter', 'Search Permits: Edit Filter dialog');
    await page.getByRole('button', { name: 'Actions for filter Accessibility' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await scanDialog(page, 'Delete Filter', 'Search Permits: Delete Filter dialog');

    await visit(page, '/permits/revoke', 'Revoke Permits');
  });

  test('a permit in each state, and its dialogs', async () => {
    const actions = page.getByRole('toolbar', { name: 'Permit actions' });

    // The administrator's replica holds the home site's permits (Northfield): one pending, one approved.
    await page.goto('/permits/demo-nf-hw-pending/edit');
    await expect(page.getByRole('heading', { level: 1, name: /^Permit # / })).toBeVisible({ timeout: 60_000 });
    await formsShown(page);
    await scanRoute(page, '/permits/:permitInstanceId/edit', 'Permit (PENDING)');
    await actions.getByRole('button', { name: 'Approvals' }).click();
    await scanDialog(page, 'Approvals', 'Permit (PENDING): Approvals dialog');
    await actions.getByRole('button', { name: 'Reject' }).click();
    await scanDialog(page, 'Reject Permit', 'Permit (PENDING): Reject dialog');
    await actions.getByRole('button', { name: 'Attachments' }).click();
    await scanDialog(page, 'Attachments', 'Permit (PENDING): Attachments dialog');
    await page.getByRole('main').getByRole('button', { name: 'Change work order' }).click();
    await scanDialog(page, 'Change work order', 'Permit (PENDING): Change work order dialog');
    await page.getByRole('main').getByRole('button', { name: 'Change work location' }).click();
    await scanDialog(page, 'Change work location', 'Permit (PENDING): Change work location dialog');
    await page.getByRole('button', { name: 'Set on site map' }).click();
    await scanDialog(page, 'Work Location', 'Permit (PENDING): Work Location (site map) dialog');

    // Opened as the create flow leaves it: the "created" dialog over the permit.
    await page.goto('/permits/demo-nf-cw-approved/edit?redirectFromCreate=true');
    await scanDialog(page, 'Permit has been created', 'Permit: created dialog');
    await formsShown(page);
    await scanRoute(page, '/permits/:permitInstanceId/edit', 'Permit (APPROVED)');
    await actions.getByRole('button', { name: 'Revoke' }).click();
    await scanDialog(page, 'Revoke Permit', 'Permit (APPROVED): Revoke dialog');
    await actions.getByRole('button', { name: 'Print' }).click();
    await scanDialog(page, 'Print Permit', 'Permit (APPROVED): Print dialog');
    // The History tab: its timeline of approvals and transitions, read from the replica.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('list', { name: 'Permit history' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await scanRoute(page, '/permits/:permitInstanceId/edit', 'Permit (APPROVED): History tab');

    await visit(page, '/permits/demo-nf-cw-approved/verify', /./, '/permits/:permitInstanceId/verify');
  });

  test('work orders and reports', async () => {
    await visit(page, '/workorders/list', 'Current Workorders');
    await page.getByRole('main').getByRole('combobox', { name: 'Status' }).click();
    await scan(page, 'Work orders: status filter open');
    await page.keyboard.press('Escape');
    await visit(page, '/workorders/search', 'Search Workorders');
    await visit(page, '/reports/open-permits', 'Permits by State');
    await visit(page, '/reports/other', /./, '/reports/*');
  });

  test('isolations: the list, a new certificate, a certificate and its points', async () => {
    await visit(page, '/isolations', 'Isolations', '/isolations');
    await visit(page, '/isolations/create', 'New isolation certificate', '/isolations/*');
    // The administrator's home is at Northfield, where the demo has no certificate: one is planned here.
    await page.getByRole('combobox', { name: 'Equipment' }).fill('21-P-105 Carbamate pump');
    await page.getByRole('textbox', { name: 'Tag', exact: true }).fill('MCC-21-A4');
    await page.getByRole('button', { name: 'Create certificate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Isolation certificate # / })).toBeVisible();
    await scanRoute(page, '/isolations/*', 'Isolation certificate (PLANNED)');
  });

  test('shift handover: the area’s page and its last handovers', async () => {
    await open(page, '/handover', 'Shift handover');
    // Scanned once the page is built from the replica, not while it loads.
    await expect(page.getByRole('heading', { level: 2, name: /^This shift: / })).toBeVisible();
    await scanRoute(page, '/handover');
  });

  test('the control-room board', async () => {
    await open(page, '/board', 'Control-room board');
    // Scanned with the area's counts and the stream's state shown, as the wall screen shows them.
    await expect(page.getByText(/^(Live · |Last updated )/)).toBeVisible({ timeout: 30_000 });
    await scanRoute(page, '/board');
  });

  test('the admin area: users, lists, forms, templates, cache, plot plans, printers, settings, audit trail', async () => {
    await visit(page, '/admin', 'Admin');

    await visit(page, '/admin/external-users', 'External Users');
    const userMenu = page.getByRole('button', { name: /^Actions for / }).first();
    await scanMenu(page, userMenu, 'External users: row menu');
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await scanDialog(page, 'Delete user', 'External users: Delete user dialog');
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
    await scanRoute(page, '/admin/external-users/:personnelId/edit');
    await visit(page, '/admin/external-users/create', 'Invite User');
    await page.getByLabel('Email address').fill('new.person@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await scanRoute(page, '/admin/external-users/create', 'Invite User: details');

    await visit(page, '/admin/lists', 'Lists');
    await page.getByRole('button', { name: /^Add List/ }).click();
    await scanDialog(page, /List/, 'Lists: Add List dialog');
    await page.getByRole('button', { name: /^Edit the list / }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scanRoute(page, '/admin/lists/:fieldKey/items');
    await page.getByRole('button', { name: /^Add/ }).first().click();
    await scanDialog(page, /item/i, 'List items: Add item dialog');
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await scan(page, 'List items: delete confirmation');

    await visit(page, '/admin/forms', 'Forms');
    // A site's permit form (its title and resources), then a resource in Form.io's builder.
    await page.getByRole('button', { name: 'Edit Bayport Refinery Permits' }).click();
    await expect(page.getByRole('group', { name: 'Nested resources' })).toBeVisible();
    await scanRoute(page, '/admin/forms/:formId', 'Form Builder: a permit form');
    await page.goBack();
    await page.getByRole('button', { name: 'Edit Hot Work' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resource: Hot Work' })).toBeVisible();
    // The builder's sidebar and drop zone come with Form.io, loaded on first use: slow on a busy machine.
    await expect(page.locator('.formio-builder-form .drag-container').first()).toBeVisible({ timeout: 90_000 });
    await scanRoute(page, '/admin/forms/:formId', 'Form Builder: a resource');

    await visit(page, '/admin/templates', 'Templates');
    await scanMenu(page, page.getByRole('button', { name: 'Create Template' }), 'Templates: create menu');
    await page.getByRole('button', { name: 'Create Template' }).click();
    await page.getByRole('menuitem', { name: 'Permit Template' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Permit Template' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await scanRoute(page, '/admin/templates/create', 'Create Template: errors');
    await page.getByRole('textbox', { name: 'Name' }).fill('Accessibility check');
    await page.getByRole('combobox', { name: 'Permit type' }).click();
    await page.getByRole('option', { name: 'Hot Work' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/templates\/[0-9a-f-]{36}\/edit$/);
    await formsShown(page);
    await scanRoute(page, '/admin/templates/:templateId/edit');
    await page.goto('/admin/templates');
    await page.getByRole('tab', { name: 'Permit Templates' }).click();
    const templateMenu = page.getByRole('button', { name: 'Actions for Accessibility check' });
    await scanMenu(page, templateMenu, 'Templates: row menu');
    await templateMenu.click();
    await page.getByRole('menuitem', { name: 'Submit for Review' }).click();
    await scanDialog(page, /Review/, 'Templates: comment dialog');
    await templateMenu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await scanDialog(page, /Delete/, 'Templates: Delete dialog');
    await templateMenu.click();
    await page.getByRole('menuitem', { name: 'View', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await formsShown(page);
    await scanRoute(page, '/admin/templates/:templateId');

    await visit(page, '/admin/permit-cache', 'Permit Cache');
    await visit(page, '/admin/plot-plans', 'Plot Plans');
    await visit(page, '/admin/simops', 'SIMOPS Matrix');
    await visit(page, '/admin/gas-tests', 'Gas Tests');
    await visit(page, '/admin/shifts', 'Shifts and Handover');
    await open(page, '/admin/printers', 'Printers');
    // Scanned once the printers answered: axe caught Refresh fading from disabled as they did.
    await expect(page.getByRole('button', { name: 'Refresh list' })).toBeEnabled({ timeout: 60_000 });
    await scanRoute(page, '/admin/printers');
    await page.getByRole('button', { name: 'Add Printer' }).click();
    await scanDialog(page, 'Add Printer', 'Printers: Add Printer dialog');
    await visit(page, '/admin/settings', 'Settings');
    await visit(page, '/admin/audit', 'Audit Trail');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByText(/^The chain is intact/)).toBeVisible({ timeout: 30_000 });
    await scanRoute(page, '/admin/audit', 'Audit Trail: chain verified');
    await page.getByRole('button', { name: 'Choose location' }).click();
    await scanDialog(page, 'Choose location', 'Audit Trail: Choose location dialog');
    await visit(page, '/admin/no-such-page', /./, '/admin/*');
  });

  test('the error pages', async () => {
    await visit(page, '/no-such-page', /./, '/*');
    await visit(page, '/unauthorized', /./);
  });
});

// Shown only while the home location is disabled: the administrator's is not, and would be sent to the dashboard.
test('as a user whose home location is disabled: Location Not Enabled', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.nohome.email, DEMO_PASSWORD));
  await expect(page.getByRole('heading', { level: 1, name: 'Location Not Enabled' })).toBeVisible({ timeout: 60_000 });
  await scanRoute(page, '/location-not-enabled');
  await page.context().close();
});

test('as a contractor: a change the server refused, in "Not synced"', async ({ browser }) => {
  test.setTimeout(360_000);
  const page = await signedIn(browser, 'contractor');
  const shell = new ShellPage(page);
  const VACUUM_DISTILLATION = 112;
  await page.context().setOffline(true);
  await shell.openHomeLocationPicker();
  const picker = new LocationPicker(page);
  await picker.pick('Bayport Refinery', 'Crude Unit', 'Vacuum Distillation');
  await picker.update();
  await setLocationEnabled(server(), VACUUM_DISTILLATION, false);
  try {
    await page.context().setOffline(false);
    await expect(shell.notSyncedButton).toHaveText('1 not synced', { timeout: 20_000 });
    await scan(page, 'Header: 1 not synced');
    await shell.notSyncedButton.click();
    await expect(new NotSyncedDialog(page).dialog).toBeVisible();
    await scanDialog(page, 'Not synced', 'Not synced dialog');
    // The contractor may not see the admin area.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await scanRoute(page, '/unauthorized', 'Unauthorized (contractor at /admin)');
  } finally {
    await setLocationEnabled(server(), VACUUM_DISTILLATION, true);
    await page.context().close();
  }
});

test('every route of the router was scanned', () => {
  printTable();
  const scanned = new Set(scannedRows().map((row) => row.route));
  expect(appRoutePaths().filter((route) => !scanned.has(route))).toEqual([]);
});
