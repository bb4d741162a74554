import type { Account, FindAccount } from 'oidc-provider';
import type { Queryable } from '../../db/database';
import { findUserByEmail, findUserById, isAccountUsable, todayUtc, type UserRecord } from '../../users/users';
import { verifyPassword } from '../passwords';
import { clearFailures, isThrottled, recordFailure } from '../signinThrottle';

// Longer input is not an address or a password anyone typed; refuse it before hashing.
const MAX_EMAIL = 320;
const MAX_PASSWORD = 1024;

const isUsableEmployee = (user: UserRecord | undefined): user is UserRecord =>
  user?.kind === 'employee' && isAccountUsable(user, todayUtc());

function accountOf(user: UserRecord): Account {
  return {
    accountId: String(user.personnel_id),
    claims: () => ({
      sub: String(user.personnel_id),
      email: user.email,
      // Employees are created by the company's administrators, not by self-service sign-up.
      email_verified: true,
      given_name: user.first_name,
      family_name: user.last_name,
      name: `${user.first_name} ${user.last_name}`.trim(),
    }),
  };
}

/**
 * The provider's account lookup. Only usable employees are found, so an employee who is
 * deactivated, deleted or past access expiry loses their session and refresh tokens at the next use.
 */
export function createFindAccount(db: Queryable): FindAccount {
  return async (_ctx, sub) => {
    if (!/^\d{1,9}$/.test(sub)) return undefined;
    const user = await findUserById(db, Number(sub));
    return isUsableEmployee(user) ? accountOf(user) : undefined;
  };
}

export type EmployeeSignIn = { outcome: 'ok'; accountId: string } | { outcome: 'incorrect' | 'throttled' };

/**
 * Checks an employee's email and password on the provider's sign-in page. Every refusal looks
 * the same (unknown address, wrong password, contractor, inactive account) and counts towards
 * the throttle, per account and per client address.
 */
export async function signInEmployee(db: Queryable, email: string, password: string, clientAddress: string): Promise<EmployeeSignIn> {
  const emailAddress = email.trim();
  if (await isThrottled(db, emailAddress, clientAddress)) return { outcome: 'throttled' };
  const plausible = emailAddress.length > 0 && emailAddress.length <= MAX_EMAIL && password.length <= MAX_PASSWORD;
  const user = plausible ? await findUserByEmail(db, emailAddress) : undefined;
  // Hash even when there is no such employee, so the time taken does not tell who exists.
  const passwordOk = await verifyPassword(password.slice(0, MAX_PASSWORD), user?.kind === 'employee' ? user.password_hash : null);
  if (!passwordOk || !isUsableEmployee(user)) {
    await recordFailure(db, emailAddress, clientAddress);
    return { outcome: 'incorrect' };
  }
  await clearFailures(db, emailAddress);
  return { outcome: 'ok', accountId: String(user.personnel_id) };
}
