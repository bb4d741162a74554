import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { fillHotWork } from './hotWorkForm';
import { startOwnServer, type OwnServer } from './ownServer';
import { PermitDraftPage } from './pages/PermitDraftPage';
import { SignInPage } from './pages/SignInPage';
import { TemplatesAdminPage } from './pages/TemplatesAdminPage';

// Templates approved and forms published here change the site's definitions: a server of its own,
// at E2E_PORT + 4, given longer to start than ownServerForFile allows (a busy machine needs it).
const PORT = Number(process.env.E2E_PORT ?? 8188) + 4;
let own: OwnServer | undefined;
const server = () => own!;
test.beforeAll(async () => {
  test.setTimeout(360_000);
  own = await startOwnServer(PORT);
});
test.afterAll(async () => {
  await own?.close();
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

async function signInAdmin(page: Page): Promise<void> {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
}

test('a permit template through review to APPROVED pre-fills a new permit', async ({ page }) => {
  test.setTimeout(360_000);
  await signInAdmin(page);
  const templates = await new TemplatesAdminPage(page).goto();
  await page.getByRole('button', { name: 'Create Template' }).click();
  await page.getByRole('menuitem', { name: 'Permit Template' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/create\?type=permit$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Burner 4 tube support');
  await page.getByRole('combobox', { name: 'Permit type' }).click();
  await page.getByRole('option', { name: 'Hot Work' }).click();
  await page.getByRole('textbox', { name: 'Description of the work' }).fill('Weld the tube support at burner 4');
  await page.getByRole('textbox', { name: 'Fire watch', exact: true }).fill('Jo Smith');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/[0-9a-f-]{36}\/edit$/);
  await templates.toast('Template created successfully');
  // The permit type is fixed once the template has one.
  await expect(page.getByRole('combobox', { name: 'Permit type' })).toBeDisabled();

  await templates.goto();
  await templates.expectState('Burner 4 tube support', 'DRAFT');
  await (await templates.act('Burner 4 tube support', 'Submit for Review')).getByRole('button', { name: 'Submit for Review' }).click();
  await templates.expectState('Burner 4 tube support', 'REVIEW');
  const reject = await templates.act('Burner 4 tube support', 'Reject');
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByRole('textbox').fill('Name the fire watch duration');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await templates.expectState('Burner 4 tube support', 'DRAFT');
  await expect(templates.row('Burner 4 tube support').getByLabel('1 comments')).toBeVisible();
  await (await templates.act('Burner 4 tube support', 'Submit for Review', 'Duration is in the form')).getByRole('button', { name: 'Submit for Review' }).click();
  await templates.expectState('Burner 4 tube support', 'REVIEW');
  await (await templates.act('Burner 4 tube support', 'Approve')).getByRole('button', { name: 'Approve' }).click();
  await templates.expectState('Burner 4 tube support', 'APPROVED');
  await templates.toast('Template state updated successfully');
  await expect(templates.row('Burner 4 tube support').getByText(/^Alex Morgan, \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  // Approved means view-only: the row offers no Edit or Delete any more.
  await templates.row('Burner 4 tube support').getByRole('button', { name: 'Actions for Burner 4 tube support' }).click();
  await expect(page.getByRole('menuitem', { name: 'Discontinue' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Hot Work');
  await page.getByRole('combobox', { name: 'Start Hot Work from an approved template' }).click();
  await page.getByRole('option', { name: 'Burner 4 tube support' }).click();
  await expect(page.getByRole('textbox', { name: 'Description of the work' })).toHaveValue('Weld the tube support at burner 4');
  await expect(page.getByRole('textbox', { name: 'Fire watch', exact: true })).toHaveValue('Jo Smith');
});

test('a field added in the form builder is published and filled in on a new permit', async ({ page }) => {
  test.setTimeout(480_000);
  await signInAdmin(page);
  await page.goto('/admin/forms');
  const bayport = page.getByRole('group', { name: 'Bayport Refinery' }).or(page.locator('[aria-label="Bayport Refinery"]'));
  await expect(bayport.getByRole('button', { name: 'Edit Hot Work' })).toBeVisible({ timeout: 20_000 });
  await bayport.getByRole('button', { name: 'Edit Hot Work' }).click();
  await expect(page.getByRole('heading', { name: 'Resource: Hot Work' })).toBeVisible();

  // Drag a Text Field from the builder's sidebar onto the form, as a person does with the mouse.
  const source = page.locator('.formcomponents [data-type="textfield"]').first();
  const target = page.locator('.formio-builder-form .drag-container').first();
  await expect(source).toBeVisible({ timeout: 90_000 });
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 40, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 20, { steps: 20 });
  await page.mouse.up();
  const label = page.locator('.formio-dialog input[name="data[label]"]');
  await expect(label).toBeVisible({ timeout: 15_000 });
  await label.fill('Drop zone barriers');
  await page.locator('.formio-dialog [ref="saveButton"]').click();
  await expect(label).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated successfully').last()).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Back to Forms' }).click();
  const hotWorkRow = bayport.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Edit Hot Work' }) });
  await expect(hotWorkRow.getByText('Not Published')).toBeVisible();
  await bayport.getByRole('button', { name: 'Publish Bayport Refinery Permits' }).click();
  await expect(hotWorkRow.getByText('Published', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The publish reaches this device through sync: the new form asks the new question.
  const draft = await new PermitDraftPage(page).create();
  await draft.selectType('Hot Work');
  await expect(page.getByRole('textbox', { name: 'Drop zone barriers' })).toBeVisible({ timeout: 30_000 });
  await fillHotWork(draft);
  await draft.text('Drop zone barriers', 'Barriers and signs at grade');
  await draft.submit();
  await expect(page).toHaveURL(/\/permits\/[0-9a-f-]{36}\/edit\?redirectFromCreate=true$/, { timeout: 30_000 });
  const id = /\/permits\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
  await expect
    // Under the key the builder gave the field (derived from the label as typed, or its type's default when the label came first).
    .poll(async () => (await server().db.query<{ key: string | null; d: string }>(
      `select (select key from jsonb_each_text(content -> 'HotWork') where value = 'Barriers and signs at grade') as key, permit_definition_id as d
         from permits where permit_instance_id = $1`, [id]))[0], { timeout: 30_000 })
    .toMatchObject({ key: expect.any(String), d: expect.stringMatching(/^permits100-v\d+-/) });
});
