import { PRODUCT_NAME } from '../../domain/constants';
import type { MailMessage } from './mailer';

export interface InvitationMail {
  to: string;
  firstName: string;
  inviterName: string;
  siteName: string;
  link: string;
  expiresAt: Date;
}

// Names come from a form: never let them become markup in the HTML part.
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The moment in UTC, minutes precision: "2026-05-12 14:03 UTC" reads the same in every mail client. */
const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The invitation to complete registration, as plain text and simple HTML. */
export function invitationMail(mail: InvitationMail): MailMessage {
  const expires = formatUtc(mail.expiresAt);
  const text = [
    `Hello ${mail.firstName},`,
    '',
    `You have been invited to ${PRODUCT_NAME} by ${mail.inviterName} for ${mail.siteName}.`,
    '',
    `Complete your registration: ${mail.link}`,
    '',
    `The link expires on ${expires}.`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>Hello ${e(mail.firstName)},</p>`,
    `<p>You have been invited to ${PRODUCT_NAME} by ${e(mail.inviterName)} for ${e(mail.siteName)}.</p>`,
    `<p><a href="${e(mail.link)}">Complete your registration</a></p>`,
    `<p>The link expires on ${expires}.</p>`,
  ].join('\n');
  return { to: mail.to, subject: `Your invitation to ${PRODUCT_NAME}`, text, html };
}
