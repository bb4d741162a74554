import type { ExternalUserView, InviteUserBody } from '../../schemas';
import { PermissionTypes } from '../../schemas/user';
import { accessExpiryProblem, initialHomeLocation, siteName, siteRoots } from '../../domain/externalUsers';
import { messages } from '../../domain/messages';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { audit } from '../audit/record';
import { invitationLink, newNonce, signInvitation } from '../auth/invitations';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { invitationMail } from '../mail/invitationMail';
import type { Mailer } from '../mail/mailer';
import { findUserByEmail, todayUtc } from '../users/users';
import { requireSite, type Administrator } from './access';
import { checkGrants, withGrants } from './fields';
import { findExternalUser, presentExternalUser, type ExternalUserRow } from './records';

export interface InviteDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** POST /users: creates the external user as PENDING and mails them the registration link. */
export async function inviteExternalUser(deps: InviteDeps, admin: Administrator, body: InviteUserBody, now: Date): Promise<ExternalUserView> {
  const { db } = deps;
  const roots = siteRoots(admin.tree, body.SiteId);
  if (roots.length === 0) throw badRequest(`SiteId ${body.SiteId} is not a site of this company.`);
  requireSite(admin, body.SiteId);
  const expiry = accessExpiryProblem(body.AccessExpiresDate, todayUtc(now));
  if (expiry) throw badRequest(expiry);
  const canEdit = body.CanEdit ?? [];
  const canPrint = body.CanPrint ?? [];
  checkGrants(admin, body.SiteId, [...canEdit, ...canPrint]);
  if (await findUserByEmail(db, body.EmailAddress)) throw conflict(messages.users.existsDetail);

  // External users always view their site's permits (SPEC §6): view (82) covers the whole site.
  const permissions = withGrants([{ PermissionTypeId: PermissionTypes.permitsView, Locations: roots }], canEdit, canPrint);
  const grantee = { SysAdminFlag: false, Kind: 'external' as const, SiteId: body.SiteId, Permissions: permissions };
  const home = initialHomeLocation(grantee, admin.tree, [...canEdit, ...canPrint]);
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx.query<{ personnel_id: number }>(
        `insert into users (email, kind, first_name, last_name, site_id, active_flag, company, street_address, l, state,
                            postal_code, country, access_expires_date, permissions, preferences, signup_initiated, invitation_nonce)
         values ($1, 'external', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, true, $15) returning personnel_id`,
        [body.EmailAddress, body.FirstName, body.LastName, body.SiteId, body.ActiveFlag, body.Company, body.StreetAddress ?? null,
          body.L ?? null, body.State ?? null, body.PostalCode ?? null, body.Country ?? null, body.AccessExpiresDate ?? null,
          JSON.stringify(permissions), JSON.stringify({ HomeLocationId: home }), newNonce()],
      );
      await audit(tx, admin.user, 'externalUser.invite', { type: 'user', id: created!.personnel_id, siteId: body.SiteId }, { PersonnelId: created!.personnel_id, SiteId: body.SiteId });
      return (await findExternalUser(tx, created!.personnel_id))!;
    })
    .catch((error: unknown) => {
      // Another administrator invited the same address a moment ago.
      throw isUniqueViolation(error) ? conflict(messages.users.existsDetail) : error;
    });
  // An inactive user's link would not work: they get one when enabled and sent a new invitation.
  if (row.active_flag) {
    await sendInvitation(deps, admin, row, now, 'The user was saved, but the invitation email could not be sent. Check the mail server, then resend the invitation.');
  }
  return presentExternalUser(row);
}

/** POST /users/{id}/invite: a new link for a PENDING user; every earlier link stops working. */
export async function resendInvitation(deps: InviteDeps, admin: Administrator, id: string, now: Date): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const user = await findExternalUser(tx, id, true);
    if (!user) throw notFound(`There is no external user ${id}.`);
    requireSite(admin, user.site_id);
    const { DisplayState } = presentExternalUser(user);
    if (DisplayState !== 'PENDING') throw conflict(`Only a user whose invitation is pending can be sent a new one; this user is ${DisplayState}.`);
    const [updated] = await tx.query<{ invitation_nonce: string }>(
      'update users set invitation_nonce = $2, updated_at = now() where personnel_id = $1 returning invitation_nonce',
      [user.personnel_id, newNonce()],
    );
    await audit(tx, admin.user, 'externalUser.resendInvitation', { type: 'user', id: user.personnel_id, siteId: user.site_id }, { PersonnelId: user.personnel_id });
    return { ...user, invitation_nonce: updated!.invitation_nonce };
  });
  await sendInvitation(deps, admin, row, now, 'The invitation email could not be sent. Check the mail server and try again.');
}

/**
 * Mails the registration link. Sent after the change is committed, so a slow mail server
 * never holds a database transaction; a failure is reported with `failure` (502).
 */
async function sendInvitation(deps: InviteDeps, admin: Administrator, row: ExternalUserRow, now: Date, failure: string): Promise<void> {
  const invited = { personnelId: row.personnel_id, email: row.email, firstName: row.first_name, lastName: row.last_name, nonce: row.invitation_nonce! };
  const { token, expiresAt } = await signInvitation(deps.db, invited, now);
  const link = invitationLink(deps.config.publicUrl, invited, token);
  const mail = invitationMail({
    to: row.email,
    firstName: row.first_name,
    inviterName: `${admin.user.first_name} ${admin.user.last_name}`,
    siteName: siteName(admin.tree, row.site_id),
    link,
    expiresAt,
  });
  try {
    await deps.mailer.send(mail, { link });
  } catch (error) {
    throw Object.assign(new HttpError(502, failure), { cause: error });
  }
}
