import { createHash } from 'node:crypto';
import { EditableUser, type ExternalUserView, type Permission } from '../../schemas';
import { PermissionTypes } from '../../schemas/user';
import { externalUserState } from '../../domain/externalUsers';
import type { Queryable } from '../db/database';
import { USER_COLUMNS, type UserRecord } from '../users/users';

/** A row of `users` with the fields only the admin area reads. */
export interface ExternalUserRow extends UserRecord {
  street_address: string | null;
  l: string | null;
  state: string | null;
  postal_code: string | null;
  country: ExternalUserView['Country'] | null;
  invitation_nonce: string | null;
}

const COLUMNS = `${USER_COLUMNS}, street_address, l, state, postal_code, country, invitation_nonce`;

/**
 * The external user named by `/users/{id}` or `/users/{email}`; undefined when there is none
 * (employees are not administered here). `forUpdate` locks the row for the transaction.
 */
export async function findExternalUser(db: Queryable, idOrEmail: string | number, forUpdate = false): Promise<ExternalUserRow | undefined> {
  const byId = typeof idOrEmail === 'number' || /^\d+$/.test(idOrEmail);
  const where = byId ? 'personnel_id = $1' : 'lower(email) = lower($1)';
  const key = byId ? Number(idOrEmail) : idOrEmail.trim();
  if (byId && !Number.isSafeInteger(key)) return undefined;
  const rows = await db.query<ExternalUserRow>(
    `select ${COLUMNS} from users where ${where} and kind = 'external'${forUpdate ? ' for update' : ''}`,
    [key],
  );
  return rows[0];
}

/** One page of external users of the given sites (null: every site), by name. */
export async function listExternalUsers(db: Queryable, sites: number[] | null, limit: number, page: number) {
  const where = `kind = 'external' and ($1::int[] is null or site_id = any($1::int[]))`;
  const rows = await db.query<ExternalUserRow>(
    `select ${COLUMNS} from users where ${where}
      order by lower(last_name), lower(first_name), personnel_id limit $2 offset $3`,
    [sites, limit, limit * page],
  );
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from users where ${where}`, [sites]);
  return { rows, total: count?.total ?? 0 };
}

const locationsOf = (permissions: Permission[], typeId: number) =>
  permissions.filter((p) => p.PermissionTypeId === typeId).flatMap((p) => p.Locations);

/** The external user of SPEC §3 with its display state (SPEC §4); absent optional fields are left out. */
export function presentExternalUser(row: ExternalUserRow): ExternalUserView {
  const flags = {
    ActiveFlag: row.active_flag,
    DeleteFlag: row.delete_flag,
    SignupInitiated: row.signup_initiated,
    SignupComplete: row.signup_complete,
  };
  const optional = {
    StreetAddress: row.street_address,
    L: row.l,
    State: row.state,
    PostalCode: row.postal_code,
    Country: row.country,
    AccessExpiresDate: row.access_expires_date,
  };
  return {
    PersonnelId: row.personnel_id,
    EmailAddress: row.email,
    SiteId: row.site_id,
    ...flags,
    SysAdminFlag: row.sys_admin_flag,
    FirstName: row.first_name,
    LastName: row.last_name,
    Company: row.company ?? '',
    ...(Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)) as Partial<ExternalUserView>),
    CanEdit: locationsOf(row.permissions, PermissionTypes.permitsEdit),
    CanPrint: locationsOf(row.permissions, PermissionTypes.permitsPrint),
    Permissions: row.permissions,
    DisplayState: externalUserState(flags),
  };
}

/** The fields PATCH may change, as they are now: the document the patch operations apply to. */
export function editableFields(view: ExternalUserView): EditableUser {
  const keys = Object.keys(EditableUser.properties) as (keyof EditableUser)[];
  return Object.fromEntries(keys.filter((key) => view[key] !== undefined).map((key) => [key, view[key]])) as EditableUser;
}

/**
 * A strong ETag of the user as presented: any change to what the admin sees changes it, so
 * a PATCH based on an older fetch is refused (SPEC §5: update only what was fetched).
 */
export const etagOf = (view: ExternalUserView) =>
  `"${createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 27)}"`;

/** GET /users: one page of the external users of the sites the caller administers. */
export async function pageOfExternalUsers(db: Queryable, sites: 'all' | number[], limit: number, page: number) {
  const { rows, total } = await listExternalUsers(db, sites === 'all' ? null : sites, limit, page);
  return { UserList: rows.map(presentExternalUser), Total: total, Limit: limit, Page: page };
}
