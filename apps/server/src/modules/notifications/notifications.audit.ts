import { selfRule, type AuditRule } from '../../http/audit.js';

/** Audit rules of the notification routes (http/audit.ts). */
export const NOTIFICATIONS_AUDIT = {
  markRead: selfRule('read', 'Marked notifications as read', {
    entityType: 'notification',
    id: () => null,
    changes: 'payload',
  }),
  markAllRead: selfRule('read-all', 'Marked all notifications as read', {
    entityType: 'notification',
    id: () => null,
  }),
} satisfies Record<string, AuditRule>;
