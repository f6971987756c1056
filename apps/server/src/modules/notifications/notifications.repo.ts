import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import { containsText, lowered } from '../../db/search.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export const insertNotifications = async (
  db: Executor,
  rows: NewNotification[],
): Promise<NotificationRow[]> =>
  rows.length === 0 ? [] : db.insert(notifications).values(rows).returning();

/** Unread notifications per admin (admins with none are absent from the map). */
export const unreadCounts = async (
  db: Executor,
  adminIds: readonly string[],
): Promise<Map<string, number>> => {
  if (adminIds.length === 0) return new Map();
  const rows = await db
    .select({ adminId: notifications.adminId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.adminId, [...adminIds]), isNull(notifications.readAt)))
    .groupBy(notifications.adminId);
  return new Map(rows.map((row) => [row.adminId, Number(row.n)]));
};

export const unreadCount = async (db: Executor, adminId: string): Promise<number> =>
  (await unreadCounts(db, [adminId])).get(adminId) ?? 0;

/** One admin's notifications, newest first; `search` matches title or message. */
export const listNotifications = async (
  db: Executor,
  adminId: string,
  { page, limit, search }: { page: number; limit: number; search: string },
): Promise<ListPage<NotificationRow>> => {
  const where: SQL | undefined = and(
    eq(notifications.adminId, adminId),
    search
      ? containsText(
          lowered(sql`(${notifications.title} || ' ' || ${notifications.message})`),
          search,
        )
      : undefined,
  );
  return pageWithCount(
    { page, limit },
    (window) =>
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(window.limit)
        .offset(window.offset),
    countRows(db, notifications, where),
  );
};

/** Marks these (or, without ids, all) unread notifications of one admin read; answers how many. */
export const markRead = async (
  db: Executor,
  adminId: string,
  at: Date,
  ids?: readonly string[],
): Promise<number> => {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.adminId, adminId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
};
