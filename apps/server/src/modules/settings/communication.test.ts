import type { LightMyRequestResponse } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SECRET_MASK,
  SETTINGS_MESSAGES as M,
  maskSecret,
  type CommunicationSettings,
  type TestCommunicationResult,
} from '@safarnama/contract';
import { adminActivities, communicationSettings, loginThrottle } from '../../db/schema/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { dataOf, record, errorOf } from '../../test/api.js';
import { makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { fakeRealtime, signedInWith } from '../../test/manage.js';
import { PROVIDER_STUB, startProviderStub, type ProviderStub } from '../../test/providers.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { TEST_TEXTS } from './communication.channels.js';

const P = API_PATHS.setting;
const APP_SECRET = 'settings-test-app-secret-0123456789abcdef';

const SECRETS = {
  smtp: 'smtp-Pass-S3cret-value',
  twilio: 'tw-secret-token-123456',
  msg91: PROVIDER_STUB.msg91Key,
  meta: PROVIDER_STUB.metaToken,
} as const;

describe('communication settings', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let providers: ProviderStub;
  let editor: Record<string, string>;
  /** Every answer of the file, for the SECURITY 13 sweep at the end. */
  const answers: LightMyRequestResponse[] = [];

  const keep = (res: LightMyRequestResponse) => {
    answers.push(res);
    return res;
  };
  const save = async (data: unknown, headers = editor) =>
    keep(
      await t.app.inject({
        method: 'POST',
        url: P.saveCommunication,
        headers,
        payload: { data },
      }),
    );
  const read = async (type: string) =>
    keep(
      await t.app.inject({
        method: 'GET',
        url: P.communication,
        query: { type },
        headers: editor,
      }),
    );
  const sendTest = async (type: string, to: string) =>
    keep(
      await t.app.inject({
        method: 'POST',
        url: P.testCommunication,
        headers: editor,
        payload: { data: { type, to } },
      }),
    );

  const email = (overrides: Record<string, unknown> = {}) => ({
    type: 'email',
    settings: {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: '',
      password: SECRETS.smtp,
      fromName: 'Safarnama Ops',
      fromAddress: 'ops@safarnama.test',
      ...overrides,
    },
  });
  const twilio = (overrides: Record<string, unknown> = {}) => ({
    type: 'sms',
    settings: {
      provider: 'twilio',
      accountId: 'AC123',
      authToken: SECRETS.twilio,
      senderId: '+15005550006',
      ...overrides,
    },
  });
  const msg91 = (overrides: Record<string, unknown> = {}) => ({
    type: 'sms',
    settings: {
      provider: 'msg91',
      accountId: 'safarnama',
      authToken: SECRETS.msg91,
      senderId: 'SFRNMA',
      dltEntityId: '1201159000000000001',
      dltTemplateId: '1207161000000000002',
      ...overrides,
    },
  });
  const whatsapp = (overrides: Record<string, unknown> = {}) => ({
    type: 'whatsapp',
    settings: {
      phoneNumberId: '1055',
      accessToken: SECRETS.meta,
      templateNames: ['hello_world'],
      ...overrides,
    },
  });
  const storedRow = async (type: 'email' | 'sms' | 'whatsapp') => {
    const [row] = await t.database.db
      .select()
      .from(communicationSettings)
      .where(eq(communicationSettings.type, type));
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    providers = await startProviderStub();
    // The real mailer (no `mailer` given): it reads the e-mail settings.
    t = await createTestApp({
      config: { appSecret: APP_SECRET, messaging: providers.baseUrls },
      realtime: fakeRealtime().realtime,
    });
    editor = (await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']))
      .headers;
  });
  afterEach(async () => {
    await t.app.services.account.settle();
    await t.database.db.delete(communicationSettings);
    // Each test starts with a fresh test-send allowance (the throttle has a test of its own).
    await t.database.db.delete(loginThrottle).where(like(loginThrottle.key, 'test-send:%'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await providers.close();
  });

  it('answers an unsaved channel as not configured', async () => {
    for (const type of ['email', 'sms', 'whatsapp']) {
      expect(record<CommunicationSettings>(await read(type))).toEqual({
        type,
        isActive: false,
        configured: false,
        settings: null,
        updatedAt: null,
        updatedBy: null,
        testedAt: null,
      });
    }
    expect(errorOf(await read('fax'), 400).code).toBe('VALIDATION_ERROR');
  });

  it('stores the secret sealed with AES-256-GCM under APP_SECRET and answers it masked', async () => {
    const saved = record<CommunicationSettings>(await save(email()));
    expect(saved).toMatchObject({ type: 'email', isActive: false, configured: true });
    expect(saved.settings).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: '',
      password: maskSecret(SECRETS.smtp),
      fromName: 'Safarnama Ops',
      fromAddress: 'ops@safarnama.test',
    });
    expect(saved.settings?.password).toBe(`${SECRET_MASK}alue`);
    expect(record<CommunicationSettings>(await read('email'))).toEqual(saved);

    const row = await storedRow('email');
    expect(row?.settings).not.toHaveProperty('password');
    expect(JSON.stringify(row)).not.toContain(SECRETS.smtp);
    expect(row?.secretEnc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const sealed = row?.secretEnc ?? '';
    expect(createSecretBox(APP_SECRET, 'channels').open(sealed)).toBe(SECRETS.smtp);
    // Another APP_SECRET, or another purpose under the same one, opens nothing.
    expect(() =>
      createSecretBox('another-app-secret-0123456789abcdefghij', 'channels').open(sealed),
    ).toThrow();
    expect(() => createSecretBox(APP_SECRET, 'totp').open(sealed)).toThrow();
    // Sealing twice gives two ciphertexts (random IV).
    dataOf(await save(email({ password: SECRETS.smtp })));
    expect((await storedRow('email'))?.secretEnc).not.toBe(sealed);
  });

  it('keeps the stored secret when the masked value comes back, refuses an edited mask', async () => {
    dataOf(await save(twilio()));
    const before = await storedRow('sms');
    const masked = maskSecret(SECRETS.twilio);
    const kept = record<CommunicationSettings>(
      await save(twilio({ authToken: masked, senderId: '+15005550007' })),
    );
    expect(kept.settings).toMatchObject({ senderId: '+15005550007', authToken: masked });
    const after = await storedRow('sms');
    expect(after?.secretEnc).toBe(before?.secretEnc);
    expect(after?.settings).toMatchObject({ senderId: '+15005550007' });

    const edited = errorOf(await save(twilio({ authToken: `${SECRET_MASK}9999` })), 400);
    expect(edited.details).toEqual([{ path: 'settings.authToken', message: M.secretMaskChanged }]);
    // A mask for a channel that has no secret yet is refused too.
    expect(errorOf(await save(whatsapp({ accessToken: masked })), 400).details).toEqual([
      { path: 'settings.accessToken', message: M.secretMaskChanged },
    ]);
    // A new value replaces the secret.
    dataOf(await save(twilio({ authToken: 'a-brand-new-token-0000' })));
    expect(
      createSecretBox(APP_SECRET, 'channels').open((await storedRow('sms'))?.secretEnc ?? ''),
    ).toBe('a-brand-new-token-0000');
    // The providers always need their secret; an SMTP server may not.
    expect(errorOf(await save(whatsapp({ accessToken: '' })), 400).details).toEqual([
      { path: 'settings.accessToken', message: M.secretRequired },
    ]);
    const open = record<CommunicationSettings>(await save(email({ password: '' })));
    expect(open.settings?.password).toBe('');
    expect((await storedRow('email'))?.secretEnc).toBeNull();
  });

  it('SECURITY 18: a line break in a header field → 400 at that field', async () => {
    const cases: [unknown, string][] = [
      [email({ fromName: 'Ops\r\nBcc: spy@evil.test' }), 'settings.fromName'],
      [email({ fromAddress: 'ops@safarnama.test\r\nBcc: spy@evil.test' }), 'settings.fromAddress'],
      [email({ host: 'smtp.example.com\nX: y' }), 'settings.host'],
      [email({ user: 'o\rps' }), 'settings.user'],
      [twilio({ senderId: 'SFR\nNMA' }), 'settings.senderId'],
      [whatsapp({ templateNames: ['ok', 'bad\r\nname'] }), 'settings.templateNames.1'],
    ];
    for (const [data, path] of cases) {
      const error = errorOf(await save(data), 400);
      expect(
        error.details?.map((d) => d.path),
        path,
      ).toContain(path);
    }
    expect(await t.database.db.select().from(communicationSettings)).toEqual([]);
    expect(
      errorOf(await save({ ...email(), settings: { ...email().settings, secure: true } }), 400)
        .details,
    ).toEqual([{ path: 'settings.secure', message: 'Unknown field' }]);
  });

  it('sends a real test e-mail through the saved SMTP server, active or not', async () => {
    // A sender name with quotes and a comma stays one address.
    dataOf(await save({ ...email({ fromName: 'Safarnama "Ops", India' }), isActive: false }));
    const result = dataOf<TestCommunicationResult>(await sendTest('email', 'test@example.com'));
    expect(result.delivered).toBe(true);
    expect(result.providerResponse).toMatch(/^250 /);
    const mail = await smtp.waitFor((m) => m.subject === TEST_TEXTS.subject);
    expect(mail.to).toEqual(['test@example.com']);
    expect(mail.from).toBe('ops@safarnama.test');
    expect(mail.headers.from).toBe('"Safarnama \\"Ops\\", India" <ops@safarnama.test>');
    expect(mail.text).toContain(TEST_TEXTS.mail);
  });

  it('a new channel starts off; on needs a successful test send or confirmUntested (409 otherwise)', async () => {
    // First save: off, whatever the channel. Asking for on straight away is refused, nothing saved.
    const untested = errorOf(await save({ ...email(), isActive: true }), 409);
    expect(untested).toMatchObject({ code: 'CONFLICT', message: M.channelUntested });
    expect(await storedRow('email')).toBeUndefined();
    const first = record<CommunicationSettings>(await save(email()));
    expect(first).toMatchObject({ isActive: false, configured: true, testedAt: null });
    expect(errorOf(await save({ ...email(), isActive: true }), 409).message).toBe(
      M.channelUntested,
    );
    expect((await storedRow('email'))?.isActive).toBe(false);

    // A test that was not delivered does not count.
    dataOf(await save(email({ port: 9 })));
    expect(
      dataOf<TestCommunicationResult>(await sendTest('email', 'a@example.com')).delivered,
    ).toBe(false);
    expect(errorOf(await save({ ...email({ port: 9 }), isActive: true }), 409).code).toBe(
      'CONFLICT',
    );

    // A delivered test through the saved settings (the test SMTP server) lets it be switched on.
    dataOf(await save(email()));
    expect(
      dataOf<TestCommunicationResult>(await sendTest('email', 'a@example.com')).delivered,
    ).toBe(true);
    const tested = record<CommunicationSettings>(await read('email'));
    expect(tested.testedAt).toEqual(expect.any(String));
    const on = record<CommunicationSettings>(await save({ ...email(), isActive: true }));
    expect(on).toMatchObject({ isActive: true, testedAt: tested.testedAt });
    // Saved again unchanged (isActive left out): stays on, still tested.
    expect(record<CommunicationSettings>(await save(email()))).toMatchObject({
      isActive: true,
      testedAt: tested.testedAt,
    });

    // Changed settings are untested again: kept on only with the admin's confirmation.
    expect(errorOf(await save(email({ fromName: 'Ops Desk' })), 409).message).toBe(
      M.channelUntested,
    );
    expect((await storedRow('email'))?.settings).toMatchObject({ fromName: 'Safarnama Ops' });
    const confirmed = record<CommunicationSettings>(
      await save({ ...email({ fromName: 'Ops Desk' }), confirmUntested: true }),
    );
    expect(confirmed).toMatchObject({ isActive: true, testedAt: null });
    // Switching off never needs anything.
    expect(
      record<CommunicationSettings>(
        await save({ ...email({ fromName: 'Ops Desk' }), isActive: false }),
      ).isActive,
    ).toBe(false);

    // A provider channel on at its first save, confirmed without a test.
    const sms = record<CommunicationSettings>(
      await save({ ...twilio(), isActive: true, confirmUntested: true }),
    );
    expect(sms).toMatchObject({ isActive: true, testedAt: null });
    expect(
      errorOf(await save({ ...whatsapp(), isActive: true, confirmUntested: 'yes' }), 400).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('reports an SMTP server that cannot be reached as not delivered, in one generic line', async () => {
    dataOf(await save(email({ port: 9 })));
    const res = await sendTest('email', 'ops@example.com');
    const result = dataOf<TestCommunicationResult>(res);
    expect(result.delivered).toBe(false);
    // No "ECONNREFUSED" / "Greeting never received": the test send maps no ports.
    expect(result.providerResponse).toBe(M.testUnreachable);
    expect(body<{ message: string }>(res).message).toBe(M.testFailed);
  });

  it("never shows another service's banner as the SMTP answer", async () => {
    const banner = createServer((socket) => {
      socket.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n');
    });
    await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = banner.address() as AddressInfo;
      dataOf(await save(email({ port })));
      const result = dataOf<TestCommunicationResult>(await sendTest('email', 'ops@example.com'));
      expect(result).toEqual({ delivered: false, providerResponse: M.testUnreachable });
    } finally {
      await new Promise<void>((resolve) => banner.close(() => resolve()));
    }
  });

  it('allows 10 test sends per admin in 15 minutes, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await sendTest('sms', 'not a phone')).statusCode).toBe(400);
    }
    const refused = await sendTest('sms', '+919876543210');
    const error = errorOf(refused, 429);
    expect(error.message).toMatch(/^Too many test messages\. Try again in 1[45] minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('sends test SMS (Twilio- and MSG91-style) and WhatsApp through the providers, with their errors', async () => {
    dataOf(await save(twilio()));
    const res = await sendTest('sms', '+91 98123 45678');
    expect(dataOf<TestCommunicationResult>(res)).toEqual({
      delivered: true,
      providerResponse: `201 queued (${PROVIDER_STUB.twilioSid})`,
    });
    expect(body<{ message: string }>(res).message).toBe(M.testSent);
    const request = providers.seen.at(-1);
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`AC123:${SECRETS.twilio}`).toString('base64')}`,
    );
    expect(new URLSearchParams(request?.body).get('To')).toBe('+919812345678');

    dataOf(await save(twilio({ accountId: PROVIDER_STUB.badTwilioAccount })));
    expect(dataOf<TestCommunicationResult>(await sendTest('sms', '+919812345678'))).toEqual({
      delivered: false,
      providerResponse: '401 Authenticate',
    });

    dataOf(await save(msg91()));
    expect(dataOf<TestCommunicationResult>(await sendTest('sms', '+919812345678')).delivered).toBe(
      true,
    );
    expect(providers.seen.at(-1)?.headers.authkey).toBe(SECRETS.msg91);
    dataOf(await save(msg91({ authToken: 'wrong-key' })));
    expect(dataOf<TestCommunicationResult>(await sendTest('sms', '+919812345678'))).toEqual({
      delivered: false,
      providerResponse: '200 error Invalid authkey',
    });

    dataOf(await save(whatsapp()));
    expect(dataOf<TestCommunicationResult>(await sendTest('whatsapp', '+919812345678'))).toEqual({
      delivered: true,
      providerResponse: `200 accepted (${PROVIDER_STUB.metaMessageId})`,
    });
    expect(JSON.parse(providers.seen.at(-1)?.body ?? '{}')).toMatchObject({
      to: '919812345678',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en' } },
    });
    dataOf(await save(whatsapp({ accessToken: 'expired-token' })));
    expect(dataOf<TestCommunicationResult>(await sendTest('whatsapp', '+919812345678'))).toEqual({
      delivered: false,
      providerResponse: '401 Invalid OAuth access token.',
    });
  });

  it('refuses a test of an unsaved channel or to an unusable recipient (400)', async () => {
    expect(errorOf(await sendTest('whatsapp', '+919812345678'), 400).message).toBe(
      M.communicationNotConfigured,
    );
    dataOf(await save(email()));
    dataOf(await save(twilio()));
    const before = providers.seen.length;
    expect(errorOf(await sendTest('email', 'not-an-address'), 400).details).toEqual([
      { path: 'to', message: M.testToEmail },
    ]);
    expect(errorOf(await sendTest('sms', '98123'), 400).details).toEqual([
      { path: 'to', message: M.testToPhone },
    ]);
    expect(errorOf(await sendTest('email', 'a@example.com\r\nBcc: b@evil.test'), 400).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(providers.seen.length).toBe(before);
  });

  it("routes the app's own mail through the active e-mail settings", async () => {
    const admin = await makeAdmin(t.database.db, t.hasher, { email: 'reset-me@example.com' });
    const forgot = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.forgotPassword,
        payload: { data: { email: admin.email } },
        remoteAddress: ip,
      });
    dataOf(await save(email()));
    expect(
      dataOf<TestCommunicationResult>(await sendTest('email', 'ops@example.com')).delivered,
    ).toBe(true);
    dataOf(await save({ ...email(), isActive: true }));
    expect((await forgot('192.0.2.10')).statusCode).toBe(200);
    await t.app.services.account.settle();
    const mail = await smtp.waitFor((m) => m.to.includes(admin.email));
    expect(mail.link).toMatch(/\/set-password\?token=/);
    expect(mail.from).toBe('ops@safarnama.test');
    expect(mail.headers.from).toBe('Safarnama Ops <ops@safarnama.test>');

    // Switched off: the mailer falls back (no SMTP_URL here: the outbox), the SMTP server gets nothing.
    dataOf(await save({ ...email(), isActive: false }));
    expect((await forgot('192.0.2.11')).statusCode).toBe(200);
    await t.app.services.account.settle();
    expect(smtp.to(admin.email)).toHaveLength(1);
  });

  it('a different APP_SECRET cannot open the stored secret: shown unset, tests refused', async () => {
    dataOf(await save(whatsapp()));
    const other = await createTestApp({
      database: t.database,
      config: { appSecret: 'another-app-secret-0123456789abcdefghij' },
      realtime: fakeRealtime().realtime,
    });
    try {
      const seen = record<CommunicationSettings>(
        await other.app.inject({
          method: 'GET',
          url: P.communication,
          query: { type: 'whatsapp' },
          headers: editor,
        }),
      );
      expect(seen).toMatchObject({ configured: true });
      expect(seen.settings?.accessToken).toBe('');
      const test = await other.app.inject({
        method: 'POST',
        url: P.testCommunication,
        headers: editor,
        payload: { data: { type: 'whatsapp', to: '+919812345678' } },
      });
      expect(errorOf(test, 400).message).toBe(M.secretUnreadable);
    } finally {
      await other.app.close();
    }
  });

  it('needs settings.view to read and settings.update to save or test', async () => {
    const viewer = await signedInWith(t.database.db, t.hasher, ['settings.view']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: P.communication,
          query: { type: 'email' },
          headers: viewer.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await save(email(), viewer.headers)).statusCode).toBe(403);
    const test = await t.app.inject({
      method: 'POST',
      url: P.testCommunication,
      headers: viewer.headers,
      payload: { data: { type: 'email', to: 'a@example.com' } },
    });
    expect(test.statusCode).toBe(403);
  });

  it('SECURITY 13: no answer and no audit entry holds a channel secret', async () => {
    dataOf(await save(email()));
    dataOf(await save(twilio()));
    dataOf(await save(whatsapp()));
    dataOf(await save(twilio({ authToken: maskSecret(SECRETS.twilio) })));
    for (const type of ['email', 'sms', 'whatsapp']) dataOf(await read(type));
    dataOf(await sendTest('sms', '+919812345678'));
    dataOf(await sendTest('whatsapp', '+919812345678'));

    expect(answers.length).toBeGreaterThan(30);
    for (const res of answers) {
      for (const secret of [SECRETS.smtp, SECRETS.twilio, SECRETS.meta, 'a-brand-new-token-0000']) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).not.toMatch(/v1\.[\w-]{16}\.[\w-]{22}\./);
    }

    const entries = await t.database.db
      .select()
      .from(adminActivities)
      .where(eq(adminActivities.entityType, 'communication-settings'));
    expect(entries.length).toBeGreaterThan(10);
    const log = JSON.stringify(entries);
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
    expect(log).not.toContain('a-brand-new-token-0000');
    expect(log).not.toMatch(/v1\.[\w-]{16}\.[\w-]{22}\./);
    const firstSave = entries.find((e) => e.entityId === 'email' && e.action === 'update');
    expect(firstSave?.summary).toBe('Updated communication settings');
    const tested = entries.find((e) => e.action === 'test');
    expect(tested?.changes).toMatchObject({ type: { to: expect.any(String) } });
  });
});
