import { expect, type Locator, type Page } from '@playwright/test';

/** A work order's card, on the list or the search page. */
export const workOrderCard = (page: Page, number: string): Locator => page.getByRole('group', { name: `Work order ${number}` });
const workOrderCards = (page: Page): Locator => page.getByRole('main').getByRole('group', { name: /^Work order / });

/** /workorders/list: the device's work orders, filtered and paged. */
export class WorkOrderListPage {
  readonly text: Locator;
  readonly status: Locator;
  readonly cards: Locator;
  readonly pageLabel: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.text = main.getByRole('textbox', { name: 'Contains Text' });
    this.status = main.getByRole('combobox', { name: 'Status' });
    this.cards = workOrderCards(page);
    this.pageLabel = main.getByText(/^Page \d+ of \d+$/);
  }

  card(number: string): Locator {
    return workOrderCard(this.page, number);
  }

  async chooseStatus(status: string): Promise<void> {
    await this.status.click();
    // A multiselect's options are checkboxes (Fluent gives them role menuitemcheckbox).
    await this.page.getByRole('menuitemcheckbox', { name: status, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }
}

/** /workorders/search: the server's search, with its sidebar and Load more. */
export class WorkOrderSearchPage {
  readonly text: Locator;
  readonly found: Locator;
  readonly cards: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.text = main.getByRole('textbox', { name: 'Contains text' });
    this.found = main.getByText(/^\d+ matches found$/);
    this.cards = workOrderCards(page);
    this.loadMore = main.getByRole('button', { name: 'Load more' });
  }

  async search(text: string): Promise<void> {
    await this.text.fill(text);
    await this.text.press('Enter');
  }

  async expectFound(count: number): Promise<void> {
    await expect(this.found).toHaveText(`${count} matches found`, { timeout: 20_000 });
  }
}
