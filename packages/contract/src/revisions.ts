import { z } from 'zod';
import { listQuerySchema, paginationSchema } from './pagination.js';
import { REVISION_ENTITIES } from './revision-entities.js';

/**
 * Revisions and edit versions (issue 21). Every change of an itinerary, blog, place details, image
 * library or the homepage settings stores the whole record as saved (a revision) in the change's
 * transaction, and raises the record's `version`. An update that names the version it was edited
 * from (`If-Match: "<version>"`, or `version` in the body / multipart form) is refused with 409
 * `EDIT_CONFLICT` when someone saved in between.
 */
export const revisionEntitySchema = z.enum(REVISION_ENTITIES);

export { editVersionSchema } from './version.js';

/** `GET /revisions?entity&id&page&limit`. */
export const revisionListQuerySchema = listQuerySchema.omit({ search: true }).extend({
  entity: revisionEntitySchema,
  id: z.string().trim().min(1).max(64).optional(),
});
export type RevisionListQuery = z.infer<typeof revisionListQuerySchema>;

/** One revision in a history list. */
export const revisionSummarySchema = z.object({
  _id: z.string(),
  entity: revisionEntitySchema,
  entityId: z.string(),
  version: z.number().int(),
  action: z.string(),
  changedFields: z.array(z.string()),
  admin: z.object({ _id: z.string().nullable(), name: z.string() }),
  /** "by schedule" changes have no admin session; the revision a restore brought back. */
  restoredFrom: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionListSchema = z.object({
  revisions: z.array(revisionSummarySchema),
  pagination: paginationSchema,
});

/** One field's change between a revision and the one before it. */
export const revisionFieldDiffSchema = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type RevisionFieldDiff = z.infer<typeof revisionFieldDiffSchema>;

/** `GET /revisions/{revisionId}`: the snapshot and its diff against the previous revision. */
export const revisionDetailSchema = revisionSummarySchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
  previousId: z.string().nullable(),
  diff: z.array(revisionFieldDiffSchema),
});
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

/** `POST /revisions/{revisionId}/restore`: the new revision the restore wrote. */
export const revisionRestoredSchema = z.object({
  revision: revisionSummarySchema,
  version: z.number().int(),
});

/** `data` of a 409 `EDIT_CONFLICT`: the record as it is now, and who saved it when. */
export const editConflictSchema = z.object({
  entity: revisionEntitySchema,
  entityId: z.string(),
  currentVersion: z.number().int(),
  yourVersion: z.number().int(),
  current: z.record(z.string(), z.unknown()),
  changedBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  changedAt: z.string().nullable(),
  changedFields: z.array(z.string()),
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/** `data` of a 409 when a restore refers to things that are gone. */
export const missingReferencesSchema = z.object({
  missing: z.array(z.object({ kind: z.string(), id: z.string() })),
});

export const REVISION_MESSAGES = {
  list: 'Revisions fetched successfully',
  one: 'Revision fetched successfully',
  restored: 'Revision restored successfully',
  notFound: 'Revision not found',
  conflict:
    'Someone else saved this record after you opened it. Review their changes before saving again.',
  missing: 'This version refers to things that no longer exist',
  badVersion: 'The If-Match header must be a version number, e.g. "3"',
} as const;
