import { expect, type Locator, type Page } from '@playwright/test';

/** The attachments dialog of the edit page. */
export class AttachmentsDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Attachments' });
  }

  async open(): Promise<this> {
    await this.page.getByRole('toolbar', { name: 'Permit actions' }).getByRole('button', { name: 'Attachments' }).click();
    await expect(this.dialog).toBeVisible();
    return this;
  }

  row(fileName: string): Locator {
    return this.dialog.getByRole('row', { name: fileName });
  }

  async add(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.dialog.getByLabel('Attachment file').setInputFiles({ name, mimeType, buffer });
    await expect(this.row(name)).toBeVisible();
  }

  async delete(fileName: string): Promise<void> {
    await this.row(fileName).getByRole('button', { name: `Delete ${fileName}` }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete Attachment' });
    await expect(confirm).toContainText('Are you sure you want to delete this attachment?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
  }

  /** Opens the file and answers what the new tab received. */
  async openFile(fileName: string): Promise<Page> {
    const [tab] = await Promise.all([this.page.context().waitForEvent('page'), this.row(fileName).getByRole('button', { name: `Open ${fileName}` }).click()]);
    // A file from the server opens in a blank tab first, sent on once its signed link is known.
    await tab.waitForURL((url) => url.href !== 'about:blank');
    await tab.waitForLoadState();
    return tab;
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
