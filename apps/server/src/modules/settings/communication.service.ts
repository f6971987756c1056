import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  CHANNEL_SECRET_FIELDS,
  SETTINGS_MESSAGES as M,
  emailChannelSchema,
  emailSchema,
  isMaskedSecret,
  maskSecret,
  smsChannelSchema,
  whatsappChannelSchema,
  type CommunicationSettings,
  type CommunicationType,
  type TestCommunicationResult,
  type saveCommunicationSettingsRequestSchema,
  type testCommunicationRequestSchema,
} from '@safarnama/contract';
import type { MessagingBaseUrls } from '../../config.js';
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/access.js';
import { BadRequest, Conflict, RateLimited, ValidationError } from '../../http/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { SmtpSettings } from '../../messaging/mail.js';
import { reserveAttempt, TEST_SEND_THROTTLE, testSendKey } from '../identity/throttles.js';
import {
  sendTestMail,
  sendTestSms,
  sendTestWhatsapp,
  smtpSettingsOf,
} from './communication.channels.js';
import {
  findChannel,
  lockChannel,
  markChannelTested,
  upsertChannel,
} from './communication.repo.js';
import { presentChannel, type ChannelState } from './settings.present.js';

export type SaveChannelData = z.output<typeof saveCommunicationSettingsRequestSchema>;
export type TestChannelData = z.output<typeof testCommunicationRequestSchema>;

export interface CommunicationServiceDeps {
  db: Database;
  now: () => Date;
  /** Seals the channel secrets (purpose 'channels'). */
  box: SecretBox;
  /** Where the SMS and WhatsApp adapters call (config; tests point them at local servers). */
  baseUrls: MessagingBaseUrls;
  log: { error: (obj: object, msg: string) => void };
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

/**
 * Communication settings (DESIGN §7): one row per channel; the non-secret fields as JSON, the
 * secret (SMTP password, SMS auth token, WhatsApp access token) sealed with AES-256-GCM under a key
 * derived from APP_SECRET. Answers carry the secret masked; a masked value sent back unchanged
 * keeps the stored secret. A test send really goes through the channel, outside any transaction.
 */
export const createCommunicationService = ({
  db,
  now,
  box,
  baseUrls,
  log,
}: CommunicationServiceDeps) => {
  /** The opened secret, '' for none, undefined when it cannot be opened (APP_SECRET changed). */
  const openSecret = (sealed: string | null): string | undefined => {
    if (!sealed) return '';
    try {
      return box.open(sealed);
    } catch {
      return undefined;
    }
  };

  const stateOf = async (type: CommunicationType): Promise<ChannelState | null> => {
    const found = await findChannel(db, type);
    if (!found) return null;
    const { row, updatedBy } = found;
    const secret = openSecret(row.secretEnc);
    if (secret === undefined) log.error({ type }, 'a channel secret cannot be opened');
    return {
      type,
      isActive: row.isActive,
      testedAt: row.testedAt,
      settings: row.settings,
      // Unreadable: shown as not set, so the form asks for it again.
      secret: secret ?? '',
      updatedAt: row.updatedAt,
      updatedBy,
    };
  };

  const get = async (type: CommunicationType): Promise<CommunicationSettings> =>
    presentChannel(type, await stateOf(type));

  const secretError = (type: CommunicationType, message: string) =>
    new ValidationError([{ path: `settings.${CHANNEL_SECRET_FIELDS[type]}`, message }], message);

  /**
   * Creates or replaces a channel. A new channel starts off (unless `isActive` says on); a saved
   * one keeps its state when `isActive` is left out. Changed settings (fields or secret) clear
   * the last successful test. The channel may be on after the save only when its settings passed
   * a test send, when nothing changed on a channel that was on already, or with
   * `confirmUntested`: otherwise 409 and nothing is saved.
   */
  const save = async (
    input: SaveChannelData,
    auth: AuthContext,
  ): Promise<CommunicationSettings> => {
    const { type } = input;
    const field = CHANNEL_SECRET_FIELDS[type];
    const fields = input.settings as Record<string, unknown>;
    const sent = String(fields[field] ?? '');
    const plain = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== field));

    await transaction(db, async (tx) => {
      const current = await lockChannel(tx, type);
      let secretEnc: string | null;
      let sameSecret: boolean;
      if (isMaskedSecret(sent)) {
        // The masked value of the stored secret, sent back untouched: keep that secret.
        const stored = current?.secretEnc ?? null;
        const opened = openSecret(stored);
        if (opened === undefined) throw secretError(type, M.secretUnreadable);
        if (!stored || maskSecret(opened) !== sent) throw secretError(type, M.secretMaskChanged);
        secretEnc = stored;
        sameSecret = true;
      } else if (sent === '') {
        // An SMTP server may take mail without a login; the providers never do.
        if (type !== 'email') throw secretError(type, M.secretRequired);
        secretEnc = null;
        sameSecret = !current?.secretEnc;
      } else {
        secretEnc = box.seal(sent);
        sameSecret = current !== undefined && openSecret(current.secretEnc) === sent;
      }
      const unchanged =
        current !== undefined && sameSecret && isDeepStrictEqual(current.settings, plain);
      const testedAt = unchanged ? current.testedAt : null;
      const wasActive = current?.isActive ?? false;
      const isActive = input.isActive ?? wasActive;
      if (isActive && !testedAt && !(unchanged && wasActive) && input.confirmUntested !== true) {
        throw new Conflict(M.channelUntested);
      }
      await upsertChannel(tx, {
        type,
        isActive,
        settings: plain,
        secretEnc,
        testedAt,
        updatedById: auth.admin.id,
        updatedAt: now(),
      });
    });
    return get(type);
  };

  /** The stored settings of a channel with its secret, checked against the channel's schema. */
  const configured = async (type: CommunicationType, activeOnly: boolean) => {
    const found = await findChannel(db, type);
    if (!found || (activeOnly && !found.row.isActive)) return null;
    const secret = openSecret(found.row.secretEnc);
    if (secret === undefined) return { unreadable: true as const };
    const values = { ...found.row.settings, [CHANNEL_SECRET_FIELDS[type]]: secret };
    const savedAt = found.row.updatedAt;
    switch (type) {
      case 'email': {
        const parsed = emailChannelSchema.safeParse(values);
        return parsed.success ? { type, settings: parsed.data, savedAt } : null;
      }
      case 'sms': {
        const parsed = smsChannelSchema.safeParse(values);
        return parsed.success ? { type, settings: parsed.data, savedAt } : null;
      }
      case 'whatsapp': {
        const parsed = whatsappChannelSchema.safeParse(values);
        return parsed.success ? { type, settings: parsed.data, savedAt } : null;
      }
    }
  };

  const recipientError = (message: string) =>
    new ValidationError([{ path: 'to', message }], message);

  /**
   * Sends one test message through the channel as saved (active or not: a channel is tested before
   * it is switched on) and answers what the provider said. 200 whenever the call was made. A
   * delivered test is recorded (`testedAt`): the channel may then be switched on without asking.
   */
  const test = async (
    { type, to }: TestChannelData,
    adminId: string,
  ): Promise<TestCommunicationResult> => {
    // A test reaches out to whatever host the settings name: a few per admin, shared by every
    // node (the throttle table).
    const { windowSeconds, limit } = TEST_SEND_THROTTLE;
    const reservation = await reserveAttempt(db, testSendKey(adminId), limit, windowSeconds);
    if (reservation.attempts > limit) {
      const seconds = reservation.retryAfterSeconds;
      throw new RateLimited(M.testThrottled(Math.ceil(seconds / 60)), seconds);
    }
    const channel = await configured(type, false);
    if (!channel) throw new BadRequest(M.communicationNotConfigured);
    if ('unreadable' in channel) throw new BadRequest(M.secretUnreadable);
    const send = async (): Promise<TestCommunicationResult> => {
      if (channel.type === 'email') {
        const address = emailSchema.safeParse(to);
        if (!address.success) throw recipientError(M.testToEmail);
        return sendTestMail(channel.settings, address.data);
      }
      const phone = to.replace(/[\s()-]/g, '');
      if (!E164.test(phone)) throw recipientError(M.testToPhone);
      return channel.type === 'sms'
        ? sendTestSms(channel.settings, phone, baseUrls)
        : sendTestWhatsapp(channel.settings, phone, baseUrls);
    };
    const result = await send();
    // The test's audit entry is written in this transaction, with the delivered test's mark.
    await transaction(db, async (tx) => {
      if (result.delivered) await markChannelTested(tx, type, channel.savedAt, now());
    });
    return result;
  };

  /**
   * The app mailer's `smtpFromSettings`: the active e-mail channel's SMTP, or null (then SMTP_URL
   * or the outbox). Read on each mail, so a save applies to the next message.
   */
  const smtpFromSettings = async (): Promise<SmtpSettings | null> => {
    const channel = await configured('email', true);
    if (!channel) return null;
    if ('unreadable' in channel) {
      log.error({}, 'the e-mail channel secret cannot be opened; mail goes the fallback way');
      return null;
    }
    return channel.type === 'email' ? smtpSettingsOf(channel.settings) : null;
  };

  // `configured` also serves the marketing poller (the active channel, opened, or null).
  return { get, save, test, smtpFromSettings, configured };
};

export type CommunicationService = ReturnType<typeof createCommunicationService>;
