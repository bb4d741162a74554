import { expect, type Locator, type Page } from '@playwright/test';
import { SignOutPage } from './SignOutPage';

/** The signed-in frame: header, side menu and the current page. */
export class ShellPage {
  readonly header: Locator;
  readonly menu: Locator;
  readonly main: Locator;
  /** The header's count of changes waiting to sync ("N pending"). */
  readonly pendingCount: Locator;
  /** The 'Pending' badge by the home location while a change of it waits to sync. */
  readonly homePending: Locator;
  /** The header's button to the "Not synced" list ("N not synced"). */
  readonly notSyncedButton: Locator;
  /** The banner asking for a new sign-in before queued changes can sync, and its button. */
  readonly signInBanner: Locator;
  readonly signInAgainButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    // A navigation beside the page; on a narrow screen a dialog over it.
    this.menu = page.getByRole('navigation', { name: 'Main menu' }).or(page.getByRole('dialog', { name: 'Main menu' }));
    this.main = page.getByRole('main');
    this.pendingCount = this.header.getByText(/^\d+ pending$/);
    this.homePending = this.header.getByText('Pending', { exact: true });
    this.notSyncedButton = this.header.getByRole('button', { name: /not synced$/ });
    this.signInBanner = page.getByText(/^Sign in again to (sync|get)/);
    this.signInAgainButton = page.getByRole('button', { name: 'Sign in', exact: true });
  }

  /** Waits past the loading view until the header shows. */
  async waitUntilLoaded(): Promise<this> {
    await expect(this.page.getByText('Loading OpenPermit…')).toBeHidden({ timeout: 20_000 });
    await expect(this.header).toBeVisible();
    return this;
  }

  menuItem(label: string): Locator {
    return this.menu.getByRole('link', { name: label, exact: true });
  }

  pageHeading(name: string): Locator {
    return this.main.getByRole('heading', { name, level: 1 });
  }

  /**
   * Waits until the replica has been filled once (the first-sync banner is gone and the
   * dashboard's counts show) and the service worker holds the app shell, so the app can open offline.
   */
  async waitUntilSynced(): Promise<this> {
    await expect(this.page.getByRole('region', { name: 'Open Workorders' }).getByLabel(/^Open Workorders: \d+$/)).toBeVisible({ timeout: 45_000 });
    await expect(this.page.getByText('Preparing this device for offline work')).toBeHidden({ timeout: 45_000 });
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    return this;
  }

  /** Opens the location picker from the Preferences page. */
  async openHomeLocationPicker(): Promise<void> {
    await this.menuItem('Preferences').click();
    await expect(this.pageHeading('Preferences')).toBeVisible();
    await this.page.getByRole('button', { name: 'Update Home Location' }).click();
  }

  /** A toast by its title (Fluent's stable class name; the live region repeats the text for screen readers). */
  toast(text: string): Locator {
    return this.page.locator('.fui-ToastTitle').filter({ hasText: text });
  }

  async signOut(): Promise<SignOutPage> {
    await this.menuItem('Signout').click();
    return new SignOutPage(this.page).waitUntilShown();
  }
}
