import type { AdminUser } from '@safarnama/contract';
import type { AdminWithType } from './admins.repo.js';

/** An admin as the manage screens list them: no hash, no 2FA secret, just whether it is on. */
export const presentAdminUser = ({ admin, userType }: AdminWithType): AdminUser => ({
  _id: admin.id,
  id: admin.id,
  name: admin.name,
  email: admin.email,
  phone: admin.phone,
  avatarUrl: admin.avatarUrl,
  userType: { _id: userType.id, name: userType.name, isSuperAdmin: userType.isSuperAdmin },
  isActive: admin.isActive,
  twoFactorEnabled: admin.twoFactorEnabled,
  lastLoginAt: admin.lastLoginAt ? admin.lastLoginAt.toISOString() : null,
  invitationPending: admin.passwordHash === null,
  createdAt: admin.createdAt.toISOString(),
  updatedAt: admin.updatedAt.toISOString(),
});
