import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  NOTIFICATION_MESSAGES,
  SOCKET_EVENTS,
  notificationListSchema,
  type NotificationEvent,
  type NotificationList,
} from '@safarnama/contract';
import { notifications } from '../../db/schema/index.js';
import { getJson, postJson, testClock } from '../../test/account.js';
import { dataOf, errorOf } from '../../test/api.js';
import { loginAs, makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { connectSocket, listenOnFreePort } from '../../test/socket.js';

describe('notifications', () => {
  let t: TestApp;
  let baseUrl: string;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  const notify = (adminIds: string[], title: string, message = `${title} happened`) =>
    t.app.services.notifications.notify(adminIds, {
      type: 'system',
      title,
      message,
      link: '/dashboard',
    });
  const list = async (headers: Record<string, string>, query = '') => {
    const res = await getJson(t.app, `${API_PATHS.auth.notifications}${query}`, headers);
    expect(body<{ message: string }>(res).message).toBe(NOTIFICATION_MESSAGES.list);
    return notificationListSchema.parse(dataOf(res));
  };
  const markRead = (headers: Record<string, string>, data: unknown) =>
    postJson(t.app, API_PATHS.auth.markNotificationsRead, data, headers);

  it('lists my notifications newest first with paging, search over title and message, and the unread count', async () => {
    const me = await makeAdmin(t.database.db, t.hasher);
    const other = await makeAdmin(t.database.db, t.hasher);
    const { headers } = await loginAs(t.app, me);
    for (const title of ['Backup finished', 'Itinerary published', 'Gallery 50% full']) {
      await notify([me.admin.id], title);
      clock.advance(1000);
    }
    await notify([other.admin.id], 'Not for me');

    const all: NotificationList = await list(headers);
    expect(all.notifications.map((n) => n.title)).toEqual([
      'Gallery 50% full',
      'Itinerary published',
      'Backup finished',
    ]);
    expect(all.unreadCount).toBe(3);
    expect(all.pagination).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(all.notifications[0]).toMatchObject({
      type: 'system',
      message: 'Gallery 50% full happened',
      link: '/dashboard',
      isRead: false,
      readAt: null,
    });

    const page = await list(headers, '?page=2&limit=2');
    expect(page.notifications.map((n) => n.title)).toEqual(['Backup finished']);
    expect(page.pagination).toMatchObject({ totalPages: 2, hasPrevPage: true, hasNextPage: false });
    // Search covers the message too; % is a literal character, not a wildcard.
    expect((await list(headers, '?search=PUBLISHED')).notifications).toHaveLength(1);
    expect((await list(headers, '?search=50%25')).notifications).toHaveLength(1);
    expect((await list(headers, '?search=%25')).notifications).toHaveLength(1);
    expect(
      (await list(headers, `?search=${encodeURIComponent('Not for me')}`)).notifications,
    ).toEqual([]);
    expect(
      (await getJson(t.app, `${API_PATHS.auth.notifications}?limit=0`, headers)).statusCode,
    ).toBe(400);
    expect((await getJson(t.app, API_PATHS.auth.notifications, {})).statusCode).toBe(401);
  });

  it('marks only my own notifications read, one by one or all at once', async () => {
    const me = await makeAdmin(t.database.db, t.hasher);
    const other = await makeAdmin(t.database.db, t.hasher);
    const { headers } = await loginAs(t.app, me);
    const [a] = await notify([me.admin.id], 'First');
    await notify([me.admin.id], 'Second');
    await notify([me.admin.id], 'Third');
    const [theirs] = await notify([other.admin.id], 'Theirs');

    const res = await markRead(headers, { ids: [a?._id, theirs?._id] });
    expect(body(res)).toEqual({
      status: 200,
      success: true,
      message: NOTIFICATION_MESSAGES.marked,
      data: { updated: 1, unreadCount: 2 },
    });
    const [stillUnread] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, theirs?._id ?? ''));
    expect(stillUnread?.readAt).toBeNull();
    const afterOne = await list(headers);
    expect(afterOne.notifications.find((n) => n._id === a?._id)).toMatchObject({ isRead: true });
    expect(afterOne.notifications.find((n) => n._id === a?._id)?.readAt).toBe(
      clock.now().toISOString(),
    );
    // Marking again changes nothing.
    expect(dataOf(await markRead(headers, { ids: [a?._id] }))).toEqual({
      updated: 0,
      unreadCount: 2,
    });

    for (const bad of [
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { ids: 'x' },
      {},
      { ids: [a?._id], extra: 1 },
    ]) {
      errorOf(await markRead(headers, bad), 400);
    }

    const all = await postJson(t.app, API_PATHS.auth.markAllNotificationsRead, undefined, headers);
    expect(body(all)).toEqual({
      status: 200,
      success: true,
      message: NOTIFICATION_MESSAGES.markedAll,
      data: { updated: 2, unreadCount: 0 },
    });
    expect((await list(headers)).unreadCount).toBe(0);
    const otherHeaders = (await loginAs(t.app, other)).headers;
    expect((await list(otherHeaders)).unreadCount).toBe(1);
  });

  it("pushes a new notification to each recipient's open sockets with their own unread count", async () => {
    const one = await makeAdmin(t.database.db, t.hasher);
    const two = await makeAdmin(t.database.db, t.hasher);
    const bystander = await makeAdmin(t.database.db, t.hasher);
    await notify([two.admin.id], 'Earlier');
    const sockets = await Promise.all(
      [one, two, bystander].map(async (who) =>
        connectSocket(baseUrl, { token: (await loginAs(t.app, who)).token }),
      ),
    );
    try {
      const [s1, s2, s3] = sockets;
      await notify([one.admin.id, two.admin.id, one.admin.id], 'Scheduled notification sent');
      const e1 = await s1?.next<NotificationEvent>(SOCKET_EVENTS.notification);
      const e2 = await s2?.next<NotificationEvent>(SOCKET_EVENTS.notification);
      expect(e1?.unreadCount).toBe(1);
      expect(e2?.unreadCount).toBe(2);
      expect(e1?.notification).toMatchObject({
        title: 'Scheduled notification sent',
        isRead: false,
      });
      expect(e1?.notification._id).not.toBe(e2?.notification._id);
      // One row per recipient, duplicates folded.
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.title, 'Scheduled notification sent'));
      expect(rows).toHaveLength(2);
      // The bystander got nothing: a later event of their own is the first they see.
      await notify([bystander.admin.id], 'Yours');
      const e3 = await s3?.next<NotificationEvent>(SOCKET_EVENTS.notification);
      expect(e3?.notification.title).toBe('Yours');
      expect(s3?.events.filter((e) => e.name === SOCKET_EVENTS.notification)).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
