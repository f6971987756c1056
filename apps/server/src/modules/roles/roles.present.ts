import {
  PERMISSION_KEYS,
  withDependencies,
  type PermissionKey,
  type UserType,
  type UserTypeOption,
} from '@safarnama/contract';
import type { UserTypeRow, UserTypeWithCount } from './roles.repo.js';

/**
 * The keys a type holds, in the contract's order: every key for the built-in Super Admin, the
 * stored ones with what they need (`withDependencies`; unknown keys of older releases dropped)
 * for the others, whether active or not.
 */
export const heldPermissions = (userType: UserTypeRow): PermissionKey[] =>
  userType.isSuperAdmin ? [...PERMISSION_KEYS] : withDependencies(userType.permissions);

export const presentUserType = ({ userType, adminCount }: UserTypeWithCount): UserType => ({
  _id: userType.id,
  id: userType.id,
  name: userType.name,
  description: userType.description,
  isActive: userType.isActive,
  isSuperAdmin: userType.isSuperAdmin,
  permissions: heldPermissions(userType),
  adminCount,
  createdAt: userType.createdAt.toISOString(),
  updatedAt: userType.updatedAt.toISOString(),
});

export const presentUserTypeOption = (userType: UserTypeRow): UserTypeOption => ({
  _id: userType.id,
  name: userType.name,
  isSuperAdmin: userType.isSuperAdmin,
});
