import { expect, type Locator, type Page } from '@playwright/test';

/** /permits/list: the filter bar, the cards and the pager. */
export class PermitListPage {
  readonly text: Locator;
  readonly show: Locator;
  readonly expandAll: Locator;
  readonly count: Locator;
  readonly cards: Locator;
  readonly pageLabel: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.text = main.getByRole('textbox', { name: 'Filter permits' });
    this.show = main.getByRole('combobox', { name: 'Show' });
    this.expandAll = main.getByRole('switch', { name: 'Expand All Cards' });
    this.count = main.getByText(/^\d+ permits?$/);
    this.cards = main.getByRole('group').filter({ has: page.getByText(/^Permit # /) });
    this.pageLabel = main.getByText(/^Page \d+ of \d+$/);
  }

  async open(query = ''): Promise<this> {
    await this.page.goto(`/permits/list${query}`);
    // A page load starts the app again (its loading view first): slow on a busy machine.
    await expect(this.page.getByRole('heading', { name: 'Permits', level: 1 })).toBeVisible({ timeout: 30_000 });
    return this;
  }

  card(reference: string): Locator {
    return this.page.getByRole('group', { name: `Permit ${reference}` });
  }

  async choose(filter: 'All Permits' | 'My Permits' | 'Requires My Approval'): Promise<void> {
    await this.show.click();
    await this.page.getByRole('option', { name: filter }).click();
  }

  async openCardMenu(reference: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Actions for permit ${reference}` }).click();
    return this.page.getByRole('menu');
  }
}
