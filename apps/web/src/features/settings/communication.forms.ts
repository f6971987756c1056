import {
  CHANNEL_SECRET_FIELDS,
  emailChannelSchema,
  smsChannelSchema,
  whatsappChannelSchema,
  type CommunicationSettings,
  type CommunicationType,
  type SaveCommunicationSettingsRequest,
  SMS_PROVIDERS,
  SMTP_SECURITY,
} from '@safarnama/contract';

export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface EmailValues {
  host: string;
  /** Text while typed; a number once sent. */
  port: string;
  security: SmtpSecurity;
  user: string;
  password: string;
  fromName: string;
  fromAddress: string;
}

export interface SmsValues {
  provider: SmsProvider;
  accountId: string;
  authToken: string;
  senderId: string;
  dltEntityId: string;
  dltTemplateId: string;
}

export interface WhatsappValues {
  phoneNumberId: string;
  accessToken: string;
  templateNames: string[];
  templateLanguage: string;
}

export interface ChannelValues {
  email: EmailValues;
  sms: SmsValues;
  whatsapp: WhatsappValues;
}

export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  none: 'None (plain SMTP)',
  starttls: 'STARTTLS',
  tls: 'SSL/TLS',
};

/** The usual port of each security mode (picked when the mode changes and the port was usual). */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurity, number> = {
  none: 25,
  starttls: 587,
  tls: 465,
};

export const SMS_PROVIDER_LABELS: Record<SmsProvider, string> = {
  twilio: 'Twilio-style',
  msg91: 'MSG91-style',
};

export const CHANNEL_LABELS: Record<CommunicationType, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The form's values from the stored settings (secrets stay masked as they came), or defaults. */
export const valuesFrom = <T extends CommunicationType>(
  type: T,
  stored: CommunicationSettings['settings'],
): ChannelValues[T] => {
  const s = stored ?? {};
  const byType: { [K in CommunicationType]: () => ChannelValues[K] } = {
    email: () => ({
      host: text(s.host),
      port: text(s.port, String(SMTP_DEFAULT_PORTS.starttls)),
      security: pick(s.security, SMTP_SECURITY, 'starttls'),
      user: text(s.user),
      password: text(s.password),
      fromName: text(s.fromName),
      fromAddress: text(s.fromAddress),
    }),
    sms: () => ({
      provider: pick(s.provider, SMS_PROVIDERS, 'twilio'),
      accountId: text(s.accountId),
      authToken: text(s.authToken),
      senderId: text(s.senderId),
      dltEntityId: text(s.dltEntityId),
      dltTemplateId: text(s.dltTemplateId),
    }),
    whatsapp: () => ({
      phoneNumberId: text(s.phoneNumberId),
      accessToken: text(s.accessToken),
      templateNames: Array.isArray(s.templateNames)
        ? s.templateNames.filter((name): name is string => typeof name === 'string')
        : [],
      templateLanguage: text(s.templateLanguage, 'en'),
    }),
  };
  return byType[type]();
};

/** The stored secret as it came back (masked), or '' when none is stored. */
export const storedSecretOf = (
  type: CommunicationType,
  stored: CommunicationSettings['settings'],
): string => text(stored?.[CHANNEL_SECRET_FIELDS[type]]);

const SCHEMAS = {
  email: emailChannelSchema,
  sms: smsChannelSchema,
  whatsapp: whatsappChannelSchema,
} as const;

export type FieldErrors = Record<string, string>;

/**
 * Checks the values with the contract's schema of the channel and builds the save request. The
 * secret goes as it is: still masked when the admin left it alone (the server keeps the stored
 * one), or the new value after 'Replace'.
 */
export const buildSaveRequest = (
  type: CommunicationType,
  values: ChannelValues[CommunicationType],
  isActive: boolean,
): { request: SaveCommunicationSettingsRequest } | { errors: FieldErrors } => {
  const parsed = SCHEMAS[type].safeParse(values);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') errors[field] ??= issue.message;
    }
    return { errors };
  }
  // Send the typed values (strings trimmed by the schema, the port as a number).
  return {
    request: { type, isActive, settings: parsed.data } as SaveCommunicationSettingsRequest,
  };
};

/** Server field errors ('settings.host') as the form's fields ('host'). */
export const channelFieldErrors = (fields: Record<string, string>): FieldErrors => {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^settings\./, '').replace(/[.[].*$/, '');
    errors[field] ??= message;
  }
  return errors;
};
