import { expect, type Locator, type Page } from '@playwright/test';
import { PlotPlanMap } from './PlotPlanMap';

/** /permits/draft/{id}: the work location (where the site has plot plans), permit types, the Form.io form and the footer's Submit. */
export class PermitDraftPage {
  readonly submitButton: Locator;
  readonly errorPanel: Locator;
  readonly workLocationMap: PlotPlanMap;
  readonly setWorkLocationButton: Locator;

  constructor(readonly page: Page) {
    this.submitButton = page.getByRole('button', { name: 'Submit', exact: true });
    this.errorPanel = page.getByRole('region', { name: 'Form errors' });
    this.workLocationMap = new PlotPlanMap(page, page.getByRole('region', { name: 'Work location map' }));
    this.setWorkLocationButton = page.getByRole('button', { name: 'Set Work Location' });
  }

  /** An accordion's header button (aria-expanded says whether its panel is open). */
  section(name: 'Work Location' | 'Work order' | 'Permit'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  async create(): Promise<this> {
    await this.page.goto('/permits/create');
    await expect(this.page).toHaveURL(/\/permits\/draft\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole('heading', { name: 'Create Permit' })).toBeVisible();
    return this;
  }

  async selectType(label: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: label }).check();
    await expect(this.page.getByRole('textbox', { name: 'Asset number' })).toBeVisible();
  }

  async text(label: string, value: string): Promise<void> {
    await this.page.getByRole('textbox', { name: label }).first().fill(value);
  }

  /** Form.io may redraw a field as an earlier change settles; a click lost to that is tried again. */
  async check(label: string): Promise<void> {
    const box = this.page.getByRole('checkbox', { name: label }).first();
    await expect(async () => {
      await box.check({ timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
  }

  async radio(group: string, option: string): Promise<void> {
    await this.page.getByRole('radiogroup', { name: group }).or(this.page.getByRole('group', { name: group })).getByRole('radio', { name: option }).check();
  }

  /** A Form.io select (Choices.js): open it and click the option. */
  async choose(label: string, option: string): Promise<void> {
    const field = this.page.locator('.formio-component-select').filter({ has: this.page.locator('label', { hasText: label }) }).first();
    await field.locator('.choices').click();
    await field.locator('.choices__list--dropdown .choices__item--choice', { hasText: option }).first().click();
  }

  /** A date field (flatpickr with typing allowed): typed as shown, yyyy-MM-dd HH:mm. */
  async dateTime(label: string, value: string): Promise<void> {
    const input = this.page.getByRole('textbox', { name: label }).first();
    await input.fill(value);
    await input.press('Enter');
    await input.press('Tab');
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }
}
