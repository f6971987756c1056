import {
  makePagination,
  type AdminActivity,
  type AdminUser,
  type LoginActivity,
  type UserType,
  type UserTypePermissions,
} from '@safarnama/contract';

const uuid = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** The signed-in admin of `makeProfile()` and their role. */
export const SELF_ID = '0190c0de-0000-7000-8000-000000000001';
export const SELF_TYPE_ID = '0190c0de-0000-7000-8000-0000000000aa';

export const makeUserType = (n: number, overrides: Partial<UserType> = {}): UserType => ({
  _id: uuid(100 + n),
  id: uuid(100 + n),
  name: `Role ${n}`,
  description: '',
  isActive: true,
  isSuperAdmin: false,
  permissions: [],
  adminCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const makeAdmin = (n: number, overrides: Partial<AdminUser> = {}): AdminUser => ({
  _id: uuid(200 + n),
  id: uuid(200 + n),
  name: `Admin ${n}`,
  email: `admin${n}@example.com`,
  phone: null,
  avatarUrl: null,
  userType: { _id: uuid(101), name: 'Content Editor', isSuperAdmin: false },
  isActive: true,
  twoFactorEnabled: false,
  lastLoginAt: null,
  invitationPending: false,
  createdAt: '2025-02-01T00:00:00.000Z',
  updatedAt: '2025-02-01T00:00:00.000Z',
  ...overrides,
});

export const makeActivity = (n: number, overrides: Partial<AdminActivity> = {}): AdminActivity => ({
  _id: uuid(300 + n),
  admin: { _id: uuid(201), name: 'Admin 1', email: 'admin1@example.com' },
  action: 'update',
  entityType: 'itinerary',
  entityId: uuid(400 + n),
  summary: `Updated itinerary 'Trip ${n}'`,
  changes: null,
  method: 'PUT',
  path: `/api/v1/admin/service/update-itinerary/${uuid(400 + n)}`,
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  createdAt: '2025-03-07T10:15:00.000Z',
  ...overrides,
});

export const makeLoginActivity = (
  n: number,
  overrides: Partial<LoginActivity> = {},
): LoginActivity => ({
  _id: uuid(500 + n),
  result: 'success',
  method: 'password',
  createdAt: '2025-03-07T09:00:00.000Z',
  ip: '198.51.100.4',
  userAgent: 'Mozilla/5.0',
  browser: 'Chrome',
  os: 'Linux',
  device: 'desktop',
  location: null,
  session: null,
  ...overrides,
});

export const permissionsAnswer = (
  overrides: Partial<UserTypePermissions> = {},
): UserTypePermissions => ({
  userType: { _id: uuid(101), name: 'Content Editor', isSuperAdmin: false, isActive: true },
  permissions: [],
  grantable: [],
  editable: true,
  ...overrides,
});

export const page = <T>(key: string, items: T[], total = items.length, at = 1) => ({
  [key]: items,
  pagination: makePagination(total, at, 10),
});
