import { expect, type Locator, type Page } from '@playwright/test';
import { PlotPlanMap } from './PlotPlanMap';
import { ShellPage } from './ShellPage';

export type DashboardCard = 'Open Permits' | 'Permits Needing Approval' | 'Open Workorders' | 'Isolations in place';
export type DashboardCounts = { openPermits: number; needingApproval: number; openWorkorders: number };

/** / : the three count cards and the map card of SPEC §2. */
export class DashboardPage {
  readonly shell: ShellPage;
  /** The map card (where the site has plot plans), its map and its legend toggle. */
  readonly mapCard: Locator;
  readonly map: PlotPlanMap;
  readonly legendButton: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.mapCard = page.getByRole('region', { name: 'Site Map', exact: true });
    this.map = new PlotPlanMap(page, this.mapCard.getByRole('region', { name: 'Plot plan', exact: true }));
    this.legendButton = this.mapCard.getByRole('button', { name: 'Legend' });
  }

  card(title: DashboardCard): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The count a card shows (its label reads "{title}: {count}"). */
  count(title: DashboardCard, value: number): Locator {
    return this.card(title).getByLabel(`${title}: ${value}`, { exact: true });
  }

  async expectCounts(counts: DashboardCounts): Promise<void> {
    await expect(this.count('Open Permits', counts.openPermits)).toBeVisible();
    await expect(this.count('Permits Needing Approval', counts.needingApproval)).toBeVisible();
    await expect(this.count('Open Workorders', counts.openWorkorders)).toBeVisible();
  }
}
