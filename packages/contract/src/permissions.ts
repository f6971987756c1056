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
 * What each key's screens need beyond their own routes: the lists their forms and pickers read.
 * Every create / update / delete needs its module's view (the page that holds the buttons opens
 * with view); on top of that:
 * - itinerary and place-details forms pick a country / state / place (geography's active lists)
 *   and an image library (image-libraries' list and one library);
 * - the blog form picks a country / state / place;
 * - the homepage editor picks places (geography), itineraries and blogs from their lists.
 * Galleries upload and remove through their own module's routes and need nothing more.
 */
const FORM_NEEDS: Partial<Record<PermissionKey, readonly PermissionKey[]>> = {
  'itineraries.create': ['geography.view', 'image-libraries.view'],
  'itineraries.update': ['geography.view', 'image-libraries.view'],
  'place-details.create': ['geography.view', 'image-libraries.view'],
  'place-details.update': ['geography.view', 'image-libraries.view'],
  'blogs.create': ['geography.view'],
  'blogs.update': ['geography.view'],
  'homepage.update': ['geography.view', 'itineraries.view', 'blogs.view'],
};

/** For each key, the keys it directly needs (its module's view, then `FORM_NEEDS`). */
export const PERMISSION_DEPENDENCIES: Readonly<Record<PermissionKey, readonly PermissionKey[]>> =
  PERMISSION_KEYS.reduce(
    (table, key) => {
      const [module, action] = key.split('.') as [PermissionModule, PermissionAction];
      const own = action === 'view' ? [] : [`${module}.view` as PermissionKey];
      table[key] = [...own, ...(FORM_NEEDS[key] ?? [])];
      return table;
    },
    {} as Record<PermissionKey, readonly PermissionKey[]>,
  );

/**
 * The keys given plus everything they need, transitively, in the contract's order. Unknown keys
 * (of older releases) are dropped. What a role grants is this closure of the keys it stores.
 */
export const withDependencies = (keys: Iterable<string>): PermissionKey[] => {
  const found = new Set<PermissionKey>();
  const visit = (key: PermissionKey): void => {
    if (found.has(key)) return;
    found.add(key);
    for (const needed of PERMISSION_DEPENDENCIES[key]) visit(needed);
  };
  for (const key of keys) if (isPermissionKey(key)) visit(key);
  return PERMISSION_KEYS.filter((key) => found.has(key));
};

/**
 * What a route requires: `public` (no sign-in), `self` (any signed-in admin, acting on their own
 * account) or one permission key.
 */
export type RouteAccess = 'public' | 'self' | PermissionKey;

/** Name of the built-in role that holds every permission and cannot be edited or disabled. */
export const SUPER_ADMIN_ROLE = 'Super Admin';
