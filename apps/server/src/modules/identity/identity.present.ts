import type { Profile } from '@safarnama/contract';
import type { AuthContext } from '../../http/access.js';

/**
 * The signed-in admin as the contract's profile: no password hash, no session secrets. With the
 * session, its id (not its token) as `sessionId`, so the page can tell its own session's
 * notifications from the others' (issue 20).
 */
export const presentProfile = ({
  admin,
  userType,
  permissions,
  session,
}: Pick<AuthContext, 'admin' | 'userType' | 'permissions'> &
  Partial<Pick<AuthContext, 'session'>>): Profile => ({
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
  ...(session ? { sessionId: session.id } : {}),
});
