import { expect, test } from '@playwright/test';
import type { Permit } from '../schemas/permit';
import { OPEN_PERMIT_STATES } from '../schemas/permit';
import { ContractorApi } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { ReportPage } from './pages/ReportPage';
import { SignInPage } from './pages/SignInPage';

test.describe.configure({ timeout: 240_000 });

/** Counts by state of the permits the contractor's replica pulls: what the report must show for their home location. */
function countByState(permits: readonly Permit[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of permits) if ((OPEN_PERMIT_STATES as readonly string[]).includes(p.State)) counts[p.State] = (counts[p.State] ?? 0) + 1;
  return counts;
}

test('the report charts, tables and exports the open permits by state, and each count opens the search', async ({ page, request }) => {
  const api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
  const expected = countByState((await api.pullAll<Permit>('permits')).filter((p) => p.LocationId === 111));
  expect(Object.keys(expected).length, 'the demo seed has open permits in several states at Atmospheric Distillation').toBeGreaterThan(2);

  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const report = await new ReportPage(page).goto();
  await expect(report.source).toContainText('Counts from the server');

  // The chart: a canvas 400 px high whose description lists one bar series per state with its count.
  await expect(report.chart.locator('canvas')).toBeVisible();
  expect((await report.chart.boundingBox())?.height).toBe(400);
  const description = (await report.chart.getAttribute('aria-label')) ?? '';
  for (const [state, count] of Object.entries(expected)) expect(description).toMatch(new RegExp(`Atmospheric Distillation: [^.]*\\b${state} ${count}\\b`));

  // The table: the same counts, each a link to the permit search for that state and location.
  for (const [state, count] of Object.entries(expected)) await expect(report.cell(state, 'Atmospheric Distillation')).toHaveText(String(count));

  // The CSV for Excel: a byte-order mark, a header of the states shown and the same counts.
  const { download, text } = await report.exportCsv();
  expect(download.suggestedFilename()).toBe('permits-by-state-report.csv');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, row] = text.slice(1).trim().split('\r\n').map((line) => line.split(','));
  expect(header!.slice(0, 2)).toEqual(['Location', 'LocationId']);
  expect(row!.slice(0, 2)).toEqual(['Atmospheric Distillation', '111']);
  for (const [state, count] of Object.entries(expected)) expect(row![header!.indexOf(state)]).toBe(String(count));
  expect(row!.at(-1)).toBe(String(Object.values(expected).reduce((a, b) => a + b, 0)));

  // All Permits adds the closed ones (the demo has a rejected permit here).
  await report.chooseScope('All Permits');
  await expect(report.cell('REJECTED', 'Atmospheric Distillation')).toHaveText('1');
  await report.chooseScope('Open Permits');
  await expect(report.table.getByRole('columnheader', { name: 'REJECTED' })).toHaveCount(0);

  // Kept with the run's results, not written into docs/: a test run leaves the checkout as it found it.
  await test.info().attach('report', { body: await report.page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await report.cell('APPROVED', 'Atmospheric Distillation').click();
  await expect(page).toHaveURL(/\/permits\/search\?State=APPROVED&locationId=111&from=reporting$/);
});

test('offline, the report counts the permits on the device and says so', async ({ page, context }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  await new ReportPage(page).goto();
  await context.setOffline(true);
  const report = await new ReportPage(page).goto();
  await expect(report.source).toContainText('Working offline: counts from the permits on this device');
  await expect(report.cell('PENDING', 'Atmospheric Distillation')).toHaveText(/^\d+$/);
  await expect(report.chart.locator('canvas')).toBeVisible();
});
