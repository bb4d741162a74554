import { expect, test, type APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEMO_PASSWORD, users } from './fixtures';
import { fillHotWork } from './hotWorkForm';
import { AttachmentsDialog } from './pages/AttachmentsDialog';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { PermitEditPage } from './pages/PermitEditPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// Before the server's start, so starting it on a busy machine gets the same time as the tests.
test.describe.configure({ timeout: 360_000 });
// Permits are created and files attached here: this spec has a server of its own.
ownServerForFile(30);

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The server's list of a permit's attachments, read with a token of the contractor's own. */
async function serverFiles(request: APIRequestContext, permitId: string): Promise<string[]> {
  const signIn = await request.post('/api/auth/signin', { data: { EmailAddress: users.contractor.email, Password: DEMO_PASSWORD } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const response = await request.get(`/api/permitattachment?PermitInstanceId=${permitId}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { PermitAttachmentList: { FileName: string }[] }).PermitAttachmentList.map((a) => a.FileName);
}

test('a file attached offline to a permit created offline survives a reload, uploads on reconnect, and can be deleted', async ({ page, context, request }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await context.setOffline(true);

  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Hot Work');
  await fillHotWork(draft);
  await draft.submit();
  await page.getByRole('dialog', { name: 'Permit has been created' }).getByRole('button', { name: 'Continue Editing' }).click();
  const permit = new PermitEditPage(page);
  const id = permit.id();

  const attachments = await new AttachmentsDialog(page).open();
  await expect(attachments.dialog).toContainText('This permit has no attachments');
  const file = await pdf('Isolation sketch for burner 4');
  await attachments.add('isolation sketch.pdf', 'application/pdf', file);
  await expect(attachments.row('isolation sketch.pdf').getByText('Pending')).toBeVisible();
  await expect(attachments.row('isolation sketch.pdf')).toContainText(users.contractor.name);
  // Opened from the device: the file itself is there.
  const local = await attachments.openFile('isolation sketch.pdf');
  expect(local.url()).toMatch(/^blob:/);
  await local.close();
  // The header is behind the modal dialog (hidden from assistive technology): read it once closed.
  await attachments.close();
  // The permit, its content and the file wait for the connection.
  await expect(shell.pendingCount).toHaveText(/^[2-9] pending$/);

  // The tablet restarts the app, still offline: the file is still queued.
  await page.reload();
  await shell.waitUntilLoaded();
  await permit.goto(id);
  await attachments.open();
  await expect(attachments.row('isolation sketch.pdf').getByText('Pending')).toBeVisible();

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(attachments.row('isolation sketch.pdf').getByText('Pending')).toBeHidden();
  expect(await serverFiles(request, id)).toEqual(['isolation sketch.pdf']);
  // Now opened from the server by a signed link.
  const opened = await attachments.openFile('isolation sketch.pdf');
  expect(opened.url()).toContain('/api/permitattachment/file?');
  await opened.close();

  await attachments.delete('isolation sketch.pdf');
  await expect(attachments.row('isolation sketch.pdf')).toBeHidden();
  await expect(attachments.dialog).toContainText('This permit has no attachments');
  await expect.poll(() => serverFiles(request, id), { timeout: 20_000 }).toEqual([]);
});

test('a file the server refuses stays listed as Not synced, with its reason, and still opens from the device', async ({ page, request }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const permit = await new PermitEditPage(page).goto('demo-hw-pending');
  const attachments = await new AttachmentsDialog(page).open();
  // A program renamed to .pdf: the server reads the content, not the name.
  const program = Buffer.alloc(512);
  program.write('MZ', 0, 'latin1');
  program.writeUInt32LE(0x80, 0x3c);
  program.write('PE\0\0', 0x80, 'latin1');
  await attachments.add('permit scan.pdf', 'application/pdf', program);
  const row = attachments.row('permit scan.pdf');
  await expect(row.getByText('Not synced')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Attach a PDF, an image, an Office document or a text file.');
  await expect(page.getByText('Uploading your attachment failed. Please try again', { exact: true })).toBeVisible();
  const tab = await attachments.openFile('permit scan.pdf');
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();
  await attachments.close();
  await expect(shell.notSyncedButton).toBeVisible();
  expect(await serverFiles(request, permit.id())).not.toContain('permit scan.pdf');
});
