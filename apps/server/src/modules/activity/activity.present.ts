import type { AdminActivity } from '@safarnama/contract';
import type { ActivityRow } from './activity.repo.js';

/**
 * One audit entry. The admin's name and e-mail are the ones copied in when it was written, so an
 * entry reads the same after the admin is renamed; `admin` is null for an entry without one.
 */
export const presentActivity = (row: ActivityRow): AdminActivity => ({
  _id: row.id,
  admin: row.adminId ? { _id: row.adminId, name: row.adminName, email: row.adminEmail } : null,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  summary: row.summary,
  changes: row.changes ?? null,
  method: row.method,
  path: row.path,
  ip: row.ip,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});
