import { expect, test } from '@playwright/test';
import { messages } from '../domain/messages';
import { startTestPrinter, type TestPrinter } from '../tests/server/ippPrinter';
import { DEMO_PASSWORD, users } from './fixtures';
import { PrintersAdminPage } from './pages/PrintersAdminPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// A printer is added here: this spec has a server of its own, and a real IPP printer beside it.
const { server } = ownServerForFile(57);
const PRINTER_PORT = Number(process.env.E2E_PORT ?? 8188) + 58;
const LOCATION = 'Bayport Refinery › Crude Unit › Atmospheric Distillation';
let printer: TestPrinter;

test.beforeAll(async () => {
  printer = await startTestPrinter(PRINTER_PORT, 'OpenPermit admin e2e printer');
});
test.afterAll(async () => {
  await printer?.stop();
});

test('an administrator adds a real IPP printer from the schema form: an http:// URI is refused, the printer is listed online and Idle, a duplicate is refused by the server', async ({ page }) => {
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.menuItem('Admin').click();
  const printers = await new PrintersAdminPage(page).open();
  // The seeded PDF-folder printers of the site, with their URIs.
  await expect(printers.row('Bayport Control Room')).toContainText('pdf-folder:bayport-control-room');
  await expect(printers.row('Crude Unit Office')).toContainText('Bayport Refinery › Crude Unit');

  await printers.openAddDialog();
  await printers.chooseLocation(LOCATION);
  await printers.type('Name', 'Unit 111 Laser');
  await printers.type('URI', 'http://printer.demo.test/ipp/print');
  // The schema the server validates with refuses it in the form, in words.
  await expect(printers.dialog.getByText(messages.printers.uriInvalid)).toBeVisible();
  await expect(printers.add()).toBeDisabled();
  await printers.type('URI', printer.uri);
  await expect(printers.dialog.getByText(messages.printers.uriInvalid)).toHaveCount(0);
  await printers.add().click();
  await expect(shell.toast(messages.printers.added)).toBeVisible({ timeout: 20_000 });
  await expect(printers.dialog).toBeHidden();

  const row = printers.row('Unit 111 Laser');
  await expect(row).toContainText(LOCATION);
  await expect(row).toContainText(printer.uri);
  await expect(row).toContainText('Online · Idle');
  // ippeveprinter's test printer is monochrome: the server read that from it.
  await expect(row).toContainText('Black and white');
  expect(await server().db.query('select location_id, name, uri, supports_color from printers where uri = $1 and not deleted', [printer.uri])).toEqual([
    { location_id: 111, name: 'Unit 111 Laser', uri: printer.uri, supports_color: false },
  ]);

  // The same URI again at the same location: the server's sentence, in the dialog, nothing typed lost.
  await printers.openAddDialog();
  await printers.chooseLocation(LOCATION);
  await printers.type('Name', 'Unit 111 Laser again');
  await printers.type('URI', printer.uri);
  await printers.add().click();
  await expect(printers.dialog.getByText(`${printer.uri} is already a printer of this location.`)).toBeVisible();
  await expect(printers.field('Name')).toHaveValue('Unit 111 Laser again');
  await printers.dialog.getByRole('button', { name: 'Cancel' }).click();

  // Read again from the printers themselves, it is still there and still Idle.
  await page.getByRole('button', { name: 'Refresh list', exact: true }).click();
  await expect(printers.row('Unit 111 Laser')).toContainText('Online · Idle');
  await expect(printers.table.getByRole('row')).toHaveCount(4);
});

test('the printers are asked for their state when the page opens and on Refresh list, not again each time the device syncs', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Admin').click();
  const printers = await new PrintersAdminPage(page).open();
  await expect(printers.row('Bayport Control Room')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/printer') asked.push(request.url());
  });

  // 'Refresh data' pulls everything again, then asks for the user's profile: the app's data, its
  // location tree included, is made anew.
  const profileAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await profileAsked;
  await page.waitForTimeout(1_000);
  expect(asked).toEqual([]);
  await expect(page.getByRole('button', { name: 'Refresh list', exact: true })).toBeEnabled();

  await page.getByRole('button', { name: 'Refresh list', exact: true }).click();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(printers.row('Bayport Control Room')).toBeVisible();
});
