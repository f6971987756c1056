import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  PUSH_MESSAGES as M,
  PUSH_REFRESH_MS,
  errorEnvelopeSchema,
  type PushPayload,
} from '@safarnama/contract';
import {
  adminActivities,
  adminUsers,
  appSettings,
  pushSubscriptions,
} from '../../db/schema/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { PUSH_MAX_PAYLOAD_BYTES, encodePushPayload } from '../../messaging/push.js';
import { dataOf, errorOf } from '../../test/api.js';
import { makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { postData, sessionFor } from '../../test/manage.js';
import {
  decryptPushBody,
  makeBrowserKeys,
  startPushStub,
  verifyVapid,
  type PushStub,
} from '../../test/push.js';
import {
  MAX_SUBSCRIPTIONS_PER_ADMIN,
  createPushService,
  isAllowedEndpoint,
  vapidSubject,
  type PushService,
} from './push.service.js';

const P = API_PATHS.common;
const APP_SECRET = 'push-test-app-secret-0123456789abcdefgh';
const HOSTS = ['127.0.0.1', 'push.example.com'];
const MAIL_FROM = 'Safarnama Ops <ops@safarnama.test>';
const silent = { warn: () => undefined };

describe('web push', () => {
  let t: TestApp;
  let stub: PushStub;
  /** Milliseconds added to the app's clock (subscriptions get distinct `last_seen_at`). */
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    t = await createTestApp({
      now,
      config: { appSecret: APP_SECRET, pushServiceHosts: HOSTS, mailFrom: MAIL_FROM },
    });
    // The push service: /gone → 410, /missing → 404, /broken → 500, /slow never answers.
    stub = await startPushStub((path) => {
      if (path.startsWith('/gone')) return 410;
      if (path.startsWith('/missing')) return 404;
      if (path.startsWith('/broken')) return 500;
      if (path.startsWith('/slow')) return 'hang';
      return 201;
    });
  });
  afterAll(async () => {
    await stub.close();
    await t.close();
  });

  const signedIn = async () => {
    const made = await makeAdmin(t.database.db, t.hasher);
    const headers = await sessionFor(t.database.db, made.admin.id);
    return { ...made, headers, token: headers.authorization.replace('Bearer ', '') };
  };

  const subscriptionJson = (endpoint: string, keys = makeBrowserKeys().keys) => ({
    endpoint,
    expirationTime: null,
    keys,
  });

  const saveToken = (
    headers: Record<string, string>,
    fcmToken: unknown,
    extra: Record<string, unknown> = {},
  ) =>
    postData(
      t.app,
      P.saveFcmToken,
      {
        userToken: null,
        fcmToken: typeof fcmToken === 'string' ? fcmToken : JSON.stringify(fcmToken),
        type: 'Admin',
        ...extra,
      },
      { ...headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Test' },
    );

  const rowsOf = (adminId: string) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.adminId, adminId));
  const rowByEndpoint = async (endpoint: string) =>
    (
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
    )[0];

  const serviceWith = (overrides: Partial<Parameters<typeof createPushService>[0]> = {}) =>
    createPushService({
      db: t.database.db,
      now,
      box: createSecretBox(APP_SECRET, 'vapid'),
      subject: vapidSubject(MAIL_FROM),
      allowedHosts: HOSTS,
      log: silent,
      ...overrides,
    });

  describe('save-fcm-token', () => {
    it('saves the subscription for the caller and answers when to refresh', async () => {
      const me = await signedIn();
      const sub = subscriptionJson(`${stub.origin}/fresh/${me.admin.id}`);
      const before = Date.now();
      const data = dataOf<{ saved: boolean; refreshAfter: string }>(
        await saveToken(me.headers, sub, { userToken: me.token }),
      );
      expect(data.saved).toBe(true);
      const refreshAfter = new Date(data.refreshAfter).getTime();
      expect(refreshAfter).toBeGreaterThanOrEqual(before + PUSH_REFRESH_MS);
      expect(refreshAfter).toBeLessThanOrEqual(Date.now() + PUSH_REFRESH_MS);

      const rows = await rowsOf(me.admin.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Test',
      });
    });

    it('a null userToken is fine (cookie sessions); the answer message is the spec text', async () => {
      const me = await signedIn();
      const res = await saveToken(
        me.headers,
        subscriptionJson(`${stub.origin}/null/${me.admin.id}`),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ message: string }>(res).message).toBe(M.saved);
    });

    it('re-binds a known endpoint to the admin who saves it last, with the new keys', async () => {
      const first = await signedIn();
      const second = await signedIn();
      const endpoint = `${stub.origin}/shared/${first.admin.id}`;
      dataOf(await saveToken(first.headers, subscriptionJson(endpoint)));
      const seenBefore = (await rowByEndpoint(endpoint))?.lastSeenAt;
      offset += 60_000;
      const keys = makeBrowserKeys().keys;
      dataOf(await saveToken(second.headers, subscriptionJson(endpoint, keys)));

      expect(await rowsOf(first.admin.id)).toHaveLength(0);
      const row = await rowByEndpoint(endpoint);
      expect(row).toMatchObject({ adminId: second.admin.id, p256dh: keys.p256dh, auth: keys.auth });
      expect(row?.lastSeenAt.getTime()).toBeGreaterThan(seenBefore?.getTime() ?? Infinity);
    });

    it(`keeps the ${MAX_SUBSCRIPTIONS_PER_ADMIN} most recently seen subscriptions of an admin`, async () => {
      const me = await signedIn();
      const endpoints = Array.from(
        { length: MAX_SUBSCRIPTIONS_PER_ADMIN + 2 },
        (_, i) => `${stub.origin}/many/${me.admin.id}/${i}`,
      );
      for (const endpoint of endpoints) {
        offset += 1000;
        dataOf(await saveToken(me.headers, subscriptionJson(endpoint)));
      }
      // Seeing the oldest one again makes it recent: the next save drops the then-oldest.
      offset += 1000;
      dataOf(await saveToken(me.headers, subscriptionJson(endpoints[0] ?? '')));
      const kept = (await rowsOf(me.admin.id)).map((r) => r.endpoint).sort();
      expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_ADMIN);
      expect(kept).toEqual([endpoints[0], ...endpoints.slice(3)].map(String).sort());
    });

    it('refuses what is not a push subscription of type Admin', async () => {
      const me = await signedIn();
      const good = subscriptionJson(`${stub.origin}/validation/${me.admin.id}`);
      const cases: [string, unknown, Record<string, unknown>][] = [
        ['not JSON', '{"endpoint":', {}],
        ['JSON but not an object', '"hello"', {}],
        ['no keys', { endpoint: good.endpoint }, {}],
        ['unknown field', { ...good, extra: 1 }, {}],
        ['not a URL', { ...good, endpoint: 'push-service' }, {}],
        ['ftp URL', { ...good, endpoint: 'ftp://push.example.com/x' }, {}],
        ['type User', good, { type: 'User' }],
        ['type missing', good, { type: undefined }],
        ['userToken a number', good, { userToken: 42 }],
        ['fcmToken an object', good, { fcmToken: good }],
      ];
      for (const [name, fcmToken, extra] of cases) {
        const res = await saveToken(me.headers, fcmToken, extra);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(errorOf(res, 400).code, name).toBe('VALIDATION_ERROR');
      }
      // Keys that are not a P-256 point and a 16-byte secret.
      for (const keys of [
        { p256dh: 'abc', auth: good.keys.auth },
        { p256dh: good.keys.p256dh, auth: 'c2hvcnQ' },
        { p256dh: `${good.keys.p256dh}!`, auth: good.keys.auth },
      ]) {
        const error = errorOf(await saveToken(me.headers, { ...good, keys }), 400);
        expect(error.message).toBe(M.invalidKeys);
        expect(error.details).toEqual([{ path: 'fcmToken', message: M.invalidKeys }]);
      }
      expect(await rowsOf(me.admin.id)).toHaveLength(0);
    });

    it('refuses a push service outside PUSH_SERVICE_HOSTS and plain http off loopback', async () => {
      const me = await signedIn();
      for (const endpoint of [
        'https://evil.example.org/push/1',
        'https://push.example.com.evil.org/push/1',
        'https://notpush.example.com/push/1',
        'http://push.example.com/push/1',
        'https://user:pw@push.example.com/push/1',
        'http://localhost:9/push/1',
      ]) {
        const error = errorOf(await saveToken(me.headers, subscriptionJson(endpoint)), 400);
        expect(error.message, endpoint).toBe(M.endpointNotAllowed);
      }
      expect(await rowsOf(me.admin.id)).toHaveLength(0);
      // https to an allowed host or its subdomain is fine.
      for (const endpoint of [
        'https://push.example.com/push/ok',
        'https://eu.push.example.com/push/ok',
      ]) {
        expect((await saveToken(me.headers, subscriptionJson(endpoint))).statusCode).toBe(200);
      }
    });

    it("refuses a userToken that is not the caller's own session token", async () => {
      const me = await signedIn();
      const other = await signedIn();
      for (const userToken of [other.token, 'not-a-token', '']) {
        const error = errorOf(
          await saveToken(me.headers, subscriptionJson(`${stub.origin}/mine/${me.admin.id}`), {
            userToken,
          }),
          400,
        );
        expect(error.message).toBe(M.userTokenMismatch);
      }
      expect(await rowsOf(me.admin.id)).toHaveLength(0);
    });

    it('needs a signed-in admin', async () => {
      const sub = subscriptionJson(`${stub.origin}/anonymous`);
      expect((await saveToken({}, sub)).statusCode).toBe(401);
      expect(
        (await saveToken({ authorization: 'Bearer revoked-or-made-up' }, sub)).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: P.vapidPublicKey })).statusCode).toBe(401);
      expect(await rowByEndpoint(sub.endpoint)).toBeUndefined();
    });

    it('is recorded in the audit log without the subscription or the token', async () => {
      const me = await signedIn();
      const sub = subscriptionJson(`${stub.origin}/audited/${me.admin.id}`);
      dataOf(await saveToken(me.headers, sub, { userToken: me.token }));
      const entries = await t.database.db
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.adminId, me.admin.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'register', entityType: 'push-token' });
      const stored = JSON.stringify(entries[0]);
      expect(stored).not.toContain(sub.endpoint);
      expect(stored).not.toContain(sub.keys.auth);
      expect(stored).not.toContain(me.token);
    });

    it('goes with its admin', async () => {
      const me = await signedIn();
      const sub = subscriptionJson(`${stub.origin}/cascade/${me.admin.id}`);
      dataOf(await saveToken(me.headers, sub));
      await t.database.db.delete(adminUsers).where(eq(adminUsers.id, me.admin.id));
      expect(await rowByEndpoint(sub.endpoint)).toBeUndefined();
    });

    it('any body answers 200 or 4xx, never 500 (SECURITY 14)', async () => {
      const me = await signedIn();
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              userToken: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
              fcmToken: fc.oneof(
                fc.string(),
                fc.json(),
                fc
                  .record({ endpoint: fc.webUrl(), keys: fc.object() })
                  .map((v) => JSON.stringify(v)),
              ),
              type: fc.oneof(fc.constant('Admin'), fc.string()),
            },
            { requiredKeys: [] },
          ),
          async (data) => {
            const res = await postData(t.app, P.saveFcmToken, data, me.headers);
            expect(res.statusCode === 200 || (res.statusCode >= 400 && res.statusCode < 500)).toBe(
              true,
            );
            if (res.statusCode !== 200) errorEnvelopeSchema.parse(body(res));
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  describe('VAPID key pair', () => {
    it('is created once, even by two processes at the same moment; the private key is sealed', async () => {
      // A fresh pair of services on this database (the app's own may have made one already).
      await t.database.db.delete(appSettings).where(eq(appSettings.key, 'vapid'));
      const [a, b] = [serviceWith(), serviceWith()];
      const [keyA, keyB] = await Promise.all([a.publicKey(), b.publicKey()]);
      expect(keyA).toBe(keyB);
      expect(Buffer.from(keyA, 'base64url')).toHaveLength(65);

      const rows = await t.database.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'vapid'));
      expect(rows).toHaveLength(1);
      const value = rows[0]?.value as { publicKey: string; privateKeySealed: string };
      expect(value.publicKey).toBe(keyA);
      const privateKey = createSecretBox(APP_SECRET, 'vapid').open(value.privateKeySealed);
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
      expect(JSON.stringify(rows[0])).not.toContain(privateKey);
      // Another purpose's key cannot open it.
      expect(() => createSecretBox(APP_SECRET, 'channels').open(value.privateKeySealed)).toThrow();

      // The app (another process, same database) reads the same pair.
      const me = await signedIn();
      const answer = dataOf<{ publicKey: string }>(
        await t.app.inject({ method: 'GET', url: P.vapidPublicKey, headers: me.headers }),
      );
      expect(answer.publicKey).toBe(keyA);
    });

    it('is replaced, with the subscriptions made for it, when APP_SECRET no longer opens it', async () => {
      const me = await signedIn();
      const sub = subscriptionJson(`${stub.origin}/rotated/${me.admin.id}`);
      dataOf(await saveToken(me.headers, sub));
      const old = await serviceWith().publicKey();
      const moved = serviceWith({ box: createSecretBox(`${APP_SECRET}-changed`, 'vapid') });
      const fresh = await moved.publicKey();
      expect(fresh).not.toBe(old);
      expect(await rowByEndpoint(sub.endpoint)).toBeUndefined();
      expect(
        await serviceWith({ box: createSecretBox(`${APP_SECRET}-changed`, 'vapid') }).publicKey(),
      ).toBe(fresh);
      // Back to the test's secret for the rest of the file.
      await t.database.db.delete(appSettings).where(eq(appSettings.key, 'vapid'));
    });
  });

  describe('sending', () => {
    let push: PushService;
    beforeAll(() => {
      push = serviceWith({ timeoutMs: 300 });
    });

    const subscribed = async (path: string) => {
      const me = await signedIn();
      const browser = makeBrowserKeys();
      const endpoint = `${stub.origin}/${path}/${me.admin.id}`;
      dataOf(await saveToken(me.headers, subscriptionJson(endpoint, browser.keys)));
      const row = await rowByEndpoint(endpoint);
      if (!row) throw new Error('not saved');
      return { row, browser, target: { id: row.id, endpoint, p256dh: row.p256dh, auth: row.auth } };
    };
    const seenAt = (endpoint: string) =>
      stub.seen.filter((s) => `${stub.origin}${s.path}` === endpoint);

    const payload: PushPayload = {
      title: 'Diwali offers',
      body: 'Goa packages are 20% off this week',
      icon: '/uploads/icon.png',
      clickAction: '/itineraries',
    };

    it('posts an aes128gcm message signed with our VAPID key that the browser can read', async () => {
      const { target, browser } = await subscribed('deliver');
      const result = await push.send(target, payload);
      expect(result).toEqual({ ok: true, status: 201 });

      const [request] = seenAt(target.endpoint);
      expect(request?.method).toBe('POST');
      expect(request?.headers['content-encoding']).toBe('aes128gcm');
      expect(request?.headers.ttl).toBe(String(24 * 60 * 60));
      expect(request?.headers.urgency).toBe('normal');
      expect(request?.headers['content-type']).toBe('application/octet-stream');

      const vapid = verifyVapid(request?.headers.authorization);
      expect(vapid.valid).toBe(true);
      expect(vapid.publicKey).toBe(await push.publicKey());
      expect(vapid.header.alg).toBe('ES256');
      expect(vapid.claims.aud).toBe(stub.origin);
      expect(vapid.claims.sub).toBe('mailto:ops@safarnama.test');
      expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

      expect(JSON.parse(decryptPushBody(request?.body ?? Buffer.alloc(0), browser))).toEqual(
        payload,
      );
      // Delivered: the subscription stays.
      expect(await rowByEndpoint(target.endpoint)).toBeDefined();
    });

    it('through app.services.push as well (the wiring other modules use)', async () => {
      const { target, browser } = await subscribed('wired');
      expect(await t.app.services.push.send(target, payload)).toEqual({ ok: true, status: 201 });
      const [request] = seenAt(target.endpoint);
      expect(JSON.parse(decryptPushBody(request?.body ?? Buffer.alloc(0), browser)).title).toBe(
        payload.title,
      );
    });

    it.each([
      ['gone', 410],
      ['missing', 404],
    ])('a %s subscription (%i) is deleted and reported gone', async (path, status) => {
      const { target } = await subscribed(path);
      const result = await push.send(target, payload);
      expect(result).toMatchObject({ ok: false, gone: true, status });
      expect(await rowByEndpoint(target.endpoint)).toBeUndefined();
    });

    it('a failing push service (500) is reported and the subscription kept', async () => {
      const { target } = await subscribed('broken');
      const result = await push.send(target, payload);
      expect(result).toEqual({
        ok: false,
        gone: false,
        status: 500,
        error: '500 push service says 500',
      });
      expect(await rowByEndpoint(target.endpoint)).toBeDefined();
    });

    it('a push service that does not answer times out and the subscription is kept', async () => {
      const { target } = await subscribed('slow');
      const started = Date.now();
      const result = await push.send(target, payload);
      expect(result).toEqual({
        ok: false,
        gone: false,
        status: 0,
        error: 'No answer from the push service within 0.3 s',
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await rowByEndpoint(target.endpoint)).toBeDefined();
    });

    it('an unreachable push service is reported, not thrown', async () => {
      const closed = await startPushStub();
      await closed.close();
      const browser = makeBrowserKeys();
      const result = await push.send(
        {
          id: '00000000-0000-7000-8000-000000000000',
          endpoint: `${closed.origin}/x`,
          ...browser.keys,
        },
        payload,
      );
      expect(result).toMatchObject({ ok: false, gone: false, status: 0 });
      expect(result.ok === false && result.error).toMatch(/Could not reach the push service/);
    });

    it('sends nothing to a push service outside PUSH_SERVICE_HOSTS', async () => {
      const count = stub.seen.length;
      const result = await push.send(
        {
          id: '00000000-0000-7000-8000-000000000001',
          endpoint: 'https://evil.example.org/x',
          ...makeBrowserKeys().keys,
        },
        payload,
      );
      expect(result).toEqual({ ok: false, gone: false, status: 0, error: M.endpointNotAllowed });
      expect(stub.seen.length).toBe(count);
    });

    it('bad subscription keys are a failure, not an exception', async () => {
      const result = await push.send(
        {
          id: '00000000-0000-7000-8000-000000000002',
          endpoint: `${stub.origin}/keys`,
          p256dh: 'x',
          auth: 'y',
        },
        payload,
      );
      expect(result).toMatchObject({ ok: false, gone: false, status: 0 });
    });

    it('a body too long for a push message is shortened to fit', async () => {
      const { target, browser } = await subscribed('long');
      const long = { ...payload, body: 'अ'.repeat(3000), image: `/uploads/${'i'.repeat(200)}.png` };
      expect(Buffer.byteLength(encodePushPayload(long))).toBeLessThanOrEqual(
        PUSH_MAX_PAYLOAD_BYTES,
      );
      expect(await push.send(target, long)).toEqual({ ok: true, status: 201 });
      const [request] = seenAt(target.endpoint);
      expect(request?.body.length).toBeLessThanOrEqual(4096);
      const received = JSON.parse(
        decryptPushBody(request?.body ?? Buffer.alloc(0), browser),
      ) as PushPayload;
      expect(received.title).toBe(payload.title);
      expect(received.body.endsWith('…')).toBe(true);
      expect(long.body.startsWith(received.body.slice(0, -1))).toBe(true);
    });
  });

  describe('rules', () => {
    it('VAPID subject from MAIL_FROM, or a fixed mailto', () => {
      expect(vapidSubject('Safarnama <no-reply@safarnama.local>')).toBe(
        'mailto:no-reply@safarnama.local',
      );
      expect(vapidSubject('ops@example.com')).toBe('mailto:ops@example.com');
      expect(vapidSubject('Safarnama')).toBe('mailto:no-reply@safarnama.local');
      expect(vapidSubject(undefined)).toBe('mailto:no-reply@safarnama.local');
    });

    it('endpoints: allowed host or subdomain, https, http only on loopback', () => {
      const hosts = ['fcm.googleapis.com', 'localhost', '127.0.0.1', '[::1]'];
      expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
      expect(isAllowedEndpoint('https://x.fcm.googleapis.com/a', hosts)).toBe(true);
      expect(isAllowedEndpoint('https://fcm.googleapis.com.evil.io/a', hosts)).toBe(false);
      expect(isAllowedEndpoint('https://evilfcm.googleapis.com/a', hosts)).toBe(false);
      expect(isAllowedEndpoint('http://fcm.googleapis.com/a', hosts)).toBe(false);
      expect(isAllowedEndpoint('http://localhost:8080/a', hosts)).toBe(true);
      expect(isAllowedEndpoint('http://127.0.0.1:8080/a', hosts)).toBe(true);
      expect(isAllowedEndpoint('http://[::1]:8080/a', hosts)).toBe(true);
      expect(isAllowedEndpoint('http://127.0.0.1:8080/a', ['fcm.googleapis.com'])).toBe(false);
      expect(isAllowedEndpoint('not a url', hosts)).toBe(false);
    });
  });
});
