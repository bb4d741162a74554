import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import type { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';

/** Someone in a browser context of their own. */
export interface Person {
  context: BrowserContext;
  page: Page;
  shell: ShellPage;
}

/** Someone in a browser context of their own at `baseURL`, signed in and synced, so the app opens offline. */
export async function signedInPerson(browser: Browser, baseURL: string, who: 'contractor' | 'issuer'): Promise<Person> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signIn = await new SignInPage(page).goto();
  const shell = await (who === 'contractor' ? signIn.signInAsContractor(users.contractor.email, DEMO_PASSWORD) : signIn.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.waitUntilSynced();
  return { context, page, shell };
}
