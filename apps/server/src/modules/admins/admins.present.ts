import type { AdminUser, Profile } from '@safarnama/contract';
import type { AuthContext } from '../../http/access.js';
import type { AdminWithType } from './admins.repo.js';

/** The signed-in admin as the contract's profile: no password hash, no session secrets. */
export const presentProfile = ({
  admin,
  userType,
  permissions,
}: Pick<AuthContext, 'admin' | 'userType' | 'permissions'>): Profile => ({
  _id: admin.id,
  id: admin.id,
  name: admin.name,
  email: admin.email,
  phone: admin.phone,
  avatarUrl: admin.avatarUrl,
  isActive: admin.isActive,
  twoFactorEnabled: admin.twoFactorEnabled,
  lastLoginAt: admin.lastLoginAt ? admin.lastLoginAt.toISOString() : null,
  createdAt: admin.createdAt.toISOString(),
  userType: { _id: userType.id, name: userType.name, isSuperAdmin: userType.isSuperAdmin },
  permissions: [...permissions],
});

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
