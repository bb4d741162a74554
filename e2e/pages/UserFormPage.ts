import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

export interface UserDetails {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
}

/** The external user form: /admin/external-users/create (address first) and …/{id}/edit. */
export class UserFormPage {
  readonly shell: ShellPage;
  readonly email: Locator;
  readonly continueButton: Locator;
  readonly firstName: Locator;
  readonly tree: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.email = page.getByLabel('Email address');
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.firstName = page.getByLabel('First name');
    this.tree = page.getByRole('tree', { name: 'Locations' });
  }

  /** The invite step: the address, then Continue (the form follows when no user has it). */
  async continueWith(email: string): Promise<void> {
    await this.email.fill(email);
    await this.continueButton.click();
  }

  async fill(user: Omit<UserDetails, 'email'>): Promise<void> {
    await expect(this.firstName).toBeVisible();
    await this.firstName.fill(user.firstName);
    await this.page.getByLabel('Last name').fill(user.lastName);
    await this.page.getByLabel('Company').fill(user.company);
  }

  /** Opens the branches along `path` where still closed, then checks the flags at its last location. */
  async grant(path: string[], flags: ('Edit' | 'Print')[]): Promise<void> {
    const node = (title: string) => this.tree.getByText(title, { exact: true });
    for (let i = 0; i < path.length - 1; i++) {
      if (!(await node(path[i + 1]!).isVisible())) await node(path[i]!).click();
    }
    const last = path[path.length - 1]!;
    for (const flag of flags) {
      const box = this.page.getByRole('checkbox', { name: `${flag} at ${last}`, exact: true });
      await box.check();
      await expect(box).toBeChecked();
    }
  }

  /** The 'User Exists' message bar (a group named by its title). */
  userExists(): Locator {
    return this.page.getByRole('group', { name: 'User Exists' });
  }

  async submit(label: 'Invite' | 'Save', toast: string): Promise<void> {
    await this.page.getByRole('button', { name: label, exact: true }).click();
    await expect(this.shell.toast(toast)).toBeVisible();
    await expect(this.page).toHaveURL('/admin/external-users');
  }
}
