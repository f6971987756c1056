import { byId, type AuditRule } from '../../http/audit.js';
import { scheduledNotifications } from '../../db/schema/index.js';

const load = byId(scheduledNotifications, true);
const entityType = 'scheduled-notification';

/** Audit rules of the scheduled-notification routes (http/audit.ts; multipart add/update). */
export const MARKETING_AUDIT = {
  add: { action: 'create', entityType, load },
  update: { action: 'update', entityType, load },
  remove: { action: 'delete', entityType, load },
} satisfies Record<string, AuditRule>;
