import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { client, createdAt, id } from './columns.js';
import { adminRef } from './identity.js';

/**
 * Revisions (issue 21): the whole record as saved by every change of an itinerary, blog, place
 * details, image library or the homepage settings, written in the change's transaction beside its
 * audit entry (http/audit.ts, modules/revisions). Append-only; a deleted record keeps its rows,
 * so it can be restored from them. The admin's name is copied in, as in the audit log.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: id(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The record's `version` after the change (before it, for a delete). */
    version: integer('version').notNull(),
    /** create, update, status, gallery-add, gallery-remove, images, delete, restore. */
    action: text('action').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    changedFields: text('changed_fields').array().notNull(),
    adminId: adminRef('admin_id'),
    adminName: text('admin_name').notNull().default(''),
    /** The revision this one restored, for a restore. */
    restoredFrom: text('restored_from'),
    ip: client().ip,
    userAgent: client().userAgent,
    createdAt: createdAt(),
  },
  (t) => [
    index('revisions_entity_idx').on(
      t.entityType,
      t.entityId,
      t.version.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);
