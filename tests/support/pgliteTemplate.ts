/**
 * One migrated, empty PGlite for a whole test run, written once as a data-directory dump; each
 * test database starts from it (server/db/pglite.ts `from`) instead of running initdb and every
 * migration again. Every server test file and browser spec opens at least one database, so this
 * is the largest fixed cost of the suite.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPglite, type PgliteDatabase } from '../../server/db/pglite';

/** Where the run's dump is: set by the test runners' global set-up, inherited by their workers. */
const TEMPLATE_ENV = 'OPENPERMIT_PGLITE_TEMPLATE';

/** Writes the dump and points the workers at it; returns the clean-up. */
export async function writePgliteTemplate(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'openpermit-pglite-template-'));
  const file = join(folder, 'migrated.tar');
  const db = await openPglite();
  await migrate(db);
  writeFileSync(file, new Uint8Array(await (await db.dump()).arrayBuffer()));
  await db.close();
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}

/** A fresh in-memory database, migrated: from the run's dump where there is one. */
export async function openMigratedPglite(): Promise<PgliteDatabase> {
  const file = process.env[TEMPLATE_ENV];
  if (file && existsSync(file)) return openPglite(undefined, new Blob([readFileSync(file)]));
  const db = await openPglite();
  await migrate(db);
  return db;
}
