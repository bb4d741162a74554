import { expect, type Locator, type Page } from '@playwright/test';
import { LocationPicker } from './LocationPicker';

/** /permits/{id}/edit: the permit's heading, state, action bar, dialogs and form. */
export class PermitEditPage {
  readonly heading: Locator;
  readonly state: Locator;
  readonly actions: Locator;
  readonly approvalsDialog: Locator;
  /** The permit's work location title and work order number above the form. */
  readonly workLocation: Locator;
  readonly workOrder: Locator;
  /** Shown only while the work location and work order may change (SPEC §4) and to editors. */
  readonly changeWorkLocationButton: Locator;
  readonly changeWorkOrderButton: Locator;
  readonly workOrderDialog: Locator;
  /** The History tab's timeline: one list item per event, oldest first. */
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^Permit # / });
    this.state = page.getByLabel('State', { exact: true });
    this.actions = page.getByRole('toolbar', { name: 'Permit actions' });
    this.approvalsDialog = page.getByRole('dialog', { name: 'Approvals' });
    this.workLocation = page.getByLabel('Current work location', { exact: true });
    this.workOrder = page.getByLabel('Current work order', { exact: true });
    this.changeWorkLocationButton = page.getByRole('main').getByRole('button', { name: 'Change work location' });
    this.changeWorkOrderButton = page.getByRole('main').getByRole('button', { name: 'Change work order' });
    this.workOrderDialog = page.getByRole('dialog', { name: 'Change work order' });
    this.history = page.getByRole('list', { name: 'Permit history' });
  }

  /** Opens the History tab (the address then says so). */
  async openHistory(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'History' }).click();
    await expect(this.page.getByRole('tabpanel', { name: 'History' })).toBeVisible();
    return this.history;
  }

  /** The history's events whose words match every one of `texts`. */
  historyEvent(...texts: (string | RegExp)[]): Locator {
    return texts.reduce((events, text) => events.filter({ hasText: text }), this.history.getByRole('listitem').filter({ has: this.page.locator('time') }));
  }

  /** A text field of the permit's form by its label (the first, when several sub-forms have it). */
  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true }).first();
  }

  /** Searches the work orders by `text` and picks the one numbered `number`. */
  async changeWorkOrder(text: string, number: string): Promise<void> {
    await this.changeWorkOrderButton.click();
    const search = this.workOrderDialog.getByRole('combobox', { name: 'Work order' });
    // Typed key by key as a person would: the list opens on keystrokes, not on a value set at once.
    await search.clear();
    await search.pressSequentially(text);
    await this.page.getByRole('option', { name: new RegExp(`^${number} — `) }).click();
    await this.workOrderDialog.getByRole('button', { name: 'Change work order' }).click();
    await expect(this.workOrderDialog).toBeHidden();
  }

  /** Picks the location at the end of `path` (titles from the site down) in the work location tree. */
  async changeWorkLocation(...path: string[]): Promise<void> {
    await this.changeWorkLocationButton.click();
    const picker = new LocationPicker(this.page, 'Change work location');
    await picker.pick(...path);
    await picker.update();
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
