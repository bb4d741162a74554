import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import { AuditTrailPage } from './pages/AuditTrailPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { ownServerForFile } from './ownServer';

// Its own server: the spec alters an event in the database, which would break every later verify.
const { server } = ownServerForFile(70);

const HASH = /^[0-9a-f]{64}$/;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('the administrator verifies the chain, exports its events, and verify finds an event altered in the database', async ({ page }) => {
  test.setTimeout(240_000);
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.admin.email, DEMO_PASSWORD));
  await shell.menuItem('Admin').click();
  const audit = await new AuditTrailPage(page).open();

  const intact = await audit.verify();
  await expect(intact).toContainText(/The chain is intact: \d+ events checked, head #\d+, hash [0-9a-f]{64}/);

  // The server's refusal comes through in its own words.
  await audit.from.fill(utcDay(1));
  await audit.to.fill(utcDay(5));
  await audit.exportButton.click();
  await expect(audit.exportCard.getByRole('status')).toContainText(`The range ends (${utcDay(5)}) before it starts (${utcDay(1)})`);

  await audit.from.fill(utcDay(30));
  await audit.to.fill(utcDay(0));
  await audit.chooseLocation('Bayport Refinery');
  await audit.chooseFormat('JSON lines');
  const download = await audit.export();
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d-location-\d+\.jsonl$/);
  const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const event = JSON.parse(line) as { id: number; location_id: number | null; hash: string; prev_hash: string };
    expect(event.hash).toMatch(HASH);
    expect(event.prev_hash).toMatch(HASH);
    // A location's export holds only events at a location.
    expect(event.location_id).not.toBeNull();
  }
  await expect(audit.exportCard.getByRole('status')).toContainText(`Downloaded ${download.suggestedFilename()}`);

  // What the chain is for: someone with the database's superuser alters an event behind the server's back.
  const db = server().db;
  const [victim] = await db.query<{ id: number | string }>('select id from audit_log order by id offset 2 limit 1');
  const id = Number(victim!.id);
  await db.query('alter table audit_log disable trigger user');
  try {
    await db.query(`update audit_log set actor_name = actor_name || ' (altered)' where id = $1`, [id]);
  } finally {
    await db.query('alter table audit_log enable trigger user');
  }
  const broken = await audit.verify();
  await expect(broken).toContainText(`The chain is broken at event #${id}: an event was changed after it was written`);
  await expect(broken).toContainText(`Event ${id} was changed after it was written`);

  // Offline the page says it needs a connection; opened already, it stays, and a verify says why it failed.
  await page.context().setOffline(true);
  await expect(page.getByText('This page needs a connection')).toBeVisible();
  await expect(await audit.verify()).toContainText('The OpenPermit server could not be reached');
  await page.context().setOffline(false);
});

test('someone who is not an administrator cannot reach the audit trail', async ({ page }) => {
  const shell = await new SignInPage(page).goto().then((p) => p.signInAsEmployee(users.issuer.email, DEMO_PASSWORD));
  await shell.menuItem('Admin').click();
  const panel = page.getByRole('complementary', { name: 'Admin area' });
  await expect(panel.getByRole('link', { name: 'Forms' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);

  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(new ShellPage(page).pageHeading('Audit Trail')).toHaveCount(0);
});
