import type { WhatsappChannel } from '@safarnama/contract';
import { callProvider, pick, type ProviderResult } from './http.js';

/**
 * WhatsApp through the Meta Cloud API: `POST /{version}/{phone-number-id}/messages` with a Bearer
 * access token. Business-initiated messages must use an approved template; the text goes in as
 * the template's first body parameter.
 */
export const DEFAULT_WHATSAPP_BASE_URL = 'https://graph.facebook.com';
export const WHATSAPP_API_VERSION = 'v20.0';

export interface WhatsappMessage {
  /** E.164, e.g. +919812345678. */
  to: string;
  /** Template to use (default: the first configured). */
  template?: string;
  /** Body parameters of the template, in order. */
  parameters?: string[];
}

export const sendWhatsapp = async (
  settings: WhatsappChannel,
  message: WhatsappMessage,
  baseUrl: string = DEFAULT_WHATSAPP_BASE_URL,
): Promise<ProviderResult> => {
  const to = message.to.replace(/[\s()+-]/g, '');
  const template = message.template ?? settings.templateNames[0];
  if (!/^[1-9][0-9]{6,14}$/.test(to)) {
    return {
      ok: false,
      status: 0,
      messageId: null,
      providerResponse: 'The phone number must be in international format, e.g. +919812345678',
    };
  }
  if (!template) {
    return {
      ok: false,
      status: 0,
      messageId: null,
      providerResponse: 'Add an approved template name first',
    };
  }
  const parameters = message.parameters ?? [];
  return callProvider({
    url: `${baseUrl.replace(/\/+$/, '')}/${WHATSAPP_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
    headers: {
      authorization: `Bearer ${settings.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: template,
        language: { code: settings.templateLanguage },
        ...(parameters.length > 0
          ? {
              components: [
                { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
              ],
            }
          : {}),
      },
    }),
    read: (json, ok) =>
      ok
        ? {
            messageId: pick(json, 'messages', 0, 'id'),
            text: `accepted (${pick(json, 'messages', 0, 'id') ?? 'no id'})`,
          }
        : { text: pick(json, 'error', 'message') ?? 'rejected' },
  });
};
