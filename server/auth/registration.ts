import { randomUUID } from 'node:crypto';
import type { InvitationQuery, RegisterBody, TokenResponse } from '../../schemas';
import { messages } from '../../domain/messages';
import { passwordProblems } from '../../domain/passwords';
import type { Database, Queryable } from '../db/database';
import { audit } from '../audit/record';
import { findExternalUser, type ExternalUserRow } from '../externalUsers/records';
import { badRequest } from '../http/errors';
import { todayUtc } from '../users/users';
import { issueSession } from './contractorSessions';
import { verifyInvitation } from './invitations';
import { hashPassword } from './passwords';
import type { TokenKeys } from './tokens';

type Invitation = InvitationQuery;

/**
 * The user an invitation link is for, or null when the link is incomplete, forged, expired,
 * superseded by a resend, used already, or the user was changed, disabled or deleted since.
 * Every such case answers alike, so a link reveals nothing about the account.
 */
async function invitedUser(db: Queryable, invitation: Invitation, now: Date, lock = false): Promise<ExternalUserRow | null> {
  const { EmailAddress, FirstName, LastName, token } = invitation;
  if (!EmailAddress || !FirstName || !LastName || !token) return null;
  const user = await findExternalUser(db, EmailAddress, lock);
  // findExternalUser also takes an id: the link must carry the address itself.
  if (user?.email.toLowerCase() !== EmailAddress.trim().toLowerCase()) return null;
  if (!user.invitation_nonce || user.signup_complete || user.delete_flag || !user.active_flag) return null;
  if (user.access_expires_date && user.access_expires_date < todayUtc(now)) return null;
  if (user.first_name !== FirstName || user.last_name !== LastName) return null;
  const invited = { personnelId: user.personnel_id, email: user.email, firstName: user.first_name, lastName: user.last_name, nonce: user.invitation_nonce };
  return (await verifyInvitation(db, invited, token, now)) ? user : null;
}

/** GET /auth/invitation: lets the registration page say a link is invalid before asking for a password. */
export async function checkInvitation(db: Queryable, invitation: Invitation, now: Date): Promise<{ valid: true }> {
  if (!(await invitedUser(db, invitation, now))) throw badRequest(messages.registration.invalidLink);
  return { valid: true };
}

/**
 * POST /auth/register: sets the contractor's password from a valid invitation, completes
 * their sign-up, voids the link and signs them in (the answer of /auth/signin).
 */
export async function registerContractor(db: Database, keys: TokenKeys, body: RegisterBody, now: Date): Promise<TokenResponse> {
  if (!(await invitedUser(db, body, now))) throw badRequest(messages.registration.mismatch);
  const problems = passwordProblems(body.Password);
  if (problems.length > 0) throw badRequest(`The password needs ${problems.join(', ')}.`);
  // Hash before the transaction: scrypt is slow on purpose.
  const passwordHash = await hashPassword(body.Password);
  return db.transaction(async (tx) => {
    // Checked again under the row lock: a resend or a second registration may have raced this one.
    const user = await invitedUser(tx, body, now, true);
    if (!user) throw badRequest(messages.registration.mismatch);
    await tx.query(
      `update users set password_hash = $2, signup_complete = true, invitation_nonce = null, updated_at = now()
        where personnel_id = $1`,
      [user.personnel_id, passwordHash],
    );
    await audit(tx, user, 'externalUser.register', { type: 'user', id: user.personnel_id, siteId: user.site_id });
    return issueSession(tx, keys, user.personnel_id, user.email, randomUUID());
  });
}
