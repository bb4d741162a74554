import { expect, type Locator, type Page } from '@playwright/test';

/** /permits/search: the sidebar, the saved filters and the results. */
export class SearchPermitsPage {
  readonly sidebar: Locator;
  readonly saved: Locator;
  readonly results: Locator;
  readonly matches: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('form', { name: 'Search filters' });
    this.saved = page.getByRole('region', { name: 'Saved filters' });
    this.results = page.getByRole('table', { name: 'Search results' });
    this.matches = page.getByText(/^[\d,]+\+? match(es)? found$/);
  }

  async open(query = ''): Promise<this> {
    await this.page.goto(`/permits/search${query}`);
    await expect(this.page.getByRole('heading', { name: 'Search Permits', level: 1 })).toBeVisible({ timeout: 30_000 });
    return this;
  }

  term(n: number): Locator {
    return this.sidebar.getByRole('textbox', { name: `Search term ${n}` });
  }

  async search(): Promise<void> {
    await this.sidebar.getByRole('button', { name: 'Search' }).click();
  }

  row(text: string): Locator {
    return this.results.getByRole('row').filter({ hasText: text });
  }
}
