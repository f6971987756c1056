import { byId, type AuditRule } from '../../http/audit.js';
import { adminUsers } from '../../db/schema/index.js';

/** An admin as stored (the account module's own rules diff it too). */
export const adminUserLoader = byId(adminUsers);

/** Audit rules of the admin-user routes (http/audit.ts). */
export const ADMINS_AUDIT = {
  add: { action: 'invite', entityType: 'admin-user', load: adminUserLoader },
  resendInvitation: {
    action: 'resend-invitation',
    entityType: 'admin-user',
    changes: 'none',
    load: adminUserLoader,
  },
  status: { action: 'status', entityType: 'admin-user', load: adminUserLoader },
  update: { action: 'update', entityType: 'admin-user', load: adminUserLoader },
} satisfies Record<string, AuditRule>;
