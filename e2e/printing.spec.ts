import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startTestPrinter, type TestPrinter } from '../tests/server/ippPrinter';
import { pdfText, qrOnFirstPage } from '../tests/server/pdfText';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitEditPage } from './pages/PermitEditPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

test.describe.configure({ timeout: 360_000 });
// Printers are added and preferences changed here: this spec has a server of its own.
const { server } = ownServerForFile(31);
const PRINTER_PORT = Number(process.env.E2E_PORT ?? 8188) + 32;
const PRINTER = 'Site Test Printer';
let printer: TestPrinter;

test.beforeAll(async () => {
  printer = await startTestPrinter(PRINTER_PORT, 'OpenPermit e2e printer');
  await server().db.query('insert into printers (location_id, name, uri) values (111, $1, $2)', [PRINTER, printer.uri]);
});
test.afterAll(async () => {
  await printer?.stop();
});

test('prints an approved permit to a real IPP printer, remembers the default, warns of a printer gone offline, and the QR code opens the live state', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const permit = await new PermitEditPage(page).goto('demo-hw-approved');
  const reference = (await permit.heading.textContent())!.replace('Permit # ', '');

  await permit.actions.getByRole('button', { name: 'Print' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print Permit' });
  await dialog.getByRole('combobox', { name: 'Printer' }).click();
  await page.getByRole('option', { name: PRINTER }).click();
  await expect(dialog).not.toContainText('appears to be offline');
  // The test printer is monochrome: colour cannot be chosen.
  await expect(dialog.getByRole('checkbox', { name: 'Colour' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Make this my default printer' }).check();
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  const alert = dialog.getByLabel('Print result');
  // The printer may still be busy with the job when the server reads its state: both are success (SPEC §4).
  await expect(alert).toContainText(
    /Your permit has been sent to the printer\.|Printer is printing another job and your permit has been sent to the printer in queue\./,
    { timeout: 30_000 },
  );
  await expect(alert).toContainText('Result: OK');
  await expect(alert).toContainText(/Printer State: (Idle|Processing)/);

  await expect.poll(() => printer.jobs().length, { timeout: 20_000 }).toBe(1);
  const job = new Uint8Array(readFileSync(printer.jobs()[0]!));
  expect(pdfText(job).text).toContain(`Permit # ${reference}`);
  const qr = qrOnFirstPage(job)!;
  expect(qr).toMatch(/\/permits\/demo-hw-approved\/verify$/);

  // Opened again, the default printer comes first.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(shell.pendingCount).toBeHidden({ timeout: 20_000 });
  await permit.actions.getByRole('button', { name: 'Print' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Printer' })).toHaveText(PRINTER);

  // The printer stops answering: the dialog says so before anyone prints.
  await dialog.getByRole('button', { name: 'Close' }).click();
  printer.freeze();
  try {
    await permit.actions.getByRole('button', { name: 'Print' }).click();
    await expect(dialog).toContainText(`${PRINTER} appears to be offline`, { timeout: 20_000 });
    await expect(dialog).toContainText('State: Unreachable');
  } finally {
    printer.thaw();
  }

  // A phone scanning the paper opens the verification page: the live state from the server.
  await page.goto(new URL(qr).pathname);
  await expect(page.getByLabel('Live state')).toHaveText('APPROVED');
  await expect(page.getByLabel('Permit verification')).toContainText('Checked with the server at');
});
