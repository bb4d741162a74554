import type { Permission, Preferences, UserProfile } from '../../schemas';
import type { Queryable } from '../db/database';

/** A row of `users`, as the services use it. */
export interface UserRecord {
  personnel_id: number;
  email: string;
  kind: 'employee' | 'external';
  first_name: string;
  last_name: string;
  site_id: number;
  active_flag: boolean;
  delete_flag: boolean;
  signup_initiated: boolean;
  signup_complete: boolean;
  sys_admin_flag: boolean;
  password_hash: string | null;
  company: string | null;
  access_expires_date: string | null;
  permissions: Permission[];
  preferences: Partial<Preferences>;
}

/** The columns of a UserRecord, for queries that need a few more. */
export const USER_COLUMNS = `personnel_id, email, kind, first_name, last_name, site_id, active_flag, delete_flag,
  signup_initiated, signup_complete, sys_admin_flag, password_hash, company,
  to_char(access_expires_date, 'YYYY-MM-DD') as access_expires_date, permissions, preferences`;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRecord>(`select ${USER_COLUMNS} from users where lower(email) = lower($1)`, [email.trim()]);
  return rows[0];
}

/** findUserByEmail for many addresses in one statement, answered in their order. */
export async function findUsersByEmail(db: Queryable, emails: readonly string[]): Promise<(UserRecord | undefined)[]> {
  const rows = await db.query<UserRecord & { wanted_index: number }>(
    `select k.i::int as wanted_index, ${USER_COLUMNS} from unnest($1::text[]) with ordinality as k(wanted, i) join users on lower(email) = lower(k.wanted)`,
    [emails.map((email) => email.trim())],
  );
  const found: (UserRecord | undefined)[] = new Array(emails.length);
  for (const { wanted_index, ...user } of rows) found[wanted_index - 1] = user;
  return found;
}

export async function findUserById(db: Queryable, personnelId: number): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRecord>(`select ${USER_COLUMNS} from users where personnel_id = $1`, [personnelId]);
  return rows[0];
}

/**
 * Whether the account may be used now: not deleted, active, not past its access expiry, and
 * for contractors registered. Checked on every request, so disabling takes effect at once.
 */
export function isAccountUsable(user: UserRecord, today: string): boolean {
  if (user.delete_flag || !user.active_flag) return false;
  if (user.access_expires_date && user.access_expires_date < today) return false;
  return user.kind === 'employee' || user.signup_complete;
}

export function preferencesOf(user: UserRecord): Preferences {
  const stored = user.preferences;
  return {
    PersonnelId: user.personnel_id,
    HomeLocationId: stored.HomeLocationId ?? null,
    DefaultPrinterId: stored.DefaultPrinterId ?? null,
    FavouritePrinters: stored.FavouritePrinters ?? [],
    Filters: { SearchPermits: [], ...stored.Filters },
  };
}

/** The profile of GET /user (SPEC §7). */
export function presentProfile(user: UserRecord): UserProfile {
  return {
    PersonnelId: user.personnel_id,
    EmailAddress: user.email,
    FirstName: user.first_name,
    LastName: user.last_name,
    SiteId: user.site_id,
    SysAdminFlag: user.sys_admin_flag,
    Kind: user.kind,
    Permissions: user.permissions,
    Preferences: preferencesOf(user),
  };
}

/** The same user, in the shape domain/abilities reads. */
export const granteeOf = (user: UserRecord) => ({
  SysAdminFlag: user.sys_admin_flag,
  Kind: user.kind,
  SiteId: user.site_id,
  Permissions: user.permissions,
});

export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);
