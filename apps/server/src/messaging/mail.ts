import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { uuidv7 } from 'uuidv7';

/**
 * The mail channel of the messaging layer (DESIGN §1, §7). Where a message goes, in order:
 * 1. the SMTP server of the e-mail communication settings (issue 9 supplies `smtpFromSettings`),
 * 2. `SMTP_URL`,
 * 3. otherwise the outbox folder `DATA_DIR/outbox` as an `.eml` file, with a log line that carries
 *    the message's link, so a local install can still reset a password.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one action link of the message (logged when it lands in the outbox). */
  link?: string;
}

export interface MailResult {
  via: 'smtp' | 'outbox';
  messageId: string;
  /** The .eml file when `via` is 'outbox'. */
  file?: string;
}

export interface SmtpSettings {
  /** An `smtp://` or `smtps://` URL, or nodemailer SMTP options. */
  transport: string | SMTPTransport.Options;
  from?: string;
}

export interface MailerDeps {
  smtpUrl?: string | undefined;
  /** Sender used when the settings carry none. */
  from: string;
  outboxDir: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Reads SMTP from the communication settings (null = none configured). */
  smtpFromSettings?: () => Promise<SmtpSettings | null>;
}

export interface Mailer {
  send: (message: MailMessage) => Promise<MailResult>;
}

/** Header fields never carry CR or LF (SECURITY.md case 18: header injection). */
const assertHeaderSafe = (value: string, field: string) => {
  if (/[\r\n]/.test(value)) throw new Error(`mail ${field} contains a line break`);
};

export const createMailer = (deps: MailerDeps): Mailer => {
  const envTransport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  const pickTransport = async () => {
    const settings = (await deps.smtpFromSettings?.()) ?? null;
    if (settings)
      return {
        transport: nodemailer.createTransport(settings.transport),
        from: settings.from ?? deps.from,
        shared: false,
      };
    if (envTransport) return { transport: envTransport, from: deps.from, shared: true };
    return null;
  };

  return {
    send: async (message) => {
      assertHeaderSafe(message.to, 'recipient');
      assertHeaderSafe(message.subject, 'subject');
      const picked = await pickTransport();
      if (picked) {
        try {
          const info = await picked.transport.sendMail({ ...message, from: picked.from });
          return { via: 'smtp', messageId: String(info.messageId) };
        } finally {
          if (!picked.shared) picked.transport.close();
        }
      }
      // No SMTP: write the message as an .eml file (nodemailer's stream transport builds it).
      const builder = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await builder.sendMail({ ...message, from: deps.from });
      await mkdir(deps.outboxDir, { recursive: true });
      const file = join(deps.outboxDir, `${uuidv7()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      deps.log.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        'no SMTP configured: mail written to the outbox',
      );
      return { via: 'outbox', messageId: String(info.messageId), file };
    },
  };
};
