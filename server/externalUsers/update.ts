import type { EditableUser, ExternalUserView, Permission, UserPatch } from '../../schemas';
import { accessExpiryProblem } from '../../domain/externalUsers';
import { messages } from '../../domain/messages';
import type { Database, Queryable } from '../db/database';
import { audit } from '../audit/record';
import { revokeAllSessions } from '../auth/contractorSessions';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { findUserByEmail, todayUtc } from '../users/users';
import { requireSite, type Administrator } from './access';
import { applyUserPatch, checkGrants, withGrants } from './fields';
import { editableFields, etagOf, findExternalUser, presentExternalUser, type ExternalUserRow } from './records';

/** The user as the admin area shows it, with the ETag a later PATCH must send back. */
export interface VersionedUser {
  user: ExternalUserView;
  etag: string;
}

async function lockedUser(tx: Queryable, admin: Administrator, id: string): Promise<ExternalUserRow> {
  const row = await findExternalUser(tx, id, true);
  if (!row) throw notFound(`There is no external user ${id}.`);
  requireSite(admin, row.site_id);
  return row;
}

/** GET /users/{id} and /users/{email}. */
export async function getExternalUser(db: Queryable, admin: Administrator, id: string): Promise<VersionedUser> {
  const row = await findExternalUser(db, id);
  if (!row) throw notFound(`There is no external user ${id}.`);
  requireSite(admin, row.site_id);
  const user = presentExternalUser(row);
  return { user, etag: etagOf(user) };
}

/**
 * PATCH /users/{id}: applies JSON Patch operations to a user the caller fetched (its ETag in
 * If-Match, SPEC §5), so one administrator never silently overwrites another's change.
 */
export async function updateExternalUser(
  db: Database,
  admin: Administrator,
  id: string,
  ifMatch: string | undefined,
  operations: UserPatch,
  now: Date,
): Promise<VersionedUser> {
  if (!ifMatch) {
    throw new HttpError(428, 'Fetch the user before updating it: send the ETag of the user you fetched in an If-Match header.');
  }
  return db.transaction(async (tx) => {
    const row = await lockedUser(tx, admin, id);
    const current = presentExternalUser(row);
    const etag = etagOf(current);
    if (!ifMatch.split(',').map((tag) => tag.trim()).includes(etag)) {
      throw new HttpError(412, 'This user was changed since you fetched it. Load the user again and reapply your changes.');
    }
    const before = editableFields(current);
    const after = applyUserPatch(before, operations);
    const changed = (Object.keys({ ...before, ...after }) as (keyof EditableUser)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (changed.length === 0) return { user: current, etag };

    if (changed.includes('AccessExpiresDate')) {
      const problem = accessExpiryProblem(after.AccessExpiresDate, todayUtc(now));
      if (problem) throw badRequest(problem);
    }
    const emailChanged = after.EmailAddress.toLowerCase() !== before.EmailAddress.toLowerCase();
    if (emailChanged && (await findUserByEmail(tx, after.EmailAddress))) throw conflict(messages.users.existsDetail);
    const canEdit = after.CanEdit ?? [];
    const canPrint = after.CanPrint ?? [];
    checkGrants(admin, row.site_id, canEdit, before.CanEdit);
    checkGrants(admin, row.site_id, canPrint, before.CanPrint);

    await save(tx, row, after, withGrants(row.permissions, canEdit, canPrint));
    // Whoever can no longer sign in, or signs in under another address now, loses every session at once.
    if (!after.ActiveFlag || after.DeleteFlag || emailChanged) {
      await revokeAllSessions(tx, row.personnel_id);
    }
    await audit(tx, admin.user, 'externalUser.update', { type: 'user', id: row.personnel_id, siteId: row.site_id }, { PersonnelId: row.personnel_id, fields: changed });
    const user = presentExternalUser((await findExternalUser(tx, row.personnel_id))!);
    return { user, etag: etagOf(user) };
  });
}

async function save(tx: Queryable, row: ExternalUserRow, fields: EditableUser, permissions: Permission[]): Promise<void> {
  await tx.query(
    `update users set email = $2, active_flag = $3, delete_flag = $4, first_name = $5, last_name = $6, company = $7,
            street_address = $8, l = $9, state = $10, postal_code = $11, country = $12, access_expires_date = $13,
            permissions = $14, invitation_nonce = case when $4 then null else invitation_nonce end, updated_at = now()
      where personnel_id = $1`,
    [row.personnel_id, fields.EmailAddress, fields.ActiveFlag, fields.DeleteFlag, fields.FirstName, fields.LastName, fields.Company,
      fields.StreetAddress ?? null, fields.L ?? null, fields.State ?? null, fields.PostalCode ?? null, fields.Country ?? null,
      fields.AccessExpiresDate ?? null, JSON.stringify(permissions)],
  );
}

/**
 * DELETE /users/{id}: marks the user deleted (the row stays, for the audit trail and the
 * permits they signed), ends their sessions and voids any invitation link.
 */
export async function deleteExternalUser(db: Database, admin: Administrator, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedUser(tx, admin, id);
    if (row.delete_flag) return;
    await tx.query(
      'update users set delete_flag = true, invitation_nonce = null, updated_at = now() where personnel_id = $1',
      [row.personnel_id],
    );
    await revokeAllSessions(tx, row.personnel_id);
    await audit(tx, admin.user, 'externalUser.delete', { type: 'user', id: row.personnel_id, siteId: row.site_id }, { PersonnelId: row.personnel_id });
  });
}
