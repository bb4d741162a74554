import type { Queryable } from '../../server/db/database';

/**
 * Tables a refused request changes on purpose: a failed sign-in is counted (the throttle of
 * DESIGN.md §6), and the identity provider keeps its own short-lived interaction records.
 */
const WRITTEN_BY_REFUSALS = new Set(['signin_failures', 'oidc_payloads']);

/** Every row of every table of ours, as text in a stable order: equal dumps mean an unchanged database. */
export async function dumpDatabase(db: Queryable): Promise<Record<string, string>> {
  const tables = await db.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const dump: Record<string, string> = {};
  for (const { tablename } of tables) {
    if (WRITTEN_BY_REFUSALS.has(tablename)) continue;
    const rows = await db.query<{ row: string }>(`select row_to_json(t)::text as row from "${tablename}" t`);
    dump[tablename] = rows.map((r) => r.row).sort().join('\n');
  }
  return dump;
}

/** The tables whose rows differ between two dumps. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}
