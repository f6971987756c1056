import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import {
  API_PATHS,
  type MarketingChannel,
  type ScheduledNotification,
  type ScheduledNotificationList,
} from '@safarnama/contract';
import {
  adminUsers,
  notifications,
  pushSubscriptions,
  scheduledDeliveries,
  scheduledNotifications,
} from '../../db/schema/index.js';
import { dataOf, imagePart, record, sendForm } from '../../test/api.js';
import { testClock } from '../../test/account.js';
import { makeAdmin, makeUserType } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg, type FormPart } from '../../test/images.js';
import { fakeRealtime, postData, signedInWith } from '../../test/manage.js';
import { PROVIDER_STUB, startProviderStub, type ProviderStub } from '../../test/providers.js';
import {
  decryptPushBody,
  makeBrowserKeys,
  startPushStub,
  type BrowserKeys,
  type PushStub,
} from '../../test/push.js';
import { startSmtp, testMailer, type TestSmtp } from '../../test/smtp.js';
import { openTwinDatabases } from '../../test/twin-database.js';
import { CHANNEL_ERRORS, type ChannelSender, type Deliverers } from './deliver.js';
import { INTERRUPTED_ERROR, claimNextDue } from './marketing.repo.js';
import { createScheduler, type Scheduler, type SchedulerLog } from './scheduler.js';

const P = API_PATHS.marketing;
const PUBLIC_URL = 'https://admin.safarnama.test';
const MINUTE = 60_000;

const silentLog: SchedulerLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A promise the test resolves when it wants (a send that waits). */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/** Resolves once `check` holds, polling the database state (no fixed sleeps). */
const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the marketing scheduler (SECURITY 20)', () => {
  let twin: Awaited<ReturnType<typeof openTwinDatabases>>;
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtp;
  let providers: ProviderStub;
  let pushStub: PushStub;
  let editor: Record<string, string>;
  let editorId: string;
  let superHeaders: Record<string, string>;
  const clock = testClock();
  let phoneCounter = 0;

  const db = () => a.database.db;
  const schedulerA = () => a.app.services.marketing.scheduler;
  const schedulerB = () => b.app.services.marketing.scheduler;

  /** A user type with `count` admins; `phones[i]` gives admin i a phone number. */
  const audience = async (count: number, phones: boolean[] = []) => {
    const userType = await makeUserType(db());
    const admins = [];
    for (let i = 0; i < count; i++) {
      const made = await makeAdmin(db(), a.hasher, { userType });
      let phone: string | null = null;
      if (phones[i]) {
        phoneCounter += 1;
        phone = `+91 98765 ${String(phoneCounter).padStart(5, '0')}`;
        await db().update(adminUsers).set({ phone }).where(eq(adminUsers.id, made.admin.id));
      }
      admins.push({ ...made, phone: phone?.replace(/\s/g, '') ?? null });
    }
    return { userType, admins };
  };

  /** Schedules through the API, due one minute from the test clock. */
  const schedule = async (
    userTypeId: string,
    channels: MarketingChannel[],
    extra: { title?: string; link?: string; image?: Buffer } = {},
  ) => {
    const parts: FormPart[] = [
      { name: 'title', value: extra.title ?? `Offer ${uuidv7().slice(-6)}` },
      { name: 'message', value: 'Backwaters at 20% off.\nBook before Friday.' },
      { name: 'link', value: extra.link ?? '/itineraries' },
      { name: 'audienceType', value: 'user_type' },
      { name: 'userTypeId', value: userTypeId },
      { name: 'scheduledAt', value: new Date(clock.now().getTime() + MINUTE).toISOString() },
      ...channels.map((value, i) => ({ name: `channels[${i}]`, value })),
      ...(extra.image ? [imagePart('image', extra.image)] : []),
    ];
    return record<ScheduledNotification>(await sendForm(a.app, 'POST', P.add, parts, editor), 201);
  };

  const rowOf = async (id: string) => {
    const [row] = await db()
      .select()
      .from(scheduledNotifications)
      .where(eq(scheduledNotifications.id, id));
    if (!row) throw new Error('no such notification');
    return row;
  };
  const deliveriesOf = (id: string) =>
    db()
      .select()
      .from(scheduledDeliveries)
      .where(eq(scheduledDeliveries.notificationId, id))
      .orderBy(asc(scheduledDeliveries.recipient));
  const twilioTo = (phone: string) =>
    providers.seen.filter(
      (r) => r.url.includes('/Messages.json') && new URLSearchParams(r.body).get('To') === phone,
    );
  const metaTo = (phone: string) =>
    providers.seen.filter(
      (r) =>
        r.url.endsWith('/messages') &&
        (JSON.parse(r.body) as { to: string }).to === phone.replace('+', ''),
    );
  const inAppOf = (adminId: string) =>
    db().select().from(notifications).where(eq(notifications.adminId, adminId));

  const subscribe = async (adminId: string, path: string): Promise<BrowserKeys> => {
    const browser = makeBrowserKeys();
    await db()
      .insert(pushSubscriptions)
      .values({
        adminId,
        endpoint: `${pushStub.origin}${path}`,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      });
    return browser;
  };

  /** A scheduler on app A's database with these senders (content URLs from the real ones). */
  const customScheduler = (
    senders: Partial<Record<MarketingChannel, ChannelSender>>,
    options: {
      nodeId: string;
      staleAfterMs?: number;
      batchSize?: number;
      concurrency?: number;
      now?: () => Date;
    },
  ): Scheduler => {
    const fail: ChannelSender = async () => ({ ok: false, error: 'not in this test' });
    const deliver: Deliverers = {
      content: (n) => ({
        title: n.title,
        message: n.message,
        link: n.link,
        clickAction: n.link ?? '/',
        imageUrl: null,
        iconUrl: null,
      }),
      open: async () => ({
        email: senders.email ?? fail,
        sms: senders.sms ?? fail,
        whatsapp: senders.whatsapp ?? fail,
        push: senders.push ?? fail,
      }),
    };
    return createScheduler({
      db: db(),
      now: options.now ?? clock.now,
      nodeId: options.nodeId,
      intervalMs: 1000,
      ...(options.staleAfterMs !== undefined ? { staleAfterMs: options.staleAfterMs } : {}),
      ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      deliver,
      notifications: a.app.services.notifications,
      log: silentLog,
    });
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    providers = await startProviderStub();
    pushStub = await startPushStub((path) => (path.startsWith('/gone') ? 410 : 201));
    twin = await openTwinDatabases();
    const options = {
      now: clock.now,
      rateLimitMax: 100_000,
      mailer: testMailer(smtp),
      realtime: fakeRealtime().realtime,
      config: {
        publicUrl: PUBLIC_URL,
        messaging: providers.baseUrls,
        pushServiceHosts: ['127.0.0.1'],
      },
    };
    // Two "server processes": each app has its own scheduler (its own node id) and, on
    // PostgreSQL, its own connection pool to the one database.
    a = await createTestApp({ ...options, database: twin.a });
    b = await createTestApp({ ...options, database: twin.b });
    const made = await signedInWith(db(), a.hasher, ['marketing.view', 'marketing.create']);
    editor = made.headers;
    editorId = made.admin.id;
    superHeaders = (await signedInWith(db(), a.hasher, 'super')).headers;
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await twin.close();
    await Promise.all([smtp.close(), providers.close(), pushStub.close()]);
  });

  describe('before the SMS and WhatsApp channels are configured', () => {
    it('fails every delivery of an unconfigured channel with a clear error', async () => {
      const { userType, admins } = await audience(2, [true, false]);
      const n = await schedule(userType.id, ['email', 'sms', 'whatsapp'], { title: 'Half way' });
      clock.advance(2 * MINUTE);
      const [result] = await schedulerA().runOnce();
      expect(result).toEqual({
        id: n.id,
        status: 'partially_failed',
        counts: {
          email: { sent: 2, failed: 0 },
          sms: { sent: 0, failed: 1 },
          whatsapp: { sent: 0, failed: 1 },
        },
      });
      const rows = await deliveriesOf(n.id);
      // The admin without a phone is skipped on sms/whatsapp, not failed.
      expect(rows.map((r) => [r.channel, r.status, r.error]).sort()).toEqual(
        [
          ['email', 'sent', null],
          ['email', 'sent', null],
          ['sms', 'failed', CHANNEL_ERRORS.smsNotConfigured],
          ['whatsapp', 'failed', CHANNEL_ERRORS.whatsappNotConfigured],
        ].sort(),
      );
      expect(providers.seen).toEqual([]);
      for (const admin of admins) expect(smtp.to(admin.email)).toHaveLength(1);
      const inApp = await inAppOf(editorId);
      expect(inApp.find((x) => x.message.startsWith('"Half way"'))).toMatchObject({
        type: 'marketing',
        title: 'Scheduled notification was partly sent',
        message: '"Half way": 2 delivered, 2 failed.',
        link: '/marketing/notification',
      });
    });

    it('is failed when nothing could be delivered', async () => {
      const { userType } = await audience(1, [true]);
      const n = await schedule(userType.id, ['sms'], { title: 'Nothing out' });
      clock.advance(2 * MINUTE);
      expect(await schedulerA().runOnce()).toEqual([
        { id: n.id, status: 'failed', counts: { sms: { sent: 0, failed: 1 } } },
      ]);
      expect((await inAppOf(editorId)).map((x) => x.title)).toContain(
        'Scheduled notification failed',
      );
    });

    it('is failed with zero counts when the audience has nobody', async () => {
      const { userType } = await audience(0);
      const n = await schedule(userType.id, ['email', 'push'], { title: 'Empty room' });
      clock.advance(2 * MINUTE);
      expect(await schedulerA().runOnce()).toEqual([
        {
          id: n.id,
          status: 'failed',
          counts: { email: { sent: 0, failed: 0 }, push: { sent: 0, failed: 0 } },
        },
      ]);
      const inApp = await inAppOf(editorId);
      expect(inApp.find((x) => x.message.includes('"Empty room"'))?.title).toBe(
        'Scheduled notification had no recipients',
      );
    });
  });

  describe('with every channel configured', () => {
    beforeAll(async () => {
      dataOf(
        await postData(
          a.app,
          API_PATHS.setting.saveCommunication,
          {
            type: 'sms',
            isActive: true,
            // Switched on without a test send (the providers are stubs here).
            confirmUntested: true,
            settings: {
              provider: 'twilio',
              accountId: 'AC123',
              authToken: 'tw-secret-token-123456',
              senderId: '+15005550006',
            },
          },
          superHeaders,
        ),
      );
      dataOf(
        await postData(
          a.app,
          API_PATHS.setting.saveCommunication,
          {
            type: 'whatsapp',
            isActive: true,
            // Switched on without a test send (the providers are stubs here).
            confirmUntested: true,
            settings: {
              phoneNumberId: '1055',
              accessToken: PROVIDER_STUB.metaToken,
              templateNames: ['offer_update'],
            },
          },
          superHeaders,
        ),
      );
    });

    it('sends a due notification once per recipient on every channel, and records the outcome', async () => {
      const { userType, admins } = await audience(3, [true, true, false]);
      const [first, second, third] = admins;
      if (!first || !second || !third) throw new Error('audience');
      const browser = await subscribe(first.admin.id, '/sub/first');
      const image = await makeJpeg(800, 600);
      const n = await schedule(userType.id, ['email', 'sms', 'whatsapp', 'push'], {
        title: 'Monsoon sale',
        image,
      });
      // Not due yet: nothing happens.
      expect(await schedulerA().runOnce()).toEqual([]);
      expect((await rowOf(n.id)).status).toBe('scheduled');

      clock.advance(2 * MINUTE);
      const results = await schedulerA().runOnce();
      expect(results).toEqual([
        {
          id: n.id,
          status: 'sent',
          counts: {
            push: { sent: 1, failed: 0 },
            email: { sent: 3, failed: 0 },
            sms: { sent: 2, failed: 0 },
            whatsapp: { sent: 2, failed: 0 },
          },
        },
      ]);

      // E-mail: one each, title as subject, absolute link and image.
      for (const admin of admins) {
        const mails = smtp.to(admin.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toBe('Monsoon sale');
        expect(mails[0]?.text).toContain('Backwaters at 20% off.');
        expect(mails[0]?.text).toContain(`${PUBLIC_URL}/itineraries`);
        expect(mails[0]?.html).toMatch(new RegExp(`<img src="${PUBLIC_URL}/uploads/images/`));
      }
      // SMS and WhatsApp: one each to the admins with a phone.
      for (const admin of [first, second]) {
        const sms = twilioTo(admin.phone ?? '');
        expect(sms).toHaveLength(1);
        expect(new URLSearchParams(sms[0]?.body).get('Body')).toBe(
          `Monsoon sale: Backwaters at 20% off. Book before Friday. ${PUBLIC_URL}/itineraries`,
        );
        const wa = metaTo(admin.phone ?? '');
        expect(wa).toHaveLength(1);
        expect(JSON.parse(wa[0]?.body ?? '{}')).toMatchObject({
          template: {
            name: 'offer_update',
            components: [{ type: 'body', parameters: [{ type: 'text' }] }],
          },
        });
      }
      // Push: the payload the service worker shows, decrypted as the browser would.
      const pushes = pushStub.seen.filter((s) => s.path === '/sub/first');
      expect(pushes).toHaveLength(1);
      const payload = JSON.parse(decryptPushBody(pushes[0]?.body ?? Buffer.alloc(0), browser)) as {
        title: string;
        body: string;
        icon?: string;
        image?: string;
        clickAction?: string;
      };
      expect(payload).toMatchObject({
        title: 'Monsoon sale',
        body: 'Backwaters at 20% off.\nBook before Friday.',
        clickAction: '/itineraries',
      });
      expect(payload.icon).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/images/.+-320\\.webp$`));
      expect(payload.image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/images/.+\\.jpg$`));

      // Recorded: status, per-channel counts, sent time; one delivery row per recipient.
      const row = await rowOf(n.id);
      expect(row).toMatchObject({ status: 'sent', sentAt: clock.now() });
      const rows = await deliveriesOf(n.id);
      expect(rows).toHaveLength(8);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      const listed = dataOf<ScheduledNotificationList>(
        await a.app.inject({
          method: 'GET',
          url: P.list,
          query: { search: 'Monsoon sale' },
          headers: editor,
        }),
      ).notifications[0];
      expect(listed).toMatchObject({ status: 'sent', counts: results[0]?.counts });
      // The admin who scheduled it is told, in the app.
      expect(
        (await inAppOf(editorId)).find((x) => x.message.startsWith('"Monsoon sale"')),
      ).toMatchObject({
        title: 'Scheduled notification was sent',
        message: '"Monsoon sale": 8 delivered, 0 failed.',
      });

      // Running again sends nothing more.
      const mailCount = smtp.messages.length;
      const requestCount = providers.seen.length;
      expect(await schedulerA().runOnce()).toEqual([]);
      expect(await schedulerB().runOnce()).toEqual([]);
      expect(smtp.messages.length).toBe(mailCount);
      expect(providers.seen.length).toBe(requestCount);
    });

    it('fails a push to a subscription the push service reports gone, and removes it', async () => {
      const { userType, admins } = await audience(1);
      const admin = admins[0];
      if (!admin) throw new Error('audience');
      await subscribe(admin.admin.id, '/sub/alive');
      await subscribe(admin.admin.id, '/gone/old-browser');
      const n = await schedule(userType.id, ['push'], { link: '' });
      clock.advance(2 * MINUTE);
      const [result] = await schedulerA().runOnce();
      expect(result).toMatchObject({
        status: 'partially_failed',
        counts: { push: { sent: 1, failed: 1 } },
      });
      expect((await deliveriesOf(n.id)).map((r) => r.error).sort()).toEqual(
        [CHANNEL_ERRORS.unsubscribed, null].sort(),
      );
      const left = await db()
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.adminId, admin.admin.id));
      expect(left.map((s) => s.endpoint)).toEqual([`${pushStub.origin}/sub/alive`]);
    });

    it('claims one due notification per statement', async () => {
      const { userType } = await audience(0);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await schedule(userType.id, ['email'])).id);
      clock.advance(2 * MINUTE);
      const at = clock.now();
      const claimed = await claimNextDue(db(), {
        now: at,
        nodeId: 'probe',
        staleBefore: new Date(at.getTime() - MINUTE),
      });
      expect(ids).toContain(claimed?.id);
      const rows = await db()
        .select({ id: scheduledNotifications.id, status: scheduledNotifications.status })
        .from(scheduledNotifications)
        .where(inArray(scheduledNotifications.id, ids));
      expect(rows.filter((r) => r.status === 'sending').map((r) => r.id)).toEqual([claimed?.id]);
      await db().delete(scheduledNotifications).where(inArray(scheduledNotifications.id, ids));
    });

    it('two schedulers racing send every notification exactly once to each recipient', async () => {
      const { userType, admins } = await audience(6, [true, true, true, false, false, false]);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await schedule(userType.id, ['email', 'sms'])).id);
      clock.advance(2 * MINUTE);

      const [fromA, fromB] = await Promise.all([schedulerA().runOnce(), schedulerB().runOnce()]);
      expect([...fromA, ...fromB].map((r) => r.id).sort()).toEqual([...ids].sort());
      for (const admin of admins) {
        expect(smtp.to(admin.email)).toHaveLength(4);
        if (admin.phone) expect(twilioTo(admin.phone)).toHaveLength(4);
      }
      for (const id of ids) {
        const row = await rowOf(id);
        expect(row.status).toBe('sent');
        expect(row.counts).toEqual({ email: { sent: 6, failed: 0 }, sms: { sent: 3, failed: 0 } });
        expect((await deliveriesOf(id)).every((r) => r.attempts === 1)).toBe(true);
      }
      if (twin.separatePools) expect(a.database).not.toBe(b.database);
    });

    it('never sends twice even when both nodes work on the same notification', async () => {
      // Every claim counts as stale for these two (staleAfterMs < 0), so they keep taking the
      // notification from each other mid-send: only the per-delivery claim stands between a
      // recipient and a second message.
      const { userType, admins } = await audience(12);
      const n = await schedule(userType.id, ['email']);
      clock.advance(2 * MINUTE);
      const sent = new Map<string, number>();
      const email: ChannelSender = async (to) => {
        sent.set(to, (sent.get(to) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return { ok: true };
      };
      const x = customScheduler({ email }, { nodeId: 'x', staleAfterMs: -1000, batchSize: 2 });
      const y = customScheduler({ email }, { nodeId: 'y', staleAfterMs: -1000, batchSize: 2 });
      await Promise.all([x.runOnce(), y.runOnce()]);
      // Whatever the interleaving, a last run alone finishes it.
      await customScheduler({ email }, { nodeId: 'z' }).runOnce();

      for (const admin of admins) expect(sent.get(admin.email)).toBe(1);
      // A delivery one node was sending while the other took over may be recorded as
      // interrupted (failed), but it is never sent again; the counts match the rows.
      const row = await rowOf(n.id);
      expect(['sent', 'partially_failed']).toContain(row.status);
      const rows = await deliveriesOf(n.id);
      expect(rows).toHaveLength(12);
      const sentRows = rows.filter((r) => r.status === 'sent').length;
      expect(row.counts).toEqual({ email: { sent: sentRows, failed: 12 - sentRows } });
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    });

    it('resumes after a crash: only pending deliveries are sent, the interrupted one is failed', async () => {
      const { userType, admins } = await audience(5);
      const n = await schedule(userType.id, ['email'], { title: 'After the crash' });
      clock.advance(2 * MINUTE);
      // A node claimed it ten minutes ago and died mid-send: one delivered, one in flight, three
      // not yet sent.
      await db()
        .update(scheduledNotifications)
        .set({
          status: 'sending',
          claimedAt: new Date(clock.now().getTime() - 10 * MINUTE),
          claimedBy: 'dead-node:1:abcd',
        })
        .where(eq(scheduledNotifications.id, n.id));
      const states = ['sent', 'sending', 'pending', 'pending', 'pending'] as const;
      await db()
        .insert(scheduledDeliveries)
        .values(
          admins.map((admin, i) => ({
            id: uuidv7(),
            notificationId: n.id,
            channel: 'email' as const,
            recipient: admin.email,
            status: states[i],
            attempts: states[i] === 'pending' ? 0 : 1,
          })),
        );

      const [result] = await schedulerB().runOnce();
      expect(result).toEqual({
        id: n.id,
        status: 'partially_failed',
        counts: { email: { sent: 4, failed: 1 } },
      });
      expect(admins.map((admin) => smtp.to(admin.email).length)).toEqual([0, 0, 1, 1, 1]);
      const rows = await db()
        .select()
        .from(scheduledDeliveries)
        .where(eq(scheduledDeliveries.notificationId, n.id));
      const byRecipient = new Map(rows.map((r) => [r.recipient, r]));
      expect(byRecipient.get(admins[0]?.email ?? '')).toMatchObject({
        status: 'sent',
        attempts: 1,
      });
      expect(byRecipient.get(admins[1]?.email ?? '')).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: INTERRUPTED_ERROR,
      });
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(4);
      expect(rows).toHaveLength(5);
    });

    it('does not take over a fresh claim, and takes over a stale one', async () => {
      const { userType, admins } = await audience(2);
      const n = await schedule(userType.id, ['email']);
      clock.advance(2 * MINUTE);
      await db()
        .update(scheduledNotifications)
        .set({ status: 'sending', claimedAt: clock.now(), claimedBy: 'alive-node:1:beef' })
        .where(eq(scheduledNotifications.id, n.id));
      clock.advance(30_000);
      expect(await schedulerA().runOnce()).toEqual([]);
      expect(await schedulerB().runOnce()).toEqual([]);
      expect(await rowOf(n.id)).toMatchObject({
        status: 'sending',
        claimedBy: 'alive-node:1:beef',
      });
      for (const admin of admins) expect(smtp.to(admin.email)).toHaveLength(0);

      // The claim is never refreshed: after two minutes its node counts as dead.
      clock.advance(2 * MINUTE);
      expect((await schedulerA().runOnce()).map((r) => r.id)).toEqual([n.id]);
      for (const admin of admins) expect(smtp.to(admin.email)).toHaveLength(1);
    });

    it('keeps a slow node alive with heartbeats; a node that lost its claim stops', async () => {
      const { userType, admins } = await audience(3);
      const n = await schedule(userType.id, ['email']);
      clock.advance(2 * MINUTE);
      // Real time here: the heartbeat refreshes the claim on a timer.
      const startedAt = Date.now();
      const realNow = () => new Date(clock.now().getTime() + (Date.now() - startedAt));
      const held = gate();
      const sent: string[] = [];
      const slow: ChannelSender = async (to) => {
        sent.push(to);
        await held.opened;
        return { ok: true };
      };
      const staleAfterMs = 2000;
      const slowNode = customScheduler(
        { email: slow },
        { nodeId: 'slow', staleAfterMs, batchSize: 1, now: realNow },
      );
      const other = customScheduler(
        { email: slow },
        { nodeId: 'other', staleAfterMs, batchSize: 1, now: realNow },
      );
      const running = slowNode.runOnce();
      await until(async () => (await rowOf(n.id)).claimedBy === 'slow');
      const claimedAt = (await rowOf(n.id)).claimedAt?.getTime() ?? 0;
      // Wait until the claim has been refreshed past the point where the first claim went stale.
      await until(
        async () => ((await rowOf(n.id)).claimedAt?.getTime() ?? 0) > claimedAt + staleAfterMs,
      );
      expect(await other.runOnce()).toEqual([]);
      expect((await rowOf(n.id)).claimedBy).toBe('slow');

      // Another node takes the claim (as after a long pause): the slow one stops after its batch.
      await db()
        .update(scheduledNotifications)
        .set({ claimedBy: 'taker' })
        .where(eq(scheduledNotifications.id, n.id));
      held.open();
      expect(await running).toEqual([]);
      expect(sent).toHaveLength(1);
      const pending = await db()
        .select()
        .from(scheduledDeliveries)
        .where(
          and(
            eq(scheduledDeliveries.notificationId, n.id),
            eq(scheduledDeliveries.status, 'pending'),
          ),
        );
      expect(pending).toHaveLength(admins.length - 1);
      await db().delete(scheduledNotifications).where(eq(scheduledNotifications.id, n.id));
    });

    it('stop() waits for the in-flight send and leaves the rest to resume at once', async () => {
      const { userType, admins } = await audience(3);
      const n = await schedule(userType.id, ['email']);
      clock.advance(2 * MINUTE);
      const held = gate();
      const sent: string[] = [];
      const email: ChannelSender = async (to) => {
        sent.push(to);
        await held.opened;
        return { ok: true };
      };
      // One batch holds all three; one send at a time: the stop comes during the first.
      const node = customScheduler(
        { email },
        { nodeId: 'stopping', batchSize: 10, concurrency: 1 },
      );
      const running = node.runOnce();
      await until(async () => sent.length === 1);
      let stopped = false;
      const stopping = node.stop().then(() => (stopped = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      held.open();
      await stopping;
      expect(await running).toEqual([]);
      expect(await node.runOnce()).toEqual([]); // a stopped scheduler claims nothing
      expect(await rowOf(n.id)).toMatchObject({ status: 'sending', claimedBy: null });
      // Only the send in flight finished; the other two were not started.
      expect(sent).toHaveLength(1);
      expect((await deliveriesOf(n.id)).map((r) => r.status).sort()).toEqual([
        'pending',
        'pending',
        'sent',
      ]);

      // Released: the next node resumes right away, without waiting for a stale claim.
      const [result] = await schedulerB().runOnce();
      expect(result).toMatchObject({
        id: n.id,
        status: 'sent',
        counts: { email: { sent: 3, failed: 0 } },
      });
      expect(
        admins.map(
          (admin) => smtp.to(admin.email).length + sent.filter((s) => s === admin.email).length,
        ),
      ).toEqual([1, 1, 1]);
    });
  });
});
