import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process: the server under test delivers to it over TCP. */
export interface Mailbox {
  url: string;
  received: ReceivedMail[];
  /** The next message for `to` that arrives after the call (or already arrived, unread). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no credentials to configure.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const unread = (to: string) => received.find((m) => !read.has(m) && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(to) {
      for (let waited = 0; ; waited++) {
        const mail = unread(to);
        if (mail) {
          read.add(mail);
          return mail;
        }
        if (waited > 50) throw new Error(`no mail for ${to}; received: ${received.map((m) => m.to.join(',')).join(' | ')}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The message with its quoted-printable parts decoded (how mail carries long lines and '=' signs). */
export const decodedMail = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The registration link of an invitation mail, as the person would click it (from the text part). */
export function registrationLinkIn(raw: string): URL {
  const match = /https?:\/\/\S+\/auth\/register\?[^\s"<]+/.exec(decodedMail(raw));
  if (!match) throw new Error(`no registration link in:\n${raw}`);
  return new URL(match[0]);
}
