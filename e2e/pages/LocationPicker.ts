import { expect, type Locator, type Page } from '@playwright/test';

/** A location tree dialog: 'Update Location' (the home location) by default, or another by its title and button. */
export class LocationPicker {
  readonly dialog: Locator;
  readonly updateButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page, title = 'Update Location', button = title) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.updateButton = this.dialog.getByRole('button', { name: button });
    this.cancelButton = this.dialog.getByRole('button', { name: 'Cancel' });
  }

  /** A node's own label (a branch's tree item also contains its children's text). */
  node(title: string): Locator {
    return this.dialog.getByRole('tree').getByText(title, { exact: true });
  }

  /** The selection control of a node (a radio labelled with the location's title). */
  radio(title: string): Locator {
    return this.dialog.getByRole('radio', { name: title, exact: true });
  }

  /** Opens the branches along `path` where still closed, then picks the last location. */
  async pick(...path: string[]): Promise<void> {
    for (let i = 0; i < path.length - 1; i++) {
      if (!(await this.node(path[i + 1]!).isVisible())) await this.node(path[i]!).click();
    }
    const last = path[path.length - 1]!;
    await this.node(last).click();
    await expect(this.radio(last)).toBeChecked();
  }

  async update(): Promise<void> {
    await this.updateButton.click();
    await expect(this.dialog).toBeHidden();
  }
}
