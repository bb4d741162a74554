import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { PermitEditPage } from './pages/PermitEditPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// Moving a demo permit and changing its work order would change other specs' data: this spec has a server of its own.
const { server } = ownServerForFile(9);

/** The PENDING hot work at Atmospheric Distillation (server/seed/demoPermits.ts), on the Tank 31 work order. */
const PENDING = 'demo-hw-pending';
const APPROVED = 'demo-hw-approved';
/** Bayport's third demo work order (server/seed/workOrders.ts), scheduled 9 days ago: in the issuer's offline window. */
const VACUUM_DRUM = { number: '0004000174', asset: '11-V-201', assetDescription: 'Vacuum column overhead drum' };

test('the issuer changes a pending permit’s work order and work location; an approved permit offers neither', async ({ page }) => {
  // A first sync, two permits' forms and two server round trips: more than the default 30 s on a busy machine.
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();

  const permit = await new PermitEditPage(page).goto(PENDING);
  await permit.expectState('PENDING');
  await expect(permit.workLocation).toHaveText('Atmospheric Distillation');
  await expect(permit.field('Asset number')).toHaveValue('13-TK-31');

  await permit.changeWorkOrder(VACUUM_DRUM.asset, VACUUM_DRUM.number);
  // The open form shows it at once, as if typed.
  await expect(permit.field('Asset number')).toHaveValue(VACUUM_DRUM.asset);
  await expect(permit.field('Asset description')).toHaveValue(VACUUM_DRUM.assetDescription);
  await expect(permit.field('Work order number')).toHaveValue(VACUUM_DRUM.number);
  await expect(permit.workOrder).toHaveText(VACUUM_DRUM.number);

  await permit.changeWorkLocation('Bayport Refinery', 'Crude Unit', 'Vacuum Distillation');
  await expect(shell.toast('Work location updated successfully')).toBeVisible({ timeout: 20_000 });
  await expect(permit.workLocation).toHaveText('Vacuum Distillation');
  await permit.expectState('PENDING');

  // The server holds both: the move, and the work order merged into the permit's content.
  await expect
    .poll(async () => {
      const [row] = await server().db.query<{ location_id: number; asset: string; work_order: string; derived: string }>(
        `select location_id, content->'HotWork'->>'assetNumber' as asset, content->'HotWork'->>'workOrderNumber' as work_order,
                work_order_number as derived
           from permits where permit_instance_id = $1`,
        [PENDING],
      );
      return row;
    }, { timeout: 20_000 })
    .toEqual({ location_id: 112, asset: VACUUM_DRUM.asset, work_order: VACUUM_DRUM.number, derived: VACUUM_DRUM.number });

  // After the pull the page still shows what the server holds.
  await expect(permit.workLocation).toHaveText('Vacuum Distillation');
  await expect(permit.field('Asset number')).toHaveValue(VACUUM_DRUM.asset);

  // APPROVED: the work order and the location are fixed (SPEC §4), even for an editor.
  const approved = await new PermitEditPage(page).goto(APPROVED);
  await approved.expectState('APPROVED');
  await expect(approved.field('Asset number')).toHaveValue('10-PSV-118');
  await expect(approved.workLocation).toHaveText('Atmospheric Distillation');
  await expect(approved.changeWorkLocationButton).toHaveCount(0);
  await expect(approved.changeWorkOrderButton).toHaveCount(0);
});
