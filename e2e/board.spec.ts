import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ContractorApi } from './api';
import { soakBoard } from './boardSoak';
import { DEMO_PASSWORD, users } from './fixtures';
import { ownServerForFile } from './ownServer';
import { PlotPlanMap } from './pages/PlotPlanMap';
import { signedInPerson, type Person } from './person';

// Permits are placed on Bayport's plot plan and moved through the API: a server of its own.
const { baseURL: BASE_URL, server } = ownServerForFile(77);

const APPROVED = 'demo-hw-approved';
const PENDING = 'demo-hw-pending';
const DRAFT = 'demo-hw-draft';
// Bayport's plan is calibrated at 0.5 m a unit: 16 units from the approved hot work is 8 m (hot work beside hot work needs review within 10 m).
const NEAR: [number, number] = [300, 166];
const FAR: [number, number] = [520, 900];

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1600, height: 900 } });

let person: Person;
let api: ContractorApi;
let pendingRef: string;

const referenceOf = async (id: string) =>
  (await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]))[0]!.reference_id;

/** Resolves, in the page, with Date.now() when an element named `label` is in the page: set up before the change is made. */
const watchFor = (page: Page, label: string) =>
  page.evaluate((wanted) => {
    (window as { seenAt?: Promise<number> }).seenAt = new Promise<number>((resolve) => {
      // A count is named by its aria-label, a map marker by its title.
      const seen = () => document.querySelector(`[aria-label="${wanted}"], [title="${wanted}"]`) !== null;
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, label);
const seenAt = (page: Page) => page.evaluate(() => (window as { seenAt?: Promise<number> }).seenAt!);

const clashes = (page: Page) => page.getByRole('region', { name: 'SIMOPS clashes' }).getByRole('heading');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await server().db.query('update permits set latitude = 300, longitude = 150 where permit_instance_id = $1', [APPROVED]);
  pendingRef = await referenceOf(PENDING);
  api = await ContractorApi.signIn(await playwrightRequest.newContext({ baseURL: BASE_URL }), users.contractor.email, DEMO_PASSWORD);
  person = await signedInPerson(browser, BASE_URL, 'issuer');
  await person.shell.menuItem('Control-room board').click();
  await expect(person.page.getByRole('heading', { level: 1, name: 'Control-room board' })).toBeVisible();
  await new PlotPlanMap(person.page, person.page.getByRole('region', { name: 'Plot plan' })).waitUntilDrawn();
  await expect(person.page.getByText(/^Live · \d\d:\d\d$/)).toBeVisible();
});

test.afterAll(async () => {
  await person?.context.close();
});

test('a change made through the API shows on the board within a second: a draft submitted, a permit placed beside another', async ({}, testInfo) => {
  const { page } = person;
  const draftCount = page.getByRole('listitem', { name: /^DRAFT: \d+$/ });
  const drafts = Number((await draftCount.getAttribute('aria-label'))!.split(': ')[1]);

  await watchFor(page, `DRAFT: ${drafts - 1}`);
  const submitted = Date.now();
  await api.submit(DRAFT);
  const countMs = (await seenAt(page)) - submitted;

  const map = new PlotPlanMap(page, page.getByRole('region', { name: 'Plot plan' }));
  await watchFor(page, `Permit # ${pendingRef}, PENDING`);
  const placed = Date.now();
  await api.setWorkLocation(PENDING, ...NEAR);
  const markerMs = (await seenAt(page)) - placed;
  console.log(`board: a submitted draft counted ${countMs} ms after the request was sent; a placed permit's marker ${markerMs} ms after`);
  expect(countMs).toBeLessThan(1000);
  expect(markerMs).toBeLessThan(1000);

  await expect(map.marker(`Permit # ${pendingRef}, PENDING`)).toBeVisible();
  await expect(clashes(page)).toHaveText('SIMOPS clashes (1)');
  await expect(page.getByRole('region', { name: 'SIMOPS clashes' })).toContainText('need a SIMOPS review to run together: 8 m apart');
  await expect(map.region.locator('path.op-simops-line.op-simops-review')).toHaveCount(1);
  // The README's picture of the board (docs/board.png).
  await page.screenshot({ path: testInfo.outputPath('board.png') });
});

test('with the server out of reach the board says since when it is stale, and comes back by itself', async () => {
  const { page, context } = person;
  await context.setOffline(true);
  await expect(page.getByRole('status')).toHaveText(/^Last updated \d\d:\d\d$/);
  // Moved apart while the board cannot hear of it: the clash stays on the board, marked stale.
  await api.setWorkLocation(PENDING, ...FAR);
  await expect(clashes(page)).toHaveText('SIMOPS clashes (1)');

  await context.setOffline(false);
  await expect(page.getByText(/^Live · \d\d:\d\d$/)).toBeVisible({ timeout: 45_000 });
  await expect(clashes(page)).toHaveText('SIMOPS clashes (0)', { timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('short soak: a change every two seconds for a minute leaves the board’s heap and DOM within 10 % of the first 20 seconds’', async () => {
  test.setTimeout(180_000);
  const { page, context } = person;
  const cdp = await context.newCDPSession(page);
  const move = async (n: number) => {
    const near = n % 2 === 0;
    await api.setWorkLocation(PENDING, ...(near ? NEAR : FAR));
    await expect(clashes(page)).toHaveText(`SIMOPS clashes (${near ? 1 : 0})`, { timeout: 10_000 });
  };
  // The first changes fill what is made once (the map's layers, the queries' first answers): warm before measuring.
  for (let n = 0; n < 4; n++) await move(n);
  const result = await soakBoard({ cdp, durationMs: 60_000, startWindowMs: 20_000, changeEveryMs: 2_000, sampleEveryMs: 5_000, change: move, log: console.log });
  console.log(
    `board soak (short): ${result.changes} changes in 60 s; heap ${(result.start.heapBytes / 1e6).toFixed(1)} → ${(result.end.heapBytes / 1e6).toFixed(1)} MB (×${result.heapRatio.toFixed(3)}), ` +
      `DOM nodes ${result.start.nodes} → ${result.end.nodes} (×${result.nodesRatio.toFixed(3)})`,
  );
  expect(result.heapRatio).toBeLessThanOrEqual(1.1);
  expect(result.nodesRatio).toBeLessThanOrEqual(1.1);
  await cdp.detach();
});
