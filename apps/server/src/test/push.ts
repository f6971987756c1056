import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that plays a Web Push service (RFC 8030) for tests that send through the real
 * push code: it keeps every request and answers the status `respond(path)` gives (default 201), or
 * never answers when that is 'hang'. Plus the browser's side: a subscription's keys and the RFC 8291
 * decryption, and the VAPID (RFC 8292) JWT check.
 */
export interface SeenPush {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface PushStub {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  seen: SeenPush[];
  close: () => Promise<void>;
}

export const startPushStub = async (
  respond: (path: string) => number | 'hang' = () => 201,
): Promise<PushStub> => {
  const seen: SeenPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const status = respond(path);
      if (status === 'hang') return;
      res.statusCode = status;
      res.end(status >= 400 ? `push service says ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** What a browser keeps for one subscription: its P-256 key pair and the auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  /** As `PushSubscription.toJSON().keys` (base64url). */
  keys: { p256dh: string; auth: string };
}

export const makeBrowserKeys = (): BrowserKeys => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
  };
};

/** Decrypts a one-record aes128gcm body (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export const decryptPushBody = (body: Buffer, browser: BrowserKeys): string => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end).toString('utf8');
};

/** Checks `vapid t=<jwt>, k=<key>`: answers the JWT claims when its ES256 signature holds for k. */
export const verifyVapid = (authorization: string | undefined) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, claims, signature] = match[1].split('.');
  if (!header || !claims || !signature) throw new Error('not a JWT');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    publicKey: match[2],
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud?: string;
      sub?: string;
      exp?: number;
    },
  };
};
