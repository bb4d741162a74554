import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { LocationPicker } from './LocationPicker';

/** /admin/audit: verify the audit trail's chain, export its events. */
export class AuditTrailPage {
  readonly heading: Locator;
  readonly verifyCard: Locator;
  readonly verifyButton: Locator;
  readonly exportCard: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Audit Trail', level: 1 });
    this.verifyCard = page.getByRole('group', { name: 'Verify the chain' });
    this.verifyButton = this.verifyCard.getByRole('button', { name: 'Verify chain' });
    this.exportCard = page.getByRole('group', { name: 'Export events' });
    this.from = this.exportCard.getByLabel('From', { exact: true });
    this.to = this.exportCard.getByLabel('To', { exact: true });
    this.exportButton = this.exportCard.getByRole('button', { name: 'Export' });
  }

  /** Through the admin area's left panel, as an administrator finds it. */
  async open(): Promise<this> {
    await this.page.getByRole('complementary', { name: 'Admin area' }).getByRole('link', { name: 'Audit Trail' }).click();
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** Runs a verification and returns the answer's text. */
  async verify(): Promise<Locator> {
    await this.verifyButton.click();
    const answer = this.verifyCard.getByRole('status');
    await expect(answer).toContainText(/The chain is (intact|broken)|could not be verified/, { timeout: 30_000 });
    return answer;
  }

  async chooseLocation(...path: string[]): Promise<void> {
    await this.exportCard.getByRole('button', { name: 'Choose location' }).click();
    const picker = new LocationPicker(this.page, 'Choose location');
    await picker.pick(...path);
    await picker.update();
  }

  async chooseFormat(label: 'CSV' | 'JSON lines'): Promise<void> {
    await this.exportCard.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  }

  /** Clicks Export and waits for the browser's download. */
  async export(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.exportButton.click();
    return download;
  }
}
