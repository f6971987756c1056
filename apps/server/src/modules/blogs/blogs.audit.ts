import { byId, type AuditRule, type RevisionTarget } from '../../http/audit.js';
import { BLOG_QUALITY } from '../quality/quality.rules.js';
import { placeBlogs } from '../../db/schema/index.js';

const load = byId(placeBlogs, true);

/**
 * Every change of a blog writes a revision and raises its version (issue 21) and stores its
 * content-quality codes (issue 23).
 */
export const BLOG_REVISIONS: RevisionTarget = {
  entity: 'blog',
  table: placeBlogs,
  load,
  quality: BLOG_QUALITY,
};
const revision = BLOG_REVISIONS;

/** Audit rules of the blog routes (http/audit.ts; multipart: an update's id is in the form). */
export const BLOGS_AUDIT = {
  add: { action: 'create', entityType: 'blog', load, revision },
  update: { action: 'update', entityType: 'blog', load, revision },
  remove: { action: 'delete', entityType: 'blog', load, revision },
  /** Issue 24: a bulk action's publish / back to draft. */
  status: { action: 'status', entityType: 'blog', load, revision },
} satisfies Record<string, AuditRule>;
