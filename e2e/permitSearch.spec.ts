import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SearchPermitsPage } from './pages/SearchPermitsPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

test.describe.configure({ timeout: 300_000 });
// Saves filters in the issuer's preferences: this spec has a server of its own.
const { server } = ownServerForFile(11);

async function reference(id: string): Promise<string> {
  const [row] = await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]);
  return row!.reference_id;
}

test('search from the sidebar and from a reports link; offline it searches this device and says so', async ({ page, context }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await shell.menuItem('Search Permits').click();
  const search = new SearchPermitsPage(page);
  await expect(page.getByText('Perform a search using the filters in the sidebar and then press search.')).toBeVisible();

  await search.term(1).fill('weld');
  await search.search();
  await expect(search.row(await reference('demo-hw-pending'))).toBeVisible();
  await search.term(2).fill('roof noz');
  await search.search();
  await expect(search.matches).toHaveText('1 match found');
  await expect(search.row(await reference('demo-hw-pending'))).toContainText('Gulf Coast Welding');
  await search.term(2).fill('no such words');
  await search.search();
  await expect(page.getByText('No permits matched the search query. Please adjust the filters and try again')).toBeVisible();

  // The reports page's link searches at once: APPROVED at Vacuum Distillation.
  await search.open('?State=APPROVED&locationId=112&from=reporting');
  await expect(search.matches).toHaveText('1 match found');
  await expect(search.row(await reference('demo-cs-approved'))).toBeVisible();

  // Offline, the same filters (APPROVED at Vacuum Distillation, from the link) and a term run over this device's permits.
  await context.setOffline(true);
  await search.term(1).fill('ultrason');
  await search.search();
  await expect(page.getByText('You are working offline: these results are from the permits on this device, not the whole system.')).toBeVisible();
  await expect(search.matches).toHaveText('1 match found');
  await expect(search.row(await reference('demo-cs-approved'))).toBeVisible();
  await search.term(1).fill('roof noz');
  await search.search();
  await expect(page.getByText('No permits matched the search query. Please adjust the filters and try again')).toBeVisible();
  await context.setOffline(false);
});

test('a saved filter is created, applied, renamed and deleted; the eleventh cannot be made', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const search = await new SearchPermitsPage(page).open();

  await search.term(1).fill('weld');
  await search.saved.getByRole('button', { name: 'Save current filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Filter' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Filter name' }).fill('Welding jobs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(shell.toast('Filter created successfully')).toBeVisible({ timeout: 20_000 });

  await search.sidebar.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(search.term(1)).toHaveValue('');
  await search.saved.getByRole('button', { name: 'Apply filter Welding jobs' }).click();
  await expect(search.term(1)).toHaveValue('weld');
  await expect(search.row(await reference('demo-hw-pending'))).toBeVisible();

  await search.saved.getByRole('button', { name: 'Actions for filter Welding jobs' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Edit Filter' });
  await rename.getByRole('textbox', { name: 'Filter name' }).fill('Hot work welds');
  await rename.getByRole('button', { name: 'Update' }).click();
  await expect(shell.toast('Filter updated successfully')).toBeVisible({ timeout: 20_000 });
  await expect(search.saved.getByRole('button', { name: 'Apply filter Hot work welds' })).toBeVisible();

  // Kept on the server: a new visit (a fresh page load) still has it.
  await search.open();
  await search.saved.getByRole('button', { name: 'Actions for filter Hot work welds' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Filter' });
  await expect(confirm).toContainText('Are you sure, you want to delete filter ?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(shell.toast('Filter deleted successfully')).toBeVisible({ timeout: 20_000 });
  await expect(search.saved.getByText('No saved filters yet.')).toBeVisible();

  // Ten saved (as another device would have left them): no eleventh.
  const ten = Array.from({ length: 10 }, (_, i) => ({ Id: `f${i}`, Name: `Filter ${i + 1}`, Active: true, Filter: { searchTerms: [`term${i}`] } }));
  await server().db.query(`update users set preferences = preferences || jsonb_build_object('Filters', jsonb_build_object('SearchPermits', $1::jsonb)) where email = $2`, [
    JSON.stringify(ten),
    users.issuer.email,
  ]);
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(search.saved.getByRole('button', { name: 'Apply filter Filter 10' })).toBeVisible({ timeout: 30_000 });
  await expect(search.saved.getByRole('button', { name: 'Save current filters' })).toBeDisabled();
  await expect(search.saved.getByText('You can save at most 10 filters. Delete one to save another.')).toBeVisible();
});
