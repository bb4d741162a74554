import { expect, type Locator, type Page } from '@playwright/test';

/** /permits/drafts: the user's drafts, opened by a row click and deleted after a confirmation. */
export class DraftsPage {
  readonly table: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Drafts' });
    this.empty = page.getByText("You don't have any drafts");
  }

  async open(): Promise<this> {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Draft Permits' }).click();
    await expect(this.page.getByRole('heading', { name: 'Draft Permits' })).toBeVisible();
    await expect(this.page.getByText('Drafts are deleted automatically after 7 days')).toBeVisible();
    return this;
  }

  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  async delete(text: string): Promise<void> {
    await this.row(text).getByRole('button', { name: 'Delete draft' }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this draft?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // The toast, and its copy for screen readers.
    await expect(this.page.getByText('Your draft has been deleted').first()).toBeVisible();
  }
}
