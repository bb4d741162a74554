import { expect, test, type Browser, type Page } from '@playwright/test';
import { ContractorApi } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { fillHotWork } from './hotWorkForm';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { PermitEditPage } from './pages/PermitEditPage';
import { ownServerForFile } from './ownServer';
import { signedInPerson } from './person';

// Permits are created and edited here: this spec has a server of its own.
const { baseURL: BASE_URL } = ownServerForFile(8);
test.describe.configure({ timeout: 360_000 });

const signedIn = (browser: Browser, who: 'contractor' | 'issuer') => signedInPerson(browser, BASE_URL, who);

test('a permit created and edited entirely offline reaches the server on reconnect, with its edits', async ({ browser, request }) => {
  const { context, page, shell } = await signedIn(browser, 'contractor');
  await context.setOffline(true);

  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Hot Work');
  await fillHotWork(draft);
  await draft.submit();
  await expect(page).toHaveURL(/\/permits\/[0-9a-f-]{36}\/edit\?redirectFromCreate=true$/);
  await page.getByRole('dialog', { name: 'Permit has been created' }).getByRole('button', { name: 'Continue Editing' }).click();
  const permit = new PermitEditPage(page);
  await expect(permit.heading).toHaveText('Permit # Pending...');
  await page.getByRole('textbox', { name: 'Work location' }).fill('Pump bay 4, north side');
  await expect(shell.pendingCount).toHaveText('2 pending');
  const api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
  expect((await api.pullAll<{ PermitInstanceId: string }>('permits')).map((p) => p.PermitInstanceId)).not.toContain(permit.id());

  await context.setOffline(false);
  await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
  await expect(permit.heading).toHaveText(/^Permit # (?!Pending)/, { timeout: 20_000 });
  await permit.expectState('PENDING');
  const content = await api.permitContent(permit.id());
  expect(content.HotWork).toMatchObject({ assetNumber: 'P-101A', workLocationDescription: 'Pump bay 4, north side' });
  await context.close();
});

test('two people edit one permit offline, both add a gas test, and after reconnecting both see every change', async ({ browser, request }) => {
  const id = 'demo-hw-pending';
  const people = [await signedIn(browser, 'contractor'), await signedIn(browser, 'issuer')] as const;
  const forms = await Promise.all(people.map(async ({ context, page }) => {
    const form = await new PermitEditPage(page).goto(id);
    await expect(page.getByRole('textbox', { name: 'Work location' })).toBeEditable();
    await context.setOffline(true);
    return form;
  }));
  const gasRows = (page: Page) => page.getByRole('textbox', { name: 'Tester' });
  const rowsBefore = await gasRows(people[0].page).count();

  const edits = [
    { field: 'Work location', value: 'Pump bay 3, by the east stairs', tester: 'Carlos Mendes' },
    { field: 'Description of the work', value: 'Weld repair of the suction line; isolate P-101B first', tester: 'Priya Raman' },
  ];
  for (const [i, { page, shell }] of people.entries()) {
    await page.getByRole('textbox', { name: edits[i]!.field }).fill(edits[i]!.value);
    await page.getByRole('button', { name: 'Add row' }).first().click();
    await expect(gasRows(page)).toHaveCount(rowsBefore + 1);
    await gasRows(page).last().fill(edits[i]!.tester);
    await expect(shell.pendingCount).toBeVisible();
  }

  for (const { context } of people) await context.setOffline(false);
  for (const [i, { page, shell }] of people.entries()) {
    await expect(shell.pendingCount).toBeHidden({ timeout: 30_000 });
    // The other person's change arrives in the open form, and this person's own stays.
    for (const { field, value } of edits) await expect(page.getByRole('textbox', { name: field })).toHaveValue(value, { timeout: 20_000 });
    await expect(gasRows(page)).toHaveCount(rowsBefore + 2, { timeout: 20_000 });
    await expect(forms[i]!.heading).toBeVisible();
  }
  const content = (await (await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD)).permitContent(id)).HotWork!;
  expect(content).toMatchObject({ workLocationDescription: edits[0]!.value, jobDescription: edits[1]!.value });
  expect((content.gasTests as { tester?: string }[]).map((row) => row.tester)).toEqual(expect.arrayContaining(edits.map((e) => e.tester)));
  for (const { context } of people) await context.close();
});
