import { byId, type AuditRule } from '../../http/audit.js';
import { placeBlogs } from '../../db/schema/index.js';

const load = byId(placeBlogs, true);

/** Audit rules of the blog routes (http/audit.ts; multipart: an update's id is in the form). */
export const BLOGS_AUDIT = {
  add: { action: 'create', entityType: 'blog', load },
  update: { action: 'update', entityType: 'blog', load },
  remove: { action: 'delete', entityType: 'blog', load },
} satisfies Record<string, AuditRule>;
