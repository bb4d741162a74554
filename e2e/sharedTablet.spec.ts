import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { DraftsPage } from './pages/DraftsPage';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// The contractor's draft must be theirs alone on this server: this spec has a server of its own.
ownServerForFile(13);

const CONTRACTORS_DRAFT = 'Replace the gasket on the shared-tablet flange F-77';

test('on a shared tablet the next person to sign in never sees the previous person’s data, not for one frame', async ({ page }) => {
  // Two first syncs and two sign-ins: more than the default 30 s on a busy machine.
  test.setTimeout(240_000);
  let shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Cold Work');
  await draft.text('Description of the work', CONTRACTORS_DRAFT);
  const drafts = await new DraftsPage(page).open();
  await expect(drafts.row(CONTRACTORS_DRAFT)).toBeVisible();
  await expect(shell.pendingCount).toBeHidden({ timeout: 20_000 });
  const signedOut = await shell.signOut();
  await signedOut.signInAgain.click();

  // From here on, the draft's text reaching the page, even for one frame, is recorded.
  const seen: string[] = [];
  await page.exposeFunction('reportPreviousUser', (text: string) => seen.push(text));
  await page.addInitScript((needle) => {
    const report = (window as unknown as { reportPreviousUser(text: string): void }).reportPreviousUser;
    new MutationObserver(() => {
      if (document.documentElement.textContent?.includes(needle)) report(needle);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, CONTRACTORS_DRAFT);

  // The issuer signs in while the server is slow to answer sync: whatever shows meanwhile comes
  // from the device alone.
  let answerSync = () => {};
  const syncHeld = new Promise<void>((resolve) => (answerSync = resolve));
  await page.route(/\/api\/sync\//, async (route) => {
    await syncHeld;
    await route.continue().catch(() => undefined);
  });
  shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await expect(shell.header).toContainText(users.issuer.name);
  await shell.menuItem('Draft Permits').click();
  await expect(page.getByRole('heading', { name: 'Draft Permits' })).toBeVisible();

  answerSync();
  await page.unroute(/\/api\/sync\//);
  // The first sync shows its end on the dashboard (its counts).
  await shell.menuItem('Dashboard').click();
  await shell.waitUntilSynced();
  await new DraftsPage(page).open();
  await expect(page.getByText(CONTRACTORS_DRAFT)).toHaveCount(0);
  expect(seen).toEqual([]);

  // The contractor, back on the tablet, finds their draft where they left it.
  await (await shell.signOut()).signInAgain.click();
  shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await expect((await new DraftsPage(page).open()).row(CONTRACTORS_DRAFT)).toBeVisible({ timeout: 20_000 });
});
