import type { Profile } from '@safarnama/contract';
import type { AuthContext } from '../../http/access.js';

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
