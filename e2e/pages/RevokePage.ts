import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /permits/revoke: the APPROVED permits to tick, the reason, Revoke and the per-permit results. */
export class RevokePage {
  readonly shell: ShellPage;
  readonly table: Locator;
  readonly from: Locator;
  readonly dense: Locator;
  readonly rowsPerPage: Locator;
  readonly reason: Locator;
  readonly revokeButton: Locator;
  readonly results: Locator;
  readonly noneFound: Locator;
  readonly offlineWarning: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.table = page.getByRole('table', { name: 'Approved permits' });
    this.from = page.getByLabel('From', { exact: true });
    this.dense = page.getByRole('switch', { name: 'Dense' });
    this.rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
    this.reason = page.getByRole('textbox', { name: 'Reason' });
    this.revokeButton = page.getByRole('button', { name: 'Revoke', exact: true });
    this.results = page.getByRole('table', { name: 'Revoke results' });
    this.noneFound = page.getByText('No Permit found. Please update your filter and try again.');
    this.offlineWarning = page.getByText(/Revoking needs a connection/);
  }

  /** Through the side menu, as a supervisor would. */
  async open(): Promise<this> {
    await this.shell.menuItem('Revoke Permits').click();
    await expect(this.shell.pageHeading('Revoke Permits')).toBeVisible();
    return this;
  }

  /** A row of the search table, by any text it shows (the work description, say). */
  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  async select(text: string): Promise<void> {
    await this.row(text).getByRole('checkbox').check();
  }

  /** The results row of a permit, by its reference. */
  result(reference: string): Locator {
    return this.results.getByRole('row').filter({ hasText: reference });
  }

  /** Presses Revoke (the reason filled in) and waits for the server's answer. */
  async submit(): Promise<void> {
    await this.revokeButton.click();
    await expect(this.results).toBeVisible({ timeout: 20_000 });
  }
}
