import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /auth/signin: company single sign-on or the contractor's email and password. */
export class SignInPage {
  readonly heading: Locator;
  readonly companyButton: Locator;
  readonly contractorButton: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign in to OpenPermit' });
    this.companyButton = page.getByRole('button', { name: 'Sign in with company account' });
    this.contractorButton = page.getByRole('button', { name: 'External Contractor Sign in' });
    this.email = page.getByLabel('Email address');
    this.password = page.getByLabel('Password');
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  }

  async goto(query = ''): Promise<this> {
    await this.page.goto(`/auth/signin${query}`);
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** Fills the contractor form and submits with Enter, as a user at a keyboard would. */
  async submitContractor(email: string, password: string): Promise<void> {
    await this.contractorButton.click();
    await this.email.fill(email);
    await this.password.fill(password);
    await expect(this.signInButton).toBeEnabled();
    await this.password.press('Enter');
  }

  async signInAsContractor(email: string, password: string): Promise<ShellPage> {
    await this.submitContractor(email, password);
    return new ShellPage(this.page).waitUntilLoaded();
  }

  /** Through the company button and the built-in identity provider's sign-in page. */
  async signInAsEmployee(email: string, password: string): Promise<ShellPage> {
    await this.companyButton.click();
    await expect(this.page).toHaveURL(/\/oidc\//);
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return new ShellPage(this.page).waitUntilLoaded();
  }

  /** The message bar showing why sign-in failed or was needed. */
  alert(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
