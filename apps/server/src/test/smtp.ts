import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer, type Mailer } from '../messaging/mail.js';

/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1, a free port) that keeps every
 * message it receives, decoded enough to read: envelope, headers, text and HTML parts and the
 * set-password link. Pair it with `testMailer(smtp)` in `createTestApp({ mailer })`.
 */
export interface CapturedMail {
  /** Envelope sender and recipients (what the SMTP conversation said). */
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The first `…/set-password?token=…` link of the text part, or null. */
  link: string | null;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or to come) that `match` accepts. */
  waitFor: (match: (mail: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  /** Messages sent to this address (case-insensitive). */
  to: (address: string) => CapturedMail[];
  close: () => Promise<void>;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Splits a MIME entity into lower-cased, unfolded headers and its body. */
const splitEntity = (entity: string): { headers: Record<string, string>; body: string } => {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at === -1 ? entity : entity.slice(0, at);
  const body = at === -1 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const decodeBody = (headers: Record<string, string>, body: string) => {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** The decoded leaf parts of a message, by content type (text/plain, text/html). */
const leafParts = (entity: string): { type: string; text: string }[] => {
  const { headers, body } = splitEntity(entity);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leafParts(part.replace(/^\r?\n/, '')));
  }
  return [
    {
      type: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      text: decodeBody(headers, body),
    },
  ];
};

export const parseMail = (raw: string, from = '', to: string[] = []): CapturedMail => {
  const { headers } = splitEntity(raw);
  const parts = leafParts(raw);
  const text = parts.find((p) => p.type === 'text/plain')?.text ?? '';
  const html = parts.find((p) => p.type === 'text/html')?.text ?? '';
  const link = /https?:\/\/[^\s"<>]+\/set-password\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0] ?? null;
  return { from, to, headers, subject: headers.subject ?? '', text, html, raw, link };
};

export const startSmtp = async (): Promise<TestSmtp> => {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const waitFor: TestSmtp['waitFor'] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    to: (address) =>
      messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The app's real mailer, pointed at the test SMTP server. */
export const testMailer = (smtp: TestSmtp): Mailer =>
  createMailer({
    smtpUrl: smtp.url,
    from: 'Safarnama <no-reply@safarnama.test>',
    outboxDir: join(tmpdir(), 'safarnama-test-outbox'),
    log: { info: () => undefined, warn: () => undefined },
  });
