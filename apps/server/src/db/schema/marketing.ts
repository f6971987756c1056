import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AudienceType, MarketingChannel, ScheduledStatus } from '@safarnama/contract';
import { id, stamp, timestamps, trigramIndex, updatedAt } from './columns.js';
import { adminRef, userTypes } from './identity.js';
import { images } from './media.js';

/** Scheduled marketing notifications (DESIGN §7). */
export const scheduledNotifications = pgTable(
  'scheduled_notifications',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    link: text('link'),
    channels: text('channels').array().$type<MarketingChannel[]>().notNull(),
    audienceType: text('audience_type').$type<AudienceType>().notNull(),
    userTypeId: uuid('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    scheduledAt: stamp('scheduled_at').notNull(),
    status: text('status').$type<ScheduledStatus>().notNull().default('scheduled'),
    /** Per-channel {sent, failed}. */
    counts: jsonb('counts')
      .$type<Partial<Record<MarketingChannel, { sent: number; failed: number }>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set when a poller claims the row; a stale claim (crashed node) is taken over. */
    claimedAt: stamp('claimed_at'),
    claimedBy: text('claimed_by'),
    sentAt: stamp('sent_at'),
    createdById: adminRef('created_by_id'),
    ...timestamps(),
  },
  (t) => [
    index('scheduled_notifications_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
    index('scheduled_notifications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigramIndex(
      'scheduled_notifications_search_idx',
      sql`lower(${t.title} || ' ' || ${t.message})`,
    ),
    check(
      'scheduled_notifications_status_check',
      sql`${t.status} in ('scheduled', 'sending', 'sent', 'partially_failed', 'failed', 'cancelled')`,
    ),
  ],
);

/** A delivery row's state; 'sending' left behind by a crash is failed, never sent again. */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * One row per (notification, channel, recipient), written before sending and marked after: a
 * crash mid-send resumes with the rows still 'pending' and never sends a 'sent' one again.
 */
export const scheduledDeliveries = pgTable(
  'scheduled_deliveries',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => scheduledNotifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<MarketingChannel>().notNull(),
    /** E-mail address, phone number or push subscription id. */
    recipient: text('recipient').notNull(),
    /** pending → sending (claimed for the one send) → sent | failed. */
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_deliveries_unique_key').on(t.notificationId, t.channel, t.recipient),
    index('scheduled_deliveries_pending_idx')
      .on(t.notificationId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
