import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { fillHotWork } from './hotWorkForm';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { PermitEditPage } from './pages/PermitEditPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// Permits made here change the site's counts and lists: this spec has a server of its own.
const { baseURL: BASE_URL } = ownServerForFile(5);

/** A person of their own browser context, signed in and synced. */
async function signedIn(browser: Browser, who: 'issuer' | 'viewer'): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users[who].email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  return page;
}

test('a hot-work permit from draft to revoked: created by the contractor, read-only for the viewer, approved and revoked by the issuer', async ({ page, browser }) => {
  // Three people sign in and three browser contexts load the form renderer.
  test.setTimeout(360_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();

  const draft = await new PermitDraftPage(page).create();
  await draft.submit();
  await expect(page.getByText('No permits have been selected to be created. Please select one or more permits to create')).toBeVisible();
  await draft.selectType('Hot Work');
  await draft.submit();
  await expect(page.getByText(/^Please check the form and correct all \(\d+\) errors before submitting\.$/)).toBeVisible();
  await expect(draft.errorPanel.getByText(/^Work details \(\d+\)$/)).toBeVisible();

  await fillHotWork(draft);
  await draft.submit();
  await expect(page).toHaveURL(/\/permits\/[0-9a-f-]{36}\/edit\?redirectFromCreate=true$/);
  const created = page.getByRole('dialog', { name: 'Permit has been created' });
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: 'Continue Editing' }).click();
  const contractorView = new PermitEditPage(page);
  // 'Pending...' until the server assigns the reference; the pull brings it.
  await expect(contractorView.heading).not.toHaveText('Permit # Pending...', { timeout: 20_000 });
  await contractorView.expectState('PENDING');
  const id = contractorView.id();

  // Everything is editable while PENDING, but not for someone without permits.edit there.
  const viewer = await new PermitEditPage(await signedIn(browser, 'viewer')).goto(id);
  await viewer.expectState('PENDING');
  await expect(viewer.page.getByRole('textbox', { name: 'Asset number' })).toHaveValue('P-101A');
  await expect(viewer.page.getByRole('textbox', { name: 'Asset number' })).toBeDisabled();
  await expect(viewer.actions.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(viewer.actions.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  // An edit forged from the viewer's signed-in browser, past the read-only form, is refused by the server.
  const forged = await viewer.page.evaluate(async (permitId) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const { id_token } = JSON.parse(localStorage.getItem(key)!) as { id_token: string };
    const response = await fetch(`/api/permitcontent?PermitInstanceId=${permitId}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${id_token}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ ops: [{ op: 'replace', path: '/HotWork/assetNumber', value: 'FORGED' }] }),
    });
    return response.status;
  }, id);
  expect(forged).toBe(403);

  const issuer = await new PermitEditPage(await signedIn(browser, 'issuer')).goto(id);
  await expect(issuer.actions.getByText('Your Approval Required')).toBeVisible();
  await expect(issuer.page.getByRole('textbox', { name: 'Asset number' })).toHaveValue('P-101A');
  await issuer.approve('Permit Issuer');
  await issuer.approve('Operations Supervisor');
  await issuer.expectState('APPROVED');

  await issuer.endWithReason('Revoke', 'Gas alarm in the unit: all hot work stopped');
  await expect(issuer.page).toHaveURL(/\/permits\/list$/);
  await issuer.goto(id);
  await issuer.expectState('REVOKED');
  await expect(issuer.page.getByText('Reason: Gas alarm in the unit: all hot work stopped')).toBeVisible();
});
