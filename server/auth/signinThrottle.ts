import type { Queryable } from '../db/database';

/** Failed sign-ins allowed in one window, per account and per client address. */
export const SIGNIN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/** True when this account or this client address has failed too often lately. */
export async function isThrottled(db: Queryable, email: string, address: string): Promise<boolean> {
  const rows = await db.query<{ subject: string; failures: number }>(
    `select subject, count(*)::int as failures from signin_failures
      where subject = any($1) and failed_at > now() - make_interval(mins => $2)
      group by subject`,
    [[accountKey(email), addressKey(address)], SIGNIN_LIMITS.windowMinutes],
  );
  return rows.some((r) =>
    r.subject.startsWith('account:') ? r.failures >= SIGNIN_LIMITS.perAccount : r.failures >= SIGNIN_LIMITS.perAddress,
  );
}

export async function recordFailure(db: Queryable, email: string, address: string): Promise<void> {
  await db.query('insert into signin_failures (subject) values ($1), ($2)', [accountKey(email), addressKey(address)]);
  await db.query(`delete from signin_failures where failed_at < now() - interval '1 day'`);
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.query('delete from signin_failures where subject = $1', [accountKey(email)]);
}
