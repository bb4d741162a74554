import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { ListsPage } from './pages/ListsPage';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// The lists change what every hot-work form offers: this spec has a server of its own.
ownServerForFile(41);

test('an admin replaces a list through the rjsf dialogs, with the rules of SPEC §5, and the permit form offers its items', async ({ page }) => {
  test.setTimeout(180_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Admin').click();
  const lists = await new ListsPage(page).open();

  await expect(lists.row('HotWorkTypes')).toBeVisible();
  await lists.deleteRow('the list HotWorkTypes');
  await expect(shell.toast('List deleted successfully')).toBeVisible();
  await expect(lists.row('HotWorkTypes')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add List' }).click();
  await lists.type('Key', 'hot work');
  await expect(lists.dialog.getByText('Key can only include letters, numbers and underscores')).toBeVisible();
  await expect(lists.save()).toBeDisabled();
  await lists.type('Key', 'Companies');
  await expect(lists.dialog.getByText('A list already exists with this key')).toBeVisible();
  await lists.type('Key', 'HotWorkTypes');
  await lists.type('Label', 'Arc gouging');
  await expect(lists.save()).toBeDisabled();
  await lists.type('Value', 'arc-gouging');
  await expect(lists.dialog.getByText(/already exists|can only include/)).toHaveCount(0);
  await lists.save().click();
  await expect(shell.toast('List added successfully')).toBeVisible();
  await expect(lists.row('HotWorkTypes')).toContainText('1');

  await lists.row('HotWorkTypes').getByRole('button', { name: 'Edit the list HotWorkTypes' }).click();
  await expect(page.getByRole('heading', { name: 'List HotWorkTypes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Item' }).click();
  await lists.type('Label', 'Another gouging');
  await lists.type('Value', 'arc-gouging');
  await expect(lists.dialog.getByText('An item with this value already exists')).toBeVisible();
  await expect(lists.save()).toBeDisabled();
  await lists.type('Value', 'induction');
  await lists.type('Label', 'Induction heating');
  await lists.save().click();
  await expect(shell.toast('Item added successfully')).toBeVisible();
  const items = page.getByRole('table', { name: 'Items of HotWorkTypes' });
  await expect(items.getByRole('row')).toHaveCount(3);

  // The permit form reads the list from the replica: the new items, not the deleted list's.
  await new PermitDraftPage(page).create();
  // The Form.io renderer is a large chunk: on a busy machine it takes longer than the page model's wait.
  await page.getByRole('checkbox', { name: 'Hot Work' }).check();
  await expect(page.getByRole('textbox', { name: 'Asset number' })).toBeVisible({ timeout: 40_000 });
  const field = page.locator('.formio-component-select').filter({ has: page.locator('label', { hasText: 'Type of hot work' }) }).first();
  await field.locator('.choices').click();
  const options = field.locator('.choices__list--dropdown .choices__item--choice');
  await expect(options).toHaveText(['Arc gouging', 'Induction heating']);
});
