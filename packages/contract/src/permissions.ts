import { z } from 'zod';

/**
 * Permission keys are `<module>.<action>` (DESIGN §4). Every governed module of DESIGN §2 is listed
 * with the actions that make sense for it. The self-service modules (auth, account, notifications,
 * push) carry no keys: every signed-in admin manages their own, and their routes declare `self`.
 */
export const PERMISSION_ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const CRUD = PERMISSION_ACTIONS;

export const PERMISSION_MODULES = {
  dashboard: { label: 'Dashboard', actions: ['view'] },
  roles: { label: 'Roles & permissions', actions: CRUD },
  admins: { label: 'Admin users', actions: CRUD },
  activity: { label: 'Admin activity log', actions: ['view'] },
  settings: { label: 'Settings', actions: ['view', 'update'] },
  marketing: { label: 'Marketing notifications', actions: CRUD },
  geography: { label: 'Countries, states & places', actions: CRUD },
  'place-details': { label: 'Place details', actions: CRUD },
  blogs: { label: 'Travelpedia blogs', actions: CRUD },
  itineraries: { label: 'Itineraries', actions: CRUD },
  'image-libraries': { label: 'Image libraries', actions: CRUD },
  homepage: { label: 'Homepage settings', actions: ['view', 'update'] },
} as const satisfies Record<string, { label: string; actions: readonly PermissionAction[] }>;

export type PermissionModule = keyof typeof PERMISSION_MODULES;
type KeysOf<M extends PermissionModule> =
  `${M}.${(typeof PERMISSION_MODULES)[M]['actions'][number]}`;
export type PermissionKey = { [M in PermissionModule]: KeysOf<M> }[PermissionModule];

/** Modules whose routes every signed-in admin may use for their own account. */
export const SELF_SERVICE_MODULES = ['auth', 'account', 'notifications', 'push'] as const;

export const PERMISSION_KEYS = (Object.keys(PERMISSION_MODULES) as PermissionModule[]).flatMap(
  (module) =>
    (PERMISSION_MODULES[module].actions as readonly PermissionAction[]).map(
      (action) => `${module}.${action}` as PermissionKey,
    ),
);

export const permissionKeySchema = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);

export const isPermissionKey = (value: string): value is PermissionKey =>
  (PERMISSION_KEYS as string[]).includes(value);

/**
 * What a route requires: `public` (no sign-in), `self` (any signed-in admin, acting on their own
 * account) or one permission key.
 */
export type RouteAccess = 'public' | 'self' | PermissionKey;

/** Name of the built-in role that holds every permission and cannot be edited or disabled. */
export const SUPER_ADMIN_ROLE = 'Super Admin';
