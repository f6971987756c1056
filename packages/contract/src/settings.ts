import { z } from 'zod';
import { emailSchema } from './auth.js';
import { paginationSchema } from './pagination.js';
import { RICH_TEXT_MAX } from './place-details.js';

/**
 * Settings (issue 9) under /api/v1/admin/setting: the allowed-IP list, communication channels,
 * basic and policy settings. Bodies travel inside `data`.
 */

const idSchema = z.uuid('Unknown record');

// ---------------------------------------------------------------- allowed IPs

/** One allowed address or CIDR range (IPv4 or IPv6), stored normalised ("10.0.0.0/8"). */
export const allowedIpSchema = z.object({
  _id: z.string(),
  ip: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type AllowedIp = z.infer<typeof allowedIpSchema>;

/** `POST /add-ip` {ip, label}. Validity (address or CIDR) is checked on the server too. */
export const addIpRequestSchema = z.strictObject({
  ip: z.string().trim().min(1, 'Enter an IP address or CIDR range').max(64),
  label: z.string().trim().max(100).default(''),
});
export type AddIpRequest = z.input<typeof addIpRequestSchema>;

/** `POST /delete-ip` {id}. */
export const deleteIpRequestSchema = z.strictObject({ id: idSchema });

/** `POST /delete-ip` answers the id it removed. */
export const allowedIpDeletedSchema = z.object({ _id: z.string(), id: z.string() });

/** `GET /get-ips` (page, limit, search) → `data.ips` + pagination + the caller's address. */
export const allowedIpListSchema = z.object({
  ips: z.array(allowedIpSchema),
  pagination: paginationSchema,
  /** The caller's address as the server sees it (trusted proxy hops only). */
  currentIp: z.string(),
});
export type AllowedIpList = z.infer<typeof allowedIpListSchema>;

// ---------------------------------------------------------------- communication settings

export const COMMUNICATION_TYPES = ['email', 'sms', 'whatsapp'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
export const communicationTypeSchema = z.enum(COMMUNICATION_TYPES);

/**
 * Secrets come back masked: `MASK` plus the last four characters. Sending a masked value back
 * unchanged keeps the stored secret.
 */
export const SECRET_MASK = '••••••••';
export const maskSecret = (secret: string): string =>
  secret === '' ? '' : `${SECRET_MASK}${secret.length > 8 ? secret.slice(-4) : ''}`;
export const isMaskedSecret = (value: string): boolean => value.startsWith(SECRET_MASK);

/** One header-safe line (no CR/LF: SECURITY.md case 18). */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), 'Must be a single line');

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;

export const emailChannelSchema = z.strictObject({
  host: line(255).pipe(z.string().min(1, 'SMTP host is required')),
  port: z.coerce.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITY),
  user: line(255),
  /** Secret. */
  password: z.string().max(512),
  fromName: line(100),
  fromAddress: emailSchema,
});
export type EmailChannel = z.infer<typeof emailChannelSchema>;

export const SMS_PROVIDERS = ['twilio', 'msg91'] as const;
export const smsChannelSchema = z.strictObject({
  provider: z.enum(SMS_PROVIDERS),
  /** Twilio account SID, or the MSG91 auth key's account label. */
  accountId: line(100),
  /** Secret: Twilio auth token or MSG91 auth key. */
  authToken: z.string().max(512),
  senderId: line(20),
  /** India DLT registration. */
  dltEntityId: line(40).default(''),
  dltTemplateId: line(40).default(''),
});
export type SmsChannel = z.infer<typeof smsChannelSchema>;

export const whatsappChannelSchema = z.strictObject({
  phoneNumberId: line(40).pipe(z.string().min(1, 'Phone number id is required')),
  /** Secret: Meta Cloud API access token. */
  accessToken: z.string().max(1024),
  /** Approved template names, e.g. for marketing and test messages. */
  templateNames: z
    .array(line(100).pipe(z.string().min(1)))
    .max(20)
    .default([]),
  templateLanguage: line(10).default('en'),
});
export type WhatsappChannel = z.infer<typeof whatsappChannelSchema>;

/** Which field of each channel is the secret. */
export const CHANNEL_SECRET_FIELDS = {
  email: 'password',
  sms: 'authToken',
  whatsapp: 'accessToken',
} as const;

/**
 * Whether the channel is on. Left out: a new channel is saved off, a saved one keeps its state.
 * Switching a channel on (or keeping it on with changed settings) needs a successful test send
 * through the settings as saved, or `confirmUntested`; otherwise 409 `channelUntested`.
 */
const channelActive = z.boolean().optional();
/** The admin confirmed switching the channel on without a successful test send. */
const confirmUntested = z.boolean().optional();

/** `POST /add-communication-settings`: create or replace one channel's settings. */
export const saveCommunicationSettingsRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('email'),
    isActive: channelActive,
    confirmUntested,
    settings: emailChannelSchema,
  }),
  z.strictObject({
    type: z.literal('sms'),
    isActive: channelActive,
    confirmUntested,
    settings: smsChannelSchema,
  }),
  z.strictObject({
    type: z.literal('whatsapp'),
    isActive: channelActive,
    confirmUntested,
    settings: whatsappChannelSchema,
  }),
]);
export type SaveCommunicationSettingsRequest = z.input<
  typeof saveCommunicationSettingsRequestSchema
>;

/** `GET /get-communication-settings?type=` : settings with the secret masked, or null. */
export const communicationSettingsQuerySchema = z.strictObject({ type: communicationTypeSchema });
export const communicationSettingsSchema = z.object({
  type: communicationTypeSchema,
  isActive: z.boolean(),
  configured: z.boolean(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** When a test send through the settings as saved last succeeded; null: never, or changed since. */
  testedAt: z.string().nullable().optional(),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

/** `POST /test-communication-settings` {type, to}: really sends a test through the channel. */
export const testCommunicationRequestSchema = z.strictObject({
  type: communicationTypeSchema,
  /** An e-mail address, or a phone number in E.164 for SMS/WhatsApp. */
  to: line(254).pipe(z.string().min(1, 'Enter where to send the test')),
});
export const testCommunicationResultSchema = z.object({
  delivered: z.boolean(),
  /** The provider's answer (status and message id or error), for the admin to read. */
  providerResponse: z.string(),
});
export type TestCommunicationResult = z.infer<typeof testCommunicationResultSchema>;

// ---------------------------------------------------------------- basic settings

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** `GET /get-basic-settings`. */
export const basicSettingsSchema = z.object({
  productName: z.string(),
  logoUrl: z.string().nullable(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  timeZone: z.string(),
  currencySymbol: z.string(),
  /** Idle timeout of `Session` sign-ins, in minutes. */
  sessionIdleMinutes: z.number().int(),
  maintenanceMode: z.boolean(),
  maintenanceMessage: z.string(),
  updatedAt: z.string().nullable(),
});
export type BasicSettings = z.infer<typeof basicSettingsSchema>;

/** Text fields of `POST /update-basic-settings` (multipart; a `logo` image may travel beside). */
export const updateBasicSettingsFieldsSchema = z.strictObject({
  productName: z.string().trim().min(1, 'Product name is required').max(100),
  supportEmail: z.union([z.literal(''), emailSchema]).default(''),
  supportPhone: z.string().trim().max(24).default(''),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-IN', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone'),
  currencySymbol: z.string().trim().min(1).max(4).default('₹'),
  sessionIdleMinutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  maintenanceMode: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  maintenanceMessage: z.string().trim().max(300).default(''),
  removeLogo: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
});
export type UpdateBasicSettingsFields = z.input<typeof updateBasicSettingsFieldsSchema>;

// ---------------------------------------------------------------- policy settings

export const POLICY_KEYS = ['privacyPolicy', 'termsAndConditions', 'cancellationPolicy'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];
export const POLICY_LABELS: Record<PolicyKey, string> = {
  privacyPolicy: 'Privacy Policy',
  termsAndConditions: 'Terms and Conditions',
  cancellationPolicy: 'Cancellation and Refund Policy',
};

/**
 * Issue 22: which policy the itinerary PDF prints after the plan (`none`: no policy). Kept in the
 * policy settings document; `cancellationPolicy` until an admin chooses.
 */
export const ITINERARY_PDF_POLICY_CHOICES = [...POLICY_KEYS, 'none'] as const;
export type ItineraryPdfPolicy = (typeof ITINERARY_PDF_POLICY_CHOICES)[number];
export const DEFAULT_ITINERARY_PDF_POLICY: ItineraryPdfPolicy = 'cancellationPolicy';
export const ITINERARY_PDF_POLICY_LABEL = 'Policy printed on itinerary PDFs';
export const ITINERARY_PDF_POLICY_OPTION_LABELS: Record<ItineraryPdfPolicy, string> = {
  ...POLICY_LABELS,
  none: 'None (print no policy)',
};
export const itineraryPdfPolicySchema = z.enum(ITINERARY_PDF_POLICY_CHOICES, {
  error: `Choose one of: ${ITINERARY_PDF_POLICY_CHOICES.join(', ')}`,
});

const policySchema = z.object({ content: z.string(), updatedAt: z.string().nullable() });
/** `GET /get-policy-settings`: sanitised rich text with its 'last updated'. */
export const policySettingsSchema = z.object({
  privacyPolicy: policySchema,
  termsAndConditions: policySchema,
  cancellationPolicy: policySchema,
  itineraryPdfPolicy: itineraryPdfPolicySchema,
});
export type PolicySettings = z.infer<typeof policySettingsSchema>;

/**
 * `POST /update-policy-settings`: any of the three; only changed ones get a new 'last updated'.
 * `itineraryPdfPolicy`, when sent, changes the PDF's choice.
 */
const policyContentSchema = z
  .string()
  .max(RICH_TEXT_MAX, `Must be at most ${RICH_TEXT_MAX.toLocaleString('en-US')} characters`)
  .optional();
export const updatePolicySettingsRequestSchema = z.strictObject({
  privacyPolicy: policyContentSchema,
  termsAndConditions: policyContentSchema,
  cancellationPolicy: policyContentSchema,
  itineraryPdfPolicy: itineraryPdfPolicySchema.optional(),
});
export type UpdatePolicySettingsRequest = z.input<typeof updatePolicySettingsRequestSchema>;

// ---------------------------------------------------------------- service status

/**
 * `GET /api/v1/common/service-status` (public): false while maintenance mode is on, with the
 * maintenance message of the basic settings ('' when none, and always '' while active).
 */
export const serviceStatusSchema = z.object({ active: z.boolean(), message: z.string() });
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const SETTINGS_MESSAGES = {
  ips: 'Allowed IPs fetched successfully',
  ipAdded: 'IP address added to the allowed list',
  ipDeleted: 'IP address removed from the allowed list',
  ipInvalid:
    'Enter a valid IPv4 or IPv6 address or CIDR range (for example 203.0.113.7 or 10.0.0.0/8)',
  ipDuplicate: 'This address is already in the allowed list',
  ipNotFound: 'Allowed IP not found',
  ipLockout: (ip: string) =>
    `This change would block your own address (${ip}). Add it to the list first.`,
  ipBlocked: 'Access from your IP address is not allowed',
  communication: 'Communication settings fetched successfully',
  communicationSaved: 'Communication settings saved successfully',
  communicationNotConfigured: 'Save the settings of this channel before sending a test',
  /** 409: switching on a channel whose saved settings have not passed a test send. */
  channelUntested:
    'This channel has not passed a test send. Save it switched off and send a test first, or confirm to activate it anyway.',
  /** The web's question before it sends `confirmUntested`. */
  channelUntestedConfirm: 'This channel has not passed a test send. Activate it anyway?',
  testSent: 'Test message sent',
  testFailed: 'The test message could not be sent',
  /** A test send whose SMTP server never answered: no network detail (ports, timing words). */
  testUnreachable:
    'Could not connect to the SMTP server. Check the host, port and security settings.',
  testThrottled: (minutes: number) =>
    `Too many test messages. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  basic: 'Basic settings fetched successfully',
  basicSaved: 'Basic settings saved successfully',
  policies: 'Policy settings fetched successfully',
  policiesSaved: 'Policy settings saved successfully',
  maintenance: 'The back-office is under maintenance. Please try again later.',
  serviceStatus: 'Service status fetched successfully',
  secretMaskChanged: 'Enter the whole secret again, or leave the masked value as it was',
  secretRequired: 'Enter the secret',
  secretUnreadable:
    'The stored secret can no longer be read (was APP_SECRET changed?). Enter it again and save.',
  testToEmail: 'Enter the e-mail address to send the test to',
  testToPhone: 'Enter the phone number in international format, e.g. +919812345678',
} as const;
