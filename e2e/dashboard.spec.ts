import { expect } from '@playwright/test';
import type { Permit } from '../schemas/permit';
import { ContractorApi } from './api';
import { DEMO_PASSWORD, users } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { SignInPage } from './pages/SignInPage';
import { test, type OwnServer } from './ownServer';

/** A permit's state changed on the server underneath the open dashboard, as the lifecycle would change it. */
const setState = (server: OwnServer, permitInstanceId: string, state: string) =>
  server.db.query('update permits set state = $2 where permit_instance_id = $1', [permitInstanceId, state]);

test('the dashboard counts what the replica holds, and follows changes on the server live', async ({ page, request, ownServer }) => {
  const api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const dashboard = new DashboardPage(page);
  const before = await api.dashboardCounts();
  await dashboard.expectCounts(before);

  const permits = await api.pullAll<Permit>('permits');
  const approved = permits.find((p) => p.State === 'APPROVED');
  expect(approved, 'the demo seed has an approved permit at the contractor\'s home location').toBeDefined();

  // Sent back for approval: still open, and now needing approval.
  await setState(ownServer, approved!.PermitInstanceId, 'PENDING');
  await dashboard.expectCounts({ ...before, needingApproval: before.needingApproval + 1 });
  // Completed: no longer open, no longer needing approval.
  await setState(ownServer, approved!.PermitInstanceId, 'COMPLETED');
  await dashboard.expectCounts({ ...before, openPermits: before.openPermits - 1 });
  expect(await api.dashboardCounts()).toEqual({ ...before, openPermits: before.openPermits - 1 });

  await expect(dashboard.card('Open Permits').getByRole('link', { name: 'View Details' })).toHaveAttribute(
    'href',
    '/permits/list?state=PRE-APPROVAL,PENDING,APPROVED,CLOSING,TIMEOUT',
  );
  await expect(dashboard.card('Permits Needing Approval').getByRole('link', { name: 'View Details' })).toHaveAttribute(
    'href',
    '/permits/list?state=PENDING',
  );
  await expect(dashboard.card('Open Workorders').getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/workorders/list');
  // The locks on the plant: the demo's 10-P-101, VERIFIED under the hot work (PLANNED and DE-ISOLATED ones are not counted).
  const isolations = dashboard.card('Isolations in place');
  await expect(dashboard.count('Isolations in place', 1)).toBeVisible();
  await expect(isolations).toContainText(/IC-\d{4}-\d{6}: 10-P-101 Crude charge pump \(VERIFIED\)/);
});
