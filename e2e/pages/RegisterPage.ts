import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /auth/register: the page an invitation mail links to. */
export class RegisterPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly registerButton: Locator;
  readonly invalidLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Complete Registration' });
    this.password = page.getByLabel('Password');
    this.registerButton = page.getByRole('button', { name: 'Register' });
    this.invalidLink = page.getByText(
      'The link you have clicked is invalid. Please close this window and click on the link in the email you received again.',
      { exact: true },
    );
  }

  async goto(link: string): Promise<this> {
    await this.page.goto(link);
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** Types the password and submits with Enter, as a person at a keyboard would. */
  async register(password: string): Promise<ShellPage> {
    await this.password.fill(password);
    await expect(this.registerButton).toBeEnabled();
    await this.password.press('Enter');
    return new ShellPage(this.page).waitUntilLoaded();
  }
}
