import { expect, type Locator, type Page } from '@playwright/test';

/** A plot plan map (Leaflet): the plan's image, permit markers by their title, the popup, the work-location pin. */
export class PlotPlanMap {
  readonly image: Locator;
  readonly markers: Locator;
  readonly popup: Locator;
  readonly pin: Locator;

  constructor(readonly page: Page, readonly region: Locator) {
    this.image = region.locator('img.leaflet-image-layer');
    this.markers = region.locator('.op-marker:not(.op-marker-pin)');
    this.popup = region.getByTestId('permit-popup');
    this.pin = region.getByRole('button', { name: 'Work location marker' });
  }

  marker(title: string): Locator {
    return this.region.getByRole('button', { name: title, exact: true });
  }

  /** Waits until the plan's image has loaded and been drawn. */
  async waitUntilDrawn(): Promise<this> {
    await expect(this.image).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => this.image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    return this;
  }

  /** Taps the plan at a point given as fractions of the map's width and height from the top left (the pin moves there). */
  async tapAt(x: number, y: number): Promise<void> {
    const box = (await this.region.boundingBox())!;
    await this.region.click({ position: { x: box.width * x, y: box.height * y } });
  }

  /** Drags the pin to a point of the map given as fractions of its width and height from the top left. */
  async dragPinTo(x: number, y: number): Promise<void> {
    const from = (await this.pin.boundingBox())!;
    const box = (await this.region.boundingBox())!;
    // Grabbed inside its upper right quarter: the pin starts on the sheet's bottom left corner, near the map's edge.
    await this.page.mouse.move(from.x + from.width * 0.7, from.y + from.height * 0.3);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 12 });
    await this.page.mouse.up();
  }
}

/** The edit page's work location dialog (SPEC §2 Dialogs). */
export class WorkLocationDialog {
  readonly dialog: Locator;
  readonly map: PlotPlanMap;
  readonly setButton: Locator;
  readonly notSet: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Work Location' });
    this.map = new PlotPlanMap(page, this.dialog.getByRole('region', { name: 'Work location map' }));
    this.setButton = this.dialog.getByRole('button', { name: 'Set Work Location' });
    this.notSet = this.dialog.getByText('No work location selected. Please move the marker to the work location');
  }
}
