import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@safarnama/contract';
import { createdAt, id, stamp } from './columns.js';
import { ownerAdminId } from './identity.js';

/** In-app notifications, one row per recipient admin. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    adminId: ownerAdminId(),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: stamp('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_admin_created_idx').on(t.adminId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.adminId)
      .where(sql`${t.readAt} is null`),
  ],
);
