import { eq } from 'drizzle-orm';
import type {
  MarketingChannel,
  PushPayload,
  SmsChannel,
  WhatsappChannel,
} from '@safarnama/contract';
import type { MessagingBaseUrls } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import type { Mailer } from '../../messaging/mail.js';
import { clip } from '../../messaging/http.js';
import { sendSms } from '../../messaging/sms.js';
import { marketingMail } from '../../messaging/templates.js';
import { sendWhatsapp } from '../../messaging/whatsapp.js';
import type { StorageDriver } from '../../media/storage.js';
import type { PushService } from '../push/push.service.js';
import type { CommunicationService } from '../settings/communication.service.js';
import { scrub } from '../settings/communication.channels.js';

/**
 * The channels of a scheduled notification, one function per channel. Each sends ONE message to
 * ONE recipient and answers whether it went; none throws for a delivery failure. The errors are
 * stored on the delivery row, so they never carry a credential (the providers' words are scrubbed
 * of the secret, as in the test sends).
 */

/** What every channel sends, URLs made absolute once per notification. */
export interface MarketingContent {
  title: string;
  message: string;
  /** The link as an absolute URL (in-app paths under PUBLIC_URL), or null. */
  link: string | null;
  /** Where a click on the push message goes: the link as entered ('/…' or https), else '/'. */
  clickAction: string;
  /** The image (the stored original) as an absolute URL, or null. */
  imageUrl: string | null;
  /** The image's smallest variant (push icon), absolute, or null. */
  iconUrl: string | null;
}

export type DeliveryOutcome = { ok: true } | { ok: false; error: string };
export type ChannelSender = (
  recipient: string,
  content: MarketingContent,
) => Promise<DeliveryOutcome>;
export type ChannelSenders = Record<MarketingChannel, ChannelSender>;

export const CHANNEL_ERRORS = {
  smsNotConfigured: 'SMS settings are not configured',
  whatsappNotConfigured: 'WhatsApp settings are not configured',
  unreadable: (label: string) =>
    `${label} settings cannot be opened (APP_SECRET changed): save them again`,
  subscriptionGone: 'The push subscription no longer exists',
  unsubscribed: 'The browser has unsubscribed (the push service answered gone)',
} as const;

/** Title, message and link as one line of text (SMS body, WhatsApp template parameter). */
export const plainText = (content: MarketingContent, max: number): string => {
  const link = content.link ? ` ${content.link}` : '';
  const text = `${content.title}: ${content.message}`.replace(/\s+/g, ' ').trim();
  return `${clip(text, max - link.length)}${link}`;
};

const failure = (error: unknown): DeliveryOutcome => ({
  ok: false,
  error: clip(error instanceof Error ? error.message : String(error)),
});

/** E-mail through the app's mailer (the e-mail channel's SMTP, else SMTP_URL, else the outbox). */
export const deliverEmail = async (
  mailer: Mailer,
  to: string,
  content: MarketingContent,
): Promise<DeliveryOutcome> => {
  try {
    await mailer.send(marketingMail(to, content));
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
};

/** SMS through the saved provider; DLT templates must accept the text as sent. */
export const deliverSms = async (
  settings: SmsChannel,
  baseUrls: MessagingBaseUrls,
  to: string,
  content: MarketingContent,
): Promise<DeliveryOutcome> => {
  const result = await sendSms(settings, { to, text: plainText(content, 1000) }, baseUrls);
  return result.ok
    ? { ok: true }
    : { ok: false, error: scrub(result.providerResponse, settings.authToken) };
};

/**
 * WhatsApp through the Meta Cloud API: the first approved template, with title, message and link
 * as its one body parameter (Meta refuses line breaks in parameters: the text is one line).
 */
export const deliverWhatsapp = async (
  settings: WhatsappChannel,
  baseUrl: string,
  to: string,
  content: MarketingContent,
): Promise<DeliveryOutcome> => {
  const result = await sendWhatsapp(
    settings,
    { to, parameters: [plainText(content, 1024)] },
    baseUrl,
  );
  return result.ok
    ? { ok: true }
    : { ok: false, error: scrub(result.providerResponse, settings.accessToken) };
};

/** The push message of a notification (the service worker shows title, body and icon). */
export const pushPayloadOf = (content: MarketingContent): PushPayload => ({
  title: content.title,
  body: content.message,
  ...(content.iconUrl ? { icon: content.iconUrl } : {}),
  ...(content.imageUrl ? { image: content.imageUrl } : {}),
  clickAction: content.clickAction,
});

/** Web push to one subscription (recipient = its id); a gone subscription is removed by `send`. */
export const deliverPush = async (
  db: Executor,
  push: Pick<PushService, 'send'>,
  subscriptionId: string,
  content: MarketingContent,
): Promise<DeliveryOutcome> => {
  const [target] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId))
    .limit(1);
  if (!target) return { ok: false, error: CHANNEL_ERRORS.subscriptionGone };
  const result = await push.send(target, pushPayloadOf(content));
  if (result.ok) return { ok: true };
  return { ok: false, error: clip(result.gone ? CHANNEL_ERRORS.unsubscribed : result.error) };
};

export interface DeliverersDeps {
  db: Executor;
  mailer: Mailer;
  /** The saved SMS / WhatsApp channels (active ones only), opened. */
  communication: Pick<CommunicationService, 'configured'>;
  push: Pick<PushService, 'send'>;
  baseUrls: MessagingBaseUrls;
  /** PUBLIC_URL: in-app links and stored images become absolute under it. */
  publicUrl: string;
  storage: Pick<StorageDriver, 'publicUrl'>;
}

export interface Deliverers {
  /** The content of a notification with absolute URLs. */
  content(
    notification: { title: string; message: string; link: string | null },
    image: { fileKey: string; variants: { width: number; key: string }[] } | null,
  ): MarketingContent;
  /** The senders of one run: channel settings are read once, when the run starts sending. */
  open(): Promise<ChannelSenders>;
}

export const createDeliverers = (deps: DeliverersDeps): Deliverers => {
  const absolute = (pathOrUrl: string) =>
    new URL(pathOrUrl, `${deps.publicUrl.replace(/\/+$/, '')}/`).toString();

  const fails =
    (error: string): ChannelSender =>
    async () => ({ ok: false, error });

  const smsSender = async (): Promise<ChannelSender> => {
    const channel = await deps.communication.configured('sms', true);
    if (!channel) return fails(CHANNEL_ERRORS.smsNotConfigured);
    if ('unreadable' in channel) return fails(CHANNEL_ERRORS.unreadable('SMS'));
    if (channel.type !== 'sms') return fails(CHANNEL_ERRORS.smsNotConfigured);
    const settings = channel.settings;
    return (to, content) => deliverSms(settings, deps.baseUrls, to, content);
  };

  const whatsappSender = async (): Promise<ChannelSender> => {
    const channel = await deps.communication.configured('whatsapp', true);
    if (!channel) return fails(CHANNEL_ERRORS.whatsappNotConfigured);
    if ('unreadable' in channel) return fails(CHANNEL_ERRORS.unreadable('WhatsApp'));
    if (channel.type !== 'whatsapp') return fails(CHANNEL_ERRORS.whatsappNotConfigured);
    const settings = channel.settings;
    return (to, content) => deliverWhatsapp(settings, deps.baseUrls.whatsapp, to, content);
  };

  return {
    content: (notification, image) => {
      const smallest = image?.variants.reduce<{ width: number; key: string } | undefined>(
        (best, v) => (!best || v.width < best.width ? v : best),
        undefined,
      );
      return {
        title: notification.title,
        message: notification.message,
        link: notification.link ? absolute(notification.link) : null,
        clickAction: notification.link || '/',
        imageUrl: image ? absolute(deps.storage.publicUrl(image.fileKey)) : null,
        iconUrl: smallest ? absolute(deps.storage.publicUrl(smallest.key)) : null,
      };
    },
    open: async () => {
      const [sms, whatsapp] = await Promise.all([smsSender(), whatsappSender()]);
      return {
        email: (to, content) => deliverEmail(deps.mailer, to, content),
        sms,
        whatsapp,
        push: (id, content) => deliverPush(deps.db, deps.push, id, content),
      };
    },
  };
};
