import { expect, type Locator, type Page } from '@playwright/test';

/** A file handed to the page's file input. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** /admin/plot-plans: one card per location with its current plot plan, its versions and an upload. */
export class PlotPlansAdminPage {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Admin area' });
  }

  link(): Locator {
    return this.panel.getByRole('link', { name: 'Plot Plans' });
  }

  async open(): Promise<this> {
    await this.link().click();
    await expect(this.page.getByRole('heading', { name: 'Plot Plans', level: 1 })).toBeVisible();
    return this;
  }

  /** Picks the site the admin pages work on (the panel's Site dropdown, shown to those with more than one). */
  async chooseSite(name: string): Promise<this> {
    await this.panel.getByRole('combobox', { name: 'Site' }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${name} \\(SiteId \\d+\\)$`) }).click();
    return this;
  }

  card(location: string): Locator {
    return this.page.getByRole('group', { name: location, exact: true });
  }

  /** The card's line under the title: the current version and file, or where its maps come from. */
  summary(location: string): Locator {
    return this.card(location).getByText(/^(Current: version|No plot plan)/);
  }

  /** The rows of the versions table, newest first, as [Version, File Name, Status]. */
  versionRows(location: string): Locator {
    return this.card(location).getByRole('table', { name: `${location} plot plan versions` }).getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  thumbnail(location: string, version: number): Locator {
    return this.card(location).getByRole('img', { name: `${location} plot plan, version ${version}` });
  }

  /** Waits until the thumbnail's image has been decoded (the file came and is a picture). */
  async expectThumbnailDrawn(location: string, version: number): Promise<void> {
    const image = this.thumbnail(location, version);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  async upload(location: string, file: ChosenFile): Promise<void> {
    await this.card(location).getByLabel(`Plot plan file for ${location}`).setInputFiles(file);
  }
}
