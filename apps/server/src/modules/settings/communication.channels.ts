import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import {
  SETTINGS_MESSAGES,
  type EmailChannel,
  type SmsChannel,
  type WhatsappChannel,
} from '@safarnama/contract';
import type { MessagingBaseUrls } from '../../config.js';
import type { SmtpSettings } from '../../messaging/mail.js';
import { clip } from '../../messaging/http.js';
import { sendSms } from '../../messaging/sms.js';
import { sendWhatsapp } from '../../messaging/whatsapp.js';

/**
 * The channels of the communication settings as the messaging layer uses them: SMTP options for
 * nodemailer (the app's mailer and the test send), and the test sends of every channel, each
 * answering what the provider said in words safe to show an admin.
 */

/** SMTP waits: connecting, the greeting, and silence in between commands. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

/** nodemailer options of the e-mail settings (`password` is the opened secret). */
export const smtpOptions = (settings: EmailChannel): SMTPTransport.Options => ({
  host: settings.host,
  port: settings.port,
  // 'tls': TLS from the first byte (465); 'starttls': must upgrade (587); 'none': never upgrade.
  secure: settings.security === 'tls',
  requireTLS: settings.security === 'starttls',
  ignoreTLS: settings.security === 'none',
  ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
  ...SMTP_TIMEOUTS,
});

/** `"From Name" <address>`; the name is one line already, quotes and backslashes are escaped. */
export const fromHeader = (settings: Pick<EmailChannel, 'fromName' | 'fromAddress'>): string =>
  settings.fromName
    ? `"${settings.fromName.replace(/["\\]/g, (c) => `\\${c}`)}" <${settings.fromAddress}>`
    : settings.fromAddress;

/** What the app's mailer needs from the e-mail settings. */
export const smtpSettingsOf = (settings: EmailChannel): SmtpSettings => ({
  transport: smtpOptions(settings),
  from: fromHeader(settings),
});

export interface TestSendResult {
  delivered: boolean;
  providerResponse: string;
}

/** The provider's words, with the secret blanked out should a server ever echo it. */
export const scrub = (text: string, secret: string): string =>
  clip(secret.length >= 4 ? text.split(secret).join('[hidden]') : text);

export const TEST_TEXTS = {
  subject: 'Safarnama test e-mail',
  mail: 'This is a test e-mail from the Safarnama back-office. Your e-mail settings work.',
  sms: 'Safarnama test message: your SMS settings work.',
} as const;

const SMTP_REPLY = /^[2-5]\d\d[ -]/;

/** One test mail through exactly these SMTP settings (not the app's mailer and its fallbacks). */
export const sendTestMail = async (settings: EmailChannel, to: string): Promise<TestSendResult> => {
  const transport = nodemailer.createTransport(smtpOptions(settings));
  try {
    const info = await transport.sendMail({
      from: fromHeader(settings),
      to,
      subject: TEST_TEXTS.subject,
      text: TEST_TEXTS.mail,
    });
    const accepted = info.accepted.length > 0 && info.rejected.length === 0;
    return {
      delivered: accepted,
      providerResponse: scrub(info.response || 'accepted', settings.password),
    };
  } catch (err) {
    // What an SMTP server answered (a 5xx reply) helps the admin; how a connection failed
    // (refused, reset, no greeting, TLS) would map the network behind us, so it reads as one
    // generic line (SECURITY: the test send is no port scanner).
    // Only a real SMTP reply (three digits: "550 5.1.1 …") is shown: another service's banner on
    // that port ("SSH-2.0-…") is not.
    const e = err as { response?: unknown };
    const said =
      typeof e.response === 'string' && SMTP_REPLY.test(e.response)
        ? e.response
        : SETTINGS_MESSAGES.testUnreachable;
    return { delivered: false, providerResponse: scrub(said, settings.password) };
  } finally {
    transport.close();
  }
};

export const sendTestSms = async (
  settings: SmsChannel,
  to: string,
  baseUrls: MessagingBaseUrls,
): Promise<TestSendResult> => {
  const result = await sendSms(settings, { to, text: TEST_TEXTS.sms }, baseUrls);
  return {
    delivered: result.ok,
    providerResponse: scrub(result.providerResponse, settings.authToken),
  };
};

/** The first approved template, without parameters (a test needs no content of ours). */
export const sendTestWhatsapp = async (
  settings: WhatsappChannel,
  to: string,
  baseUrls: MessagingBaseUrls,
): Promise<TestSendResult> => {
  const result = await sendWhatsapp(settings, { to }, baseUrls.whatsapp);
  return {
    delivered: result.ok,
    providerResponse: scrub(result.providerResponse, settings.accessToken),
  };
};
