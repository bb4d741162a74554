import { expect, type Locator, type Page } from '@playwright/test';

/** /permits/{id}/edit: the permit's heading, state, action bar, dialogs and form. */
export class PermitEditPage {
  readonly heading: Locator;
  readonly state: Locator;
  readonly actions: Locator;
  readonly approvalsDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^Permit # / });
    this.state = page.getByLabel('State', { exact: true });
    this.actions = page.getByRole('toolbar', { name: 'Permit actions' });
    this.approvalsDialog = page.getByRole('dialog', { name: 'Approvals' });
  }

  async goto(id: string): Promise<this> {
    await this.page.goto(`/permits/${id}/edit`);
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** The permit's id, from the address. */
  id(): string {
    return /\/permits\/([^/]+)\/edit/.exec(this.page.url())![1]!;
  }

  async expectState(state: string): Promise<void> {
    await expect(this.state).toHaveText(state, { timeout: 20_000 });
  }

  /** Approves the approval step with this label, as a member of its group. */
  async approve(label: string): Promise<void> {
    await this.actions.getByRole('button', { name: 'Approvals' }).click();
    const record = this.approvalsDialog.getByLabel(label, { exact: true });
    await record.getByRole('button', { name: 'Approve' }).click();
    await expect(record).toContainText('Approved by', { timeout: 20_000 });
    await this.approvalsDialog.getByRole('button', { name: 'Close' }).click();
  }

  /** Reject or Revoke with a reason: the action stays disabled until there is one. */
  async endWithReason(action: 'Reject' | 'Revoke', reason: string): Promise<void> {
    await this.actions.getByRole('button', { name: action }).click();
    const dialog = this.page.getByRole('dialog', { name: `${action} Permit` });
    await expect(dialog.getByRole('button', { name: action })).toBeDisabled();
    await dialog.getByRole('textbox').fill(reason);
    await dialog.getByRole('button', { name: action }).click();
  }
}
