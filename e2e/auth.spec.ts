import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { SignInPage } from './pages/SignInPage';

test.describe('signing in and out', () => {
  test('a contractor signs in with email and password and sees their name, home and menu', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));

    await expect(page).toHaveURL('/');
    await expect(shell.header).toContainText(users.contractor.name);
    await expect(shell.header).toContainText('Atmospheric Distillation');
    await expect(shell.pageHeading('Dashboard')).toBeVisible();
    await expect(shell.menuItem('Create New Permit')).toBeVisible();
    await expect(shell.menuItem('List Current Permits')).toBeVisible();
    await expect(shell.menuItem('Admin')).toHaveCount(0);
    await expect(shell.header.getByRole('button', { name: 'Create Permit' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard - OpenPermit');
    await expect(shell.menu).toContainText(/v\d+\.\d+\.\d+ \(\w+\)/);
  });

  test('an employee signs in through the company account and lands on the dashboard', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));

    await expect(page).toHaveURL('/');
    await expect(shell.pageHeading('Dashboard')).toBeVisible();
    await expect(shell.header).toContainText(users.issuer.name);
    await expect(shell.header).toContainText('Crude Unit');
  });

  test('a wrong contractor password says so and stays on sign-in', async ({ page }) => {
    const signIn = await new SignInPage(page).goto();
    await signIn.submitContractor(users.contractor.email, 'not-the-password');

    await expect(signIn.alert('Incorrect email address or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(signIn.signInButton).toBeEnabled();
  });

  test('the contractor Sign in button waits for both fields', async ({ page }) => {
    const signIn = await new SignInPage(page).goto();
    await signIn.contractorButton.click();
    await expect(signIn.signInButton).toBeDisabled();
    await signIn.email.fill(users.contractor.email);
    await expect(signIn.signInButton).toBeDisabled();
    await signIn.password.fill(DEMO_PASSWORD);
    await expect(signIn.signInButton).toBeEnabled();
  });

  test('signing out shows the signed-out page, and Sign In again returns to sign-in', async ({ page }) => {
    const shell = await new SignInPage(page).goto().then((p) => p.signInAsContractor(users.contractor.email, DEMO_PASSWORD));
    const signOut = await shell.signOut();

    const popup = page.waitForEvent('popup');
    await signOut.signOutCurrentUser.click();
    expect((await popup).url()).toContain('/oidc/session/end');
    await expect(page.getByText('Choose "Sign out - current user"')).toBeVisible();
    await signOut.signInAgain.click();
    await expect(page).toHaveURL('/auth/signin');
    await expect(new SignInPage(page).heading).toBeVisible();

    // The session is really gone: a signed-in page now sends us back to sign-in.
    await page.goto('/preferences');
    await expect(page).toHaveURL('/auth/signin?error=unauthenticated');
  });

  test('an unauthenticated visit is sent to sign-in with an explanation', async ({ page }) => {
    await page.goto('/preferences');
    await expect(page).toHaveURL('/auth/signin?error=unauthenticated');
    await expect(
      page.getByText('Your session has ended or you have not signed in yet. Please sign in to continue.'),
    ).toBeVisible();
  });
});
