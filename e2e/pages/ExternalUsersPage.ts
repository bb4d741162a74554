import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { UserFormPage } from './UserFormPage';

/** /admin/external-users: the table of external users and its row menus. */
export class ExternalUsersPage {
  readonly shell: ShellPage;
  readonly table: Locator;
  readonly inviteButton: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.table = page.getByRole('table', { name: 'External users' });
    this.inviteButton = page.getByRole('button', { name: 'Invite User' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/admin/external-users');
    return this.waitUntilShown();
  }

  async waitUntilShown(): Promise<this> {
    await expect(this.shell.pageHeading('External Users')).toBeVisible();
    await expect(this.table).toBeVisible();
    return this;
  }

  row(email: string): Locator {
    return this.table.getByRole('row').filter({ hasText: email });
  }

  async invite(): Promise<UserFormPage> {
    await this.inviteButton.click();
    await expect(this.shell.pageHeading('Invite User')).toBeVisible();
    return new UserFormPage(this.page);
  }

  /** Opens the row's menu and picks an action (Resend invitation, Edit, Enable, Disable, Delete). */
  async rowAction(email: string, action: string): Promise<void> {
    await this.row(email).getByRole('button', { name: /^Actions for / }).click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }
}
