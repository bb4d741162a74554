import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/printers and its Add Printer dialog (rjsf, from the schema of POST /printer). */
export class PrintersAdminPage {
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Printers' });
    this.dialog = page.getByRole('dialog', { name: 'Add Printer' });
  }

  async open(): Promise<this> {
    await this.page.getByRole('complementary', { name: 'Admin area' }).getByRole('link', { name: 'Printers' }).click();
    await expect(this.page.getByRole('heading', { name: 'Printers', level: 1 })).toBeVisible();
    return this;
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async openAddDialog(): Promise<this> {
    await this.page.getByRole('button', { name: 'Add Printer' }).click();
    await expect(this.dialog).toBeVisible();
    return this;
  }

  /** Picks the location by its path ('Bayport Refinery › Crude Unit'). */
  async chooseLocation(path: string): Promise<void> {
    await this.dialog.getByRole('combobox', { name: /^Location/ }).click();
    await this.page.getByRole('option', { name: path, exact: true }).click();
  }

  field(name: string): Locator {
    return this.dialog.getByRole('textbox', { name: new RegExp(`^${name}`) });
  }

  /** Types into a field and leaves it, so its message shows. */
  async type(name: string, value: string): Promise<void> {
    await this.field(name).fill(value);
    await this.field(name).blur();
  }

  add(): Locator {
    return this.dialog.getByRole('button', { name: 'Add', exact: true });
  }
}
