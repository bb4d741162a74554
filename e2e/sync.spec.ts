import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ATMOSPHERIC_DISTILLATION, contractorApiPerTest } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { LocationPicker } from './pages/LocationPicker';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';


async function signedInContractor(page: Page): Promise<ShellPage> {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  return shell.waitUntilSynced();
}

async function changeHome(shell: ShellPage, ...path: string[]): Promise<void> {
  await shell.openHomeLocationPicker();
  const picker = new LocationPicker(shell.page);
  await picker.pick(...path);
  await picker.update();
}

/** Counts the requests of one page to the sync endpoints (pulls and the change stream). */
function syncRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/sync/')) seen.count += 1;
  });
  return seen;
}

test.describe('live sync', () => {
  test.describe.configure({ timeout: 120_000 });

  const contractor = contractorApiPerTest();

  test('a change made in another browser shows in this one within seconds, without a reload', async ({ page, browser }) => {
    const first = await signedInContractor(page);
    let other: BrowserContext | undefined;
    try {
      other = await browser.newContext();
      const second = await signedInContractor(await other.newPage());
      await changeHome(second, 'Bayport Refinery', 'Crude Unit', 'Vacuum Distillation');
      await expect(second.pendingCount).toBeHidden({ timeout: 10_000 });

      // The first browser learns of it from the server's change stream: no reload, no click.
      await expect(first.header).toContainText('Vacuum Distillation', { timeout: 5_000 });
      await expect(first.homePending).toBeHidden();
      expect(await contractor().homeLocationId()).toBe(112);
    } finally {
      await other?.close();
    }
  });

  test('tabs share one replica: only the leader syncs, every tab sees changes at once, another tab takes over', async ({
    page,
    context,
  }) => {
    const first = await signedInContractor(page);
    const tab = await context.newPage();
    const tabRequests = syncRequests(tab);
    await tab.goto('/');
    const second = await new ShellPage(tab).waitUntilLoaded();
    await expect(second.header).toContainText('Atmospheric Distillation');

    // A change in the second tab shows in the first at once (the shared database), then syncs through the leader.
    await changeHome(second, 'Bayport Refinery', 'Crude Unit', 'Vacuum Distillation');
    await expect(first.header).toContainText('Vacuum Distillation');
    await expect.poll(() => contractor().homeLocationId(), { timeout: 10_000 }).toBe(112);
    await expect(first.pendingCount).toBeHidden();
    await expect(second.pendingCount).toBeHidden();
    expect(tabRequests.count, 'the second tab pulled or streamed though the first one leads').toBe(0);

    // The leader closes: the other tab takes over the replication.
    await page.close();
    await expect.poll(() => tabRequests.count, { timeout: 20_000 }).toBeGreaterThan(0);
    await contractor().setHomeLocation(ATMOSPHERIC_DISTILLATION);
    await expect(second.header).toContainText('Atmospheric Distillation', { timeout: 10_000 });
  });
});
