import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/lists and /admin/lists/{fieldKey}/items, with their rjsf dialogs. */
export class ListsPage {
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Lists' });
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<this> {
    await this.page.getByRole('complementary', { name: 'Admin area' }).getByRole('link', { name: 'Lists' }).click();
    await expect(this.page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
    return this;
  }

  row(key: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name: key, exact: true }) });
  }

  field(name: string): Locator {
    return this.dialog.getByRole('textbox', { name: new RegExp(`^${name}`) });
  }

  /** Types into a dialog field and leaves it, so its message shows. */
  async type(name: string, value: string): Promise<void> {
    await this.field(name).fill(value);
    await this.field(name).blur();
  }

  async deleteRow(what: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${what}` }).click();
    await this.page.getByRole('group', { name: `Confirm deleting ${what}` }).getByRole('button', { name: 'Yes, delete' }).click();
  }

  save(): Locator {
    return this.dialog.getByRole('button', { name: 'Save' });
  }
}
