import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends one message. `note` is logged when the message only goes to a file, so whoever runs
   * the demo without a mail server can still follow the link it carries.
   */
  send(message: MailMessage, note?: Record<string, unknown>): Promise<void>;
  close(): void;
}

// A mail server that does not answer must not hold an administrator's request for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Sends over SMTP when SMTP_URL is set; otherwise writes `.eml` files to `dataDir/mail` (DESIGN.md §2). */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    // nodemailer reads host, port, credentials and options (e.g. ?tls.rejectUnauthorized=false) from the URL.
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }, { from: config.mailFrom });
    return {
      async send(message) {
        await transport.sendMail(message);
        log.info({ to: message.to, subject: message.subject, smtp: url.host }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const folder = join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from: config.mailFrom });
  return {
    async send(message, note = {}) {
      const info = await transport.sendMail(message);
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, ...note }, 'mail written to a file (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}
