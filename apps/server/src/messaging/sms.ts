import type { SmsChannel } from '@safarnama/contract';
import { callProvider, pick, type ProviderResult } from './http.js';

/**
 * SMS adapters (DESIGN §1): a Twilio-style API (Messages resource, basic auth) and an MSG91-style
 * API (flow endpoint with an `authkey` header and India DLT template ids). Base URLs are
 * configurable so tests and self-hosted gateways can stand in.
 */
export interface SmsBaseUrls {
  twilio: string;
  msg91: string;
}

export const DEFAULT_SMS_BASE_URLS: SmsBaseUrls = {
  twilio: 'https://api.twilio.com',
  msg91: 'https://control.msg91.com',
};

export interface SmsMessage {
  /** E.164, e.g. +919812345678. */
  to: string;
  text: string;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

export const sendSms = async (
  settings: SmsChannel,
  message: SmsMessage,
  baseUrls: SmsBaseUrls = DEFAULT_SMS_BASE_URLS,
): Promise<ProviderResult> => {
  const to = message.to.replace(/[\s()-]/g, '');
  if (!E164.test(to)) {
    return {
      ok: false,
      status: 0,
      messageId: null,
      providerResponse: 'The phone number must be in international format, e.g. +919812345678',
    };
  }
  if (settings.provider === 'twilio') {
    const base = baseUrls.twilio.replace(/\/+$/, '');
    const auth = Buffer.from(`${settings.accountId}:${settings.authToken}`).toString('base64');
    return callProvider({
      url: `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountId)}/Messages.json`,
      headers: {
        authorization: `Basic ${auth}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: settings.senderId, Body: message.text }).toString(),
      read: (json, ok) =>
        ok
          ? {
              messageId: pick(json, 'sid'),
              text: `${pick(json, 'status') ?? 'accepted'} (${pick(json, 'sid') ?? 'no id'})`,
            }
          : { text: pick(json, 'message') ?? 'rejected' },
    });
  }
  const base = baseUrls.msg91.replace(/\/+$/, '');
  return callProvider({
    url: `${base}/api/v5/flow/`,
    headers: {
      authkey: settings.authToken,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({
      template_id: settings.dltTemplateId,
      sender: settings.senderId,
      DLT_TE_ID: settings.dltTemplateId,
      PE_ID: settings.dltEntityId,
      short_url: '0',
      recipients: [{ mobiles: to.slice(1), message: message.text }],
    }),
    read: (json, ok) => {
      const type = pick(json, 'type');
      const text = pick(json, 'message') ?? (ok ? 'accepted' : 'rejected');
      return { messageId: type === 'success' ? text : null, text: `${type ?? ''} ${text}`.trim() };
    },
  }).then((result) =>
    // MSG91 answers 200 with {type:'error'} for a refused request.
    result.ok && result.providerResponse.includes(' error ') ? { ...result, ok: false } : result,
  );
};
