import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessagingBaseUrls } from '../config.js';

/**
 * A local HTTP server shaped like the messaging providers (Twilio Messages, MSG91 flow, Meta Cloud
 * API), for tests that send through the real adapters. It keeps every request and answers:
 * - Twilio: 201 `{sid, status}`; account `AC-bad` → 401 `{code, message: 'Authenticate'}`;
 * - MSG91: authkey `good-key` → `{type: 'success'}`, any other → 200 `{type: 'error'}`;
 * - Meta: `Bearer meta-token` → `{messages: [{id}]}`, any other → 401 with Meta's error shape.
 */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ProviderStub {
  baseUrls: MessagingBaseUrls;
  seen: SeenRequest[];
  close: () => Promise<void>;
}

export const PROVIDER_STUB = {
  twilioSid: 'SM0001',
  badTwilioAccount: 'AC-bad',
  msg91Key: 'good-key',
  metaToken: 'meta-token',
  metaMessageId: 'wamid.X1',
} as const;

export const startProviderStub = async (): Promise<ProviderStub> => {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = req.url ?? '';
      res.setHeader('content-type', 'application/json');
      if (url.startsWith(`/2010-04-01/Accounts/${PROVIDER_STUB.badTwilioAccount}/`)) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
      }
      if (url.startsWith('/2010-04-01/Accounts/')) {
        res.statusCode = 201;
        return res.end(JSON.stringify({ sid: PROVIDER_STUB.twilioSid, status: 'queued' }));
      }
      if (url === '/api/v5/flow/') {
        return res.end(
          JSON.stringify(
            req.headers.authkey === PROVIDER_STUB.msg91Key
              ? { type: 'success', message: '3763646c3058373530393831' }
              : { type: 'error', message: 'Invalid authkey' },
          ),
        );
      }
      if (url.endsWith('/messages')) {
        if (req.headers.authorization !== `Bearer ${PROVIDER_STUB.metaToken}`) {
          res.statusCode = 401;
          return res.end(
            JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }),
          );
        }
        return res.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            messages: [{ id: PROVIDER_STUB.metaMessageId }],
          }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrls: { twilio: base, msg91: base, whatsapp: base },
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
