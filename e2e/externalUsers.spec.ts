import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { newestInvitationLink } from './mailbox';
import { ExternalUsersPage } from './pages/ExternalUsersPage';
import { RegisterPage } from './pages/RegisterPage';
import { SignInPage } from './pages/SignInPage';
import { UserFormPage, type UserDetails } from './pages/UserFormPage';

const ATMOSPHERIC_DISTILLATION = ['Bayport Refinery', 'Crude Unit', 'Atmospheric Distillation'];
const CONTRACTOR_PASSWORD = 'Scaffold#7';

/** A contractor no run has invited before: the e2e database lives for the whole run. */
function newContractor(): UserDetails {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `sub.${id}@example.test`, firstName: 'Dana', lastName: `Reyes ${id}`, company: 'Bayou Scaffolding' };
}
const fullName = (user: UserDetails) => `${user.firstName} ${user.lastName}`;

async function signInAsAdmin(page: Page) {
  return new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
}

/** The admin invites `user` with Edit and Print at Atmospheric Distillation; returns the mailed link. */
async function invite(list: ExternalUsersPage, user: UserDetails): Promise<string> {
  const form = await list.invite();
  await form.continueWith(user.email);
  await form.fill(user);
  await form.grant(ATMOSPHERIC_DISTILLATION, ['Edit', 'Print']);
  await form.submit('Invite', 'User invited successfully. They will receive an email with further instructions.');
  await expect(list.row(user.email)).toContainText('PENDING');
  await expect.poll(() => newestInvitationLink(user.email)).not.toBeNull();
  return (await newestInvitationLink(user.email))!;
}

/** A browser of the contractor's own: nobody is signed in there. */
async function contractorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('external users', () => {
  // Most tests sign in two people and wait for a mail: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('the admin invites a contractor, who registers from the mail and is signed in with the granted abilities', async ({
    page,
    browser,
  }) => {
    const shell = await signInAsAdmin(page);
    await shell.menuItem('Admin').click();
    await expect(shell.pageHeading('Admin')).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Admin area' });
    await expect(panel).toContainText('Bayport Refinery');
    await expect(panel).toContainText('SiteId 1 · LocationId 100');
    await panel.getByRole('link', { name: 'External Users' }).click();
    const user = newContractor();
    const link = await invite(await new ExternalUsersPage(page).waitUntilShown(), user);

    const registration = await new RegisterPage(await contractorPage(browser)).goto(link);
    await expect(registration.page.getByText(`Welcome, ${user.firstName}.`)).toBeVisible();
    await expect(registration.page.getByRole('textbox', { name: 'Name' })).toHaveValue(fullName(user));
    await expect(registration.registerButton).toBeDisabled();
    for (const tooWeak of ['ab1!', 'nodigits!', 'nosymbol1']) {
      await registration.password.fill(tooWeak);
      await expect(registration.registerButton).toBeDisabled();
    }
    const contractor = await registration.register(CONTRACTOR_PASSWORD);

    await expect(contractor.toast('User registration successful. Welcome to OpenPermit')).toBeVisible();
    await expect(contractor.page).toHaveURL('/');
    await expect(contractor.header).toContainText(fullName(user));
    await expect(contractor.menuItem('Create New Permit')).toBeVisible();
    await expect(contractor.menuItem('Admin')).toHaveCount(0);
  });

  test('a resent invitation makes the old link invalid; a deleted user is marked DELETED', async ({ page, browser }) => {
    await signInAsAdmin(page);
    const list = await new ExternalUsersPage(page).goto();
    const user = newContractor();
    const oldLink = await invite(list, user);

    await list.rowAction(user.email, 'Resend invitation');
    await expect(list.shell.toast('Invitation resent successfully')).toBeVisible();
    await expect.poll(() => newestInvitationLink(user.email)).not.toBe(oldLink);
    const newLink = (await newestInvitationLink(user.email))!;

    const registration = await new RegisterPage(await contractorPage(browser)).goto(oldLink);
    await expect(registration.invalidLink).toBeVisible();
    await expect(registration.password).toHaveCount(0);
    await registration.goto(newLink);
    await expect(registration.password).toBeVisible();

    await list.rowAction(user.email, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(list.shell.toast('User deleted successfully')).toBeVisible();
    await expect(list.row(user.email)).toContainText('DELETED');
  });

  test('a disabled contractor cannot sign in', async ({ page, browser }) => {
    await signInAsAdmin(page);
    const list = await new ExternalUsersPage(page).goto();
    const user = newContractor();
    const link = await invite(list, user);
    const own = await contractorPage(browser);
    await new RegisterPage(own).goto(link).then((p) => p.register(CONTRACTOR_PASSWORD));
    await list.page.reload();
    await expect(list.row(user.email)).toContainText('ACTIVE');

    await list.rowAction(user.email, 'Disable');
    await expect(list.shell.toast('User updated successfully')).toBeVisible();
    await expect(list.row(user.email)).toContainText('DISABLED');

    const signIn = await new SignInPage(await contractorPage(browser)).goto();
    await signIn.submitContractor(user.email, CONTRACTOR_PASSWORD);
    await expect(signIn.alert('Incorrect email address or password')).toBeVisible();
  });

  test('an address already in use offers to update that user instead', async ({ page }) => {
    await signInAsAdmin(page);
    const form = await new ExternalUsersPage(page).goto().then((list) => list.invite());
    await form.continueWith(`  ${users.contractor.email} `);
    await expect(form.userExists()).toContainText('A user already exists with this email address.');

    await page.getByRole('button', { name: 'Update Existing User' }).click();
    const edit = new UserFormPage(page);
    await expect(edit.shell.pageHeading('Edit User')).toBeVisible();
    await expect(edit.email).toHaveValue(users.contractor.email);
    await expect(edit.firstName).toHaveValue('Carlos');
    await expect(page.getByRole('checkbox', { name: 'Edit at Atmospheric Distillation' })).toBeChecked();
    await page.getByLabel('Street address').fill('4 Refinery Road');
    await edit.submit('Save', 'User updated successfully');
  });

  // Since the admin pages load with their route, an offline visit before the service worker has cached
  // their chunk fails to load the route instead of showing the needs-a-connection notice: to fix next.
  test.fixme('offline, the users page says it needs a connection and loads once back online', async ({ page, context }) => {
    const shell = await signInAsAdmin(page);
    await shell.menuItem('Admin').click();
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'External Users' }).click();
    await expect(page.getByText('This page needs a connection')).toBeVisible();
    await expect(page.getByRole('table', { name: 'External users' })).toHaveCount(0);

    await context.setOffline(false);
    await new ExternalUsersPage(page).waitUntilShown();
    await expect(page.getByText('This page needs a connection')).toHaveCount(0);
  });

  test('a viewer cannot open the admin area', async ({ page }) => {
    await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.viewer.email, DEMO_PASSWORD));
    await page.goto('/admin');
    await expect(page).toHaveURL('/unauthorized');
  });
});
