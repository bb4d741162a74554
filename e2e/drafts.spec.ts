import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { DraftsPage } from './pages/DraftsPage';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// The contractor's drafts must start empty: this spec has a server of its own.
ownServerForFile(6);

test('a draft is saved when the user leaves it, listed, opened again and deleted', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const drafts = await new DraftsPage(page).open();
  await expect(drafts.empty).toBeVisible();

  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Cold Work');
  await draft.text('Description of the work', 'Replace the gasket on flange F-12');
  await drafts.open();
  await expect(drafts.row('Replace the gasket on flange F-12')).toBeVisible();

  await drafts.row('Replace the gasket on flange F-12').click();
  await expect(page).toHaveURL(/\/permits\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('checkbox', { name: 'Cold Work' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Description of the work' })).toHaveValue('Replace the gasket on flange F-12');

  await drafts.open();
  await drafts.delete('Replace the gasket on flange F-12');
  await expect(drafts.empty).toBeVisible();
});
