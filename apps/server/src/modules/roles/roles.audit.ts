import { byId, type AuditRule } from '../../http/audit.js';
import { userTypes } from '../../db/schema/index.js';

const userTypeLoader = byId(userTypes);

/** Audit rules of the user-type routes (http/audit.ts). */
export const ROLES_AUDIT = {
  add: { action: 'create', entityType: 'user-type', load: userTypeLoader },
  update: { action: 'update', entityType: 'user-type', load: userTypeLoader },
  status: { action: 'status', entityType: 'user-type', load: userTypeLoader },
  permissions: {
    action: 'permissions',
    entityType: 'user-type',
    load: userTypeLoader,
    id: ({ payload }) => payload.type,
  },
} satisfies Record<string, AuditRule>;
