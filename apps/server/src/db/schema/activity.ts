import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, trigramIndex } from './columns.js';
import { adminRef } from './identity.js';

/**
 * The admin activity (audit) log: append-only, no route edits or deletes it. The admin's name and
 * e-mail are copied in so an entry reads the same after the admin changes or leaves.
 */
export const adminActivities = pgTable(
  'admin_activities',
  {
    id: id(),
    adminId: adminRef('admin_id'),
    adminName: text('admin_name').notNull().default(''),
    adminEmail: text('admin_email').notNull().default(''),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_activities_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_activities_admin_created_idx').on(t.adminId, t.createdAt.desc(), t.id.desc()),
    trigramIndex(
      'admin_activities_search_idx',
      sql`lower(${t.adminName} || ' ' || ${t.action} || ' ' || ${t.entityType} || ' ' || ${t.summary})`,
    ),
  ],
);
