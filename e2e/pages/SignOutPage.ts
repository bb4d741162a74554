import { expect, type Locator, type Page } from '@playwright/test';

/** /auth/signout. */
export class SignOutPage {
  readonly heading: Locator;
  readonly signInAgain: Locator;
  readonly signOutCurrentUser: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'You are now signed out' });
    this.signInAgain = page.getByRole('button', { name: 'Sign In again' });
    this.signOutCurrentUser = page.getByRole('button', { name: 'Sign out - current user' });
  }

  async waitUntilShown(): Promise<this> {
    await expect(this.heading).toBeVisible();
    return this;
  }
}
