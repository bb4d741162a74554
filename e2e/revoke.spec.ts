import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitEditPage } from './pages/PermitEditPage';
import { RevokePage } from './pages/RevokePage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// Revoking changes the demo permits' states: this spec has a server of its own.
const { server } = ownServerForFile(7);

/** The two APPROVED demo permits at Bayport (server/seed/demoPermits.ts), by the work each describes. */
const HOT_WORK = { id: 'demo-hw-approved', work: 'Cut and replace corroded inlet spool of the relief valve' };
const CONFINED_SPACE = { id: 'demo-cs-approved', work: 'Ultrasonic thickness survey inside the separator' };

/** The reference the server gave a seeded permit (the contractor's replica does not hold every Bayport permit to read it from). */
async function referenceOf(id: string): Promise<string> {
  const [row] = await server().db.query<{ reference_id: string }>('select reference_id from permits where permit_instance_id = $1', [id]);
  expect(row?.reference_id).toBeTruthy();
  return row!.reference_id;
}

/** The contractor may edit at Atmospheric Distillation, where the hot-work permit is: they revoke it in a session of their own. */
async function revokeAsContractor(request: APIRequestContext, id: string, reason: string): Promise<void> {
  const signIn = await request.post('/api/auth/signin', { data: { EmailAddress: users.contractor.email, Password: DEMO_PASSWORD } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const response = await request.post('/api/permitinstance/revoke', {
    data: { PermitInstanceIds: [id], reason },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect(await response.json()).toMatchObject({ PermitInstanceList: [{ PermitInstanceId: id, ResultCode: 'OK' }] });
}

/** What the table's default From date should be: one year before today, in the browser's (and this machine's) time zone. */
function oneYearAgo(): string {
  const today = new Date();
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  return [from.getFullYear(), from.getMonth() + 1, from.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

test('the issuer revokes two approved permits, one of which another user revoked meanwhile: one OK, one FAIL with the reason', async ({ page, request }) => {
  const hotWorkRef = await referenceOf(HOT_WORK.id);
  const confinedSpaceRef = await referenceOf(CONFINED_SPACE.id);

  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  const revoke = await new RevokePage(page).open();
  await expect(revoke.from).toHaveValue(oneYearAgo());
  await expect(revoke.rowsPerPage).toHaveValue('10');
  await expect(revoke.row(HOT_WORK.work)).toContainText(hotWorkRef);
  await expect(revoke.row(CONFINED_SPACE.work)).toContainText(confinedSpaceRef);
  // Only APPROVED permits are candidates: the pending hot work at the same unit is not.
  await expect(revoke.row('Weld repair on roof nozzle N4')).toHaveCount(0);

  await revoke.select(HOT_WORK.work);
  await revoke.select(CONFINED_SPACE.work);
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect(revoke.revokeButton).toBeDisabled();
  await revoke.reason.fill('   ');
  await expect(revoke.revokeButton).toBeDisabled();

  await revokeAsContractor(request, HOT_WORK.id, 'Relief valve job cancelled by the unit.');
  // Whether or not the issuer's replica has pulled that change yet, the ticked permit stays ticked and is sent.
  await expect(revoke.row(HOT_WORK.work).getByRole('checkbox')).toBeChecked();

  await revoke.reason.fill('Turnaround postponed: all approved work at the unit withdrawn');
  await expect(revoke.revokeButton).toBeEnabled();
  // Revoking needs the server's answer per permit: offline the page says so and waits.
  await page.context().setOffline(true);
  await expect(revoke.offlineWarning).toBeVisible();
  await expect(revoke.revokeButton).toBeDisabled();
  await page.context().setOffline(false);
  await expect(revoke.offlineWarning).toBeHidden();
  await revoke.submit();
  await expect(revoke.result(confinedSpaceRef)).toContainText('OK');
  await expect(revoke.result(confinedSpaceRef)).toContainText('Revoked');
  await expect(revoke.result(hotWorkRef)).toContainText('FAIL');
  await expect(revoke.result(hotWorkRef)).toContainText('A permit in state REVOKED cannot be revoked.');
  await expect(shell.toast('Your have successfully revoked this permit')).toBeVisible();

  // The replica pulls the new states: neither permit is a candidate any more.
  await expect(revoke.row(CONFINED_SPACE.work)).toHaveCount(0, { timeout: 20_000 });
  await expect(revoke.row(HOT_WORK.work)).toHaveCount(0);
  await expect(revoke.noneFound).toBeVisible();

  const revoked = await new PermitEditPage(page).goto(CONFINED_SPACE.id);
  await revoked.expectState('REVOKED');
  await expect(page.getByText('Reason: Turnaround postponed: all approved work at the unit withdrawn')).toBeVisible();
});
