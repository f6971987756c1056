import type { PermissionKey } from '@safarnama/contract';
import { hasPermission, useProfile } from './auth.api';

/**
 * True when the signed-in admin holds `permission` (null: every signed-in admin). Every create,
 * edit, delete and toggle control of every page asks this before it renders, so the buttons follow
 * the admin's user type; when the server says the permissions changed, the profile is refetched and
 * the controls follow at once. The server enforces the same keys on every route.
 */
export const useCan = (permission: PermissionKey | null): boolean => {
  const { data: profile } = useProfile();
  return hasPermission(profile, permission);
};
