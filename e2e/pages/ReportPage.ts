import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** /reports/open-permits: the chart, the table of counts and the CSV export. */
export class ReportPage {
  readonly heading: Locator;
  readonly chart: Locator;
  readonly table: Locator;
  readonly source: Locator;
  readonly groupByLocation: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Permits by State' });
    this.chart = page.getByTestId('permits-by-state-chart');
    this.table = page.getByRole('table', { name: 'Permits by state' });
    this.source = page.getByText(/^(Counts from the server|Working offline: counts from the permits on this device)/);
    this.groupByLocation = page.getByRole('checkbox', { name: 'Group by Location' });
    this.exportButton = page.getByRole('button', { name: 'Export to Excel CSV' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/reports/open-permits');
    await expect(this.heading).toBeVisible();
    await expect(this.table).toBeVisible();
    return this;
  }

  /** The link of one count cell: "{count} {state} at {location}". */
  cell(state: string, location: string): Locator {
    return this.table.getByLabel(new RegExp(`^\\d+ ${state} at ${location}$`)).getByRole('link');
  }

  async chooseScope(label: 'Open Permits' | 'All Permits'): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Permits to count' }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async exportCsv(): Promise<{ download: Download; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    return { download, text: readFileSync(path, 'utf8') };
  }
}
