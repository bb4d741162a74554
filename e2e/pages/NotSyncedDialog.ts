import { expect, type Locator, type Page } from '@playwright/test';

/** The "Not synced" dialog: changes the server refused, each with Retry, Copy and Dismiss. */
export class NotSyncedDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Not synced' });
  }

  /** One refused change, by the label of what the user did. */
  entry(label: string): Locator {
    return this.dialog.getByRole('group', { name: label });
  }

  async action(label: string, action: 'Retry' | 'Copy' | 'Dismiss'): Promise<void> {
    await this.entry(label).getByRole('button', { name: action, exact: true }).click();
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
