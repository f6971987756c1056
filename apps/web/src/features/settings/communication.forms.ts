import type { z } from 'zod';
import {
  CHANNEL_SECRET_FIELDS,
  emailChannelSchema,
  smsChannelSchema,
  whatsappChannelSchema,
  type CommunicationSettings,
  type CommunicationType,
  type EmailChannel,
  type SmsChannel,
  type WhatsappChannel,
} from '@safarnama/contract';

const SCHEMAS = {
  email: emailChannelSchema,
  sms: smsChannelSchema,
  whatsapp: whatsappChannelSchema,
} as const;

type AsTyped<T> = { [K in keyof T]: T[K] extends number ? string : T[K] };
/** A channel's settings as the form holds them: every field, numbers as the text typed. */
export interface ChannelValues {
  email: AsTyped<EmailChannel>;
  sms: AsTyped<SmsChannel>;
  whatsapp: AsTyped<WhatsappChannel>;
}

/** What a channel not set up yet holds where its schema has no default ('' elsewhere). */
const FIRST_CHOICES: Readonly<Record<string, string>> = {
  port: '587',
  security: 'starttls',
  provider: 'twilio',
};

/**
 * The form's values from the stored settings (secrets still masked as they came back): each
 * stored value the channel's contract schema accepts, else the default.
 */
export const valuesFrom = <T extends CommunicationType>(
  type: T,
  stored: CommunicationSettings['settings'],
): ChannelValues[T] => {
  const shape: Record<string, z.ZodType> = SCHEMAS[type].shape;
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => {
      const value = stored?.[key];
      if (value !== undefined && schema.safeParse(value).success) {
        return [key, typeof value === 'number' ? String(value) : value];
      }
      return [key, FIRST_CHOICES[key] ?? schema.safeParse(undefined).data ?? ''];
    }),
  ) as ChannelValues[T];
};

/** The stored secret as it came back (masked), or '' when none is stored. */
export const storedSecretOf = (
  type: CommunicationType,
  stored: CommunicationSettings['settings'],
): string => {
  const secret = stored?.[CHANNEL_SECRET_FIELDS[type]];
  return typeof secret === 'string' ? secret : '';
};
