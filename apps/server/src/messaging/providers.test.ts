import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProvider } from './http.js';
import { sendSms } from './sms.js';
import { sendWhatsapp } from './whatsapp.js';

/**
 * The SMS and WhatsApp adapters against a local HTTP server shaped like each provider: the
 * requests they make (path, auth, body) and how they read success, refusal and silence.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = req.url ?? '';
      res.setHeader('content-type', 'application/json');
      if (url.includes('/hang')) return; // never answers
      if (url.startsWith('/2010-04-01/Accounts/AC-bad/')) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
      }
      if (url.startsWith('/2010-04-01/Accounts/')) {
        res.statusCode = 201;
        return res.end(JSON.stringify({ sid: 'SM0001', status: 'queued' }));
      }
      if (url === '/api/v5/flow/') {
        const key = req.headers.authkey;
        res.statusCode = 200;
        return res.end(
          JSON.stringify(
            key === 'good-key'
              ? { type: 'success', message: '3763646c3058373530393831' }
              : { type: 'error', message: 'Invalid authkey' },
          ),
        );
      }
      if (url.endsWith('/messages')) {
        if (req.headers.authorization !== 'Bearer meta-token') {
          res.statusCode = 401;
          return res.end(
            JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }),
          );
        }
        return res.end(
          JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.X1' }] }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const twilio = {
  provider: 'twilio' as const,
  accountId: 'AC123',
  authToken: 'tw-secret',
  senderId: '+15005550006',
  dltEntityId: '',
  dltTemplateId: '',
};

describe('SMS, Twilio-style', () => {
  it('posts the message with basic auth and reads the message id', async () => {
    const result = await sendSms(
      twilio,
      { to: '+91 98123 45678', text: 'Hello from Safarnama' },
      { twilio: base, msg91: base },
    );
    expect(result).toMatchObject({ ok: true, status: 201, messageId: 'SM0001' });
    expect(result.providerResponse).toBe('201 queued (SM0001)');
    const request = seen.at(-1);
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC123:tw-secret').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+919812345678',
      From: '+15005550006',
      Body: 'Hello from Safarnama',
    });
  });

  it("reports the provider's refusal without the credentials", async () => {
    const result = await sendSms(
      { ...twilio, accountId: 'AC-bad' },
      { to: '+919812345678', text: 'x' },
      { twilio: base, msg91: base },
    );
    expect(result).toMatchObject({ ok: false, status: 401, providerResponse: '401 Authenticate' });
    expect(result.providerResponse).not.toContain('tw-secret');
  });

  it('refuses a number that is not in international format before calling anyone', async () => {
    const before = seen.length;
    const result = await sendSms(twilio, { to: '98123', text: 'x' }, { twilio: base, msg91: base });
    expect(result.ok).toBe(false);
    expect(seen.length).toBe(before);
  });
});

describe('SMS, MSG91-style', () => {
  const msg91 = {
    provider: 'msg91' as const,
    accountId: 'safarnama',
    authToken: 'good-key',
    senderId: 'SFRNMA',
    dltEntityId: '1201159000000000001',
    dltTemplateId: '1207161000000000002',
  };

  it('posts the flow with the authkey header and the DLT ids', async () => {
    const result = await sendSms(
      msg91,
      { to: '+919812345678', text: 'Namaste' },
      { twilio: base, msg91: base },
    );
    expect(result.ok).toBe(true);
    const request = seen.at(-1);
    expect(request?.headers.authkey).toBe('good-key');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      template_id: '1207161000000000002',
      sender: 'SFRNMA',
      PE_ID: '1201159000000000001',
      recipients: [{ mobiles: '919812345678', message: 'Namaste' }],
    });
  });

  it('treats a 200 answer of type error as a failure', async () => {
    const result = await sendSms(
      { ...msg91, authToken: 'bad' },
      { to: '+919812345678', text: 'x' },
      { twilio: base, msg91: base },
    );
    expect(result.ok).toBe(false);
    expect(result.providerResponse).toBe('200 error Invalid authkey');
  });
});

describe('WhatsApp, Meta Cloud API', () => {
  const whatsapp = {
    phoneNumberId: '1055',
    accessToken: 'meta-token',
    templateNames: ['trip_offer'],
    templateLanguage: 'en',
  };

  it('sends an approved template with the text as its body parameter', async () => {
    const result = await sendWhatsapp(
      whatsapp,
      { to: '+919812345678', parameters: ['Goa in monsoon'] },
      base,
    );
    expect(result).toMatchObject({ ok: true, messageId: 'wamid.X1' });
    const request = seen.at(-1);
    expect(request?.url).toBe('/v20.0/1055/messages');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      messaging_product: 'whatsapp',
      to: '919812345678',
      type: 'template',
      template: {
        name: 'trip_offer',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Goa in monsoon' }] }],
      },
    });
  });

  it("reads Meta's error message", async () => {
    const result = await sendWhatsapp(
      { ...whatsapp, accessToken: 'expired' },
      { to: '+919812345678' },
      base,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      providerResponse: '401 Invalid OAuth access token.',
    });
  });

  it('needs a template name', async () => {
    const result = await sendWhatsapp(
      { ...whatsapp, templateNames: [] },
      { to: '+919812345678' },
      base,
    );
    expect(result).toMatchObject({
      ok: false,
      providerResponse: 'Add an approved template name first',
    });
  });
});

describe('provider calls', () => {
  it('give up after the time-out with a readable answer', async () => {
    const started = Date.now();
    const result = await callProvider({
      url: `${base}/hang`,
      headers: {},
      body: '',
      timeoutMs: 300,
      read: () => ({ text: '' }),
    });
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      providerResponse: 'No answer from the provider within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('report an unreachable provider by host', async () => {
    const result = await callProvider({
      url: 'http://127.0.0.1:9/x',
      headers: {},
      body: '',
      read: () => ({ text: '' }),
    });
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      providerResponse: 'Could not reach the provider (127.0.0.1:9)',
    });
  });
});
