import type { Queryable } from '../db/database';

/**
 * Returns the named secret, creating it with `make` on first use. Kept in the database so
 * every instance shares it and none is ever committed to the repository.
 */
export async function getOrCreateSecret<T>(db: Queryable, name: string, make: () => Promise<T> | T): Promise<T> {
  const existing = await db.query<{ value: T }>('select value from server_secrets where name = $1', [name]);
  if (existing[0]) return existing[0].value;
  const value = await make();
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(value)]);
  // Another instance may have won the race: use whatever is stored.
  const stored = await db.query<{ value: T }>('select value from server_secrets where name = $1', [name]);
  return stored[0]!.value;
}
