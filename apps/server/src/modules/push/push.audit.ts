import { selfRule, type AuditRule } from '../../http/audit.js';

/** Audit rules of the push routes (http/audit.ts). */
export const PUSH_AUDIT = {
  register: selfRule('register', 'Registered for push notifications', {
    entityType: 'push-token',
    id: () => null,
  }),
} satisfies Record<string, AuditRule>;
