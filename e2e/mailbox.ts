import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registrationLinkIn } from '../tests/server/mailbox';

/**
 * The mail the e2e server wrote as .eml files (no SMTP_URL: DATA_DIR/mail, DESIGN.md §2).
 * playwright.config.ts puts the server's data folder in the environment.
 */
function mailFolder(): string {
  const dataDir = process.env.OPENPERMIT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('OPENPERMIT_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return join(dataDir, 'mail');
}

/**
 * The registration link of the newest invitation to `email`, or null when none has come.
 * The files are named by the time they were written, so the last name is the newest.
 */
export async function newestInvitationLink(email: string): Promise<string | null> {
  const folder = mailFolder();
  const files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = await readFile(join(folder, file), 'utf8');
    if (new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw)) {
      return registrationLinkIn(raw).toString();
    }
  }
  return null;
}
