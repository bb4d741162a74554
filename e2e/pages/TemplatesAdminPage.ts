import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/templates: the tabs, the table and each row's menu of workflow actions. */
export class TemplatesAdminPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Permit Templates' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/admin/templates');
    await expect(this.page.getByRole('heading', { name: 'Templates', exact: true })).toBeVisible();
    await this.page.getByRole('tab', { name: 'Permit Templates' }).click();
    return this;
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  async expectState(name: string, state: string): Promise<void> {
    await expect(this.row(name).getByText(state, { exact: true })).toBeVisible({ timeout: 15_000 });
  }

  /** A workflow action from the row menu, with the comment its dialog asks for. */
  async act(name: string, action: string, comment = ''): Promise<Locator> {
    await this.row(name).getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
    const dialog = this.page.getByRole('dialog');
    if (comment) await dialog.getByRole('textbox').fill(comment);
    return dialog;
  }

  async toast(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true }).last()).toBeVisible({ timeout: 15_000 });
  }
}
