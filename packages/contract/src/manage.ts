import { z } from 'zod';
import { recordSchema } from './envelope.js';
import { loginActivityListSchema, personNameSchema, phoneSchema } from './account.js';
import { emailSchema } from './auth.js';
import { paginationSchema } from './pagination.js';
import { permissionKeySchema } from './permissions.js';

/**
 * Roles ("user types"), admin users and the admin activity log (issue 8), under
 * /api/v1/admin/manage. Bodies travel inside `data`.
 */

const idSchema = z.uuid('Unknown record');

// ---------------------------------------------------------------- user types

export const USER_TYPE_LIMITS = { name: 60, description: 300 } as const;

export const userTypeSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  /** The built-in Super Admin: every permission, cannot be edited or disabled. */
  isSuperAdmin: z.boolean(),
  permissions: z.array(z.string()),
  /** Admins who have this type. */
  adminCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserType = z.infer<typeof userTypeSchema>;

const userTypeShape = {
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(USER_TYPE_LIMITS.name, `Name must be at most ${USER_TYPE_LIMITS.name} characters`),
  description: z
    .string()
    .trim()
    .max(
      USER_TYPE_LIMITS.description,
      `Description must be at most ${USER_TYPE_LIMITS.description} characters`,
    )
    .default(''),
};

/** `POST /add-user-types` (201). */
export const addUserTypeRequestSchema = z.strictObject(userTypeShape);
export type AddUserTypeRequest = z.input<typeof addUserTypeRequestSchema>;

/** `POST /update-user-type`: rename and describe (not part of spec §7; same group). */
export const updateUserTypeRequestSchema = z.strictObject({ id: idSchema, ...userTypeShape });
export type UpdateUserTypeRequest = z.input<typeof updateUserTypeRequestSchema>;

/** `POST /update-user-type-status`. */
export const updateStatusRequestSchema = z.strictObject({ id: idSchema, isActive: z.boolean() });
export type UpdateStatusRequest = z.input<typeof updateStatusRequestSchema>;

/** `GET /get-user-types` → `data.userTypes` + pagination. */
export const userTypeListSchema = z.object({
  userTypes: z.array(userTypeSchema),
  pagination: paginationSchema,
});
export type UserTypeList = z.infer<typeof userTypeListSchema>;

/** One user type as `add-user-types`, `update-user-type` and `update-user-type-status` answer it. */
export const userTypeOneSchema = recordSchema(userTypeSchema);

/** `GET /get-user-types-list`: active types for selects. */
export const userTypeOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isSuperAdmin: z.boolean(),
});
export type UserTypeOption = z.infer<typeof userTypeOptionSchema>;
export const userTypeOptionsSchema = z.object({ userTypes: z.array(userTypeOptionSchema) });

// ---------------------------------------------------------------- permissions

/** `GET /admin/auth/getUserTypePermissions?type=<id>`. */
export const userTypePermissionsQuerySchema = z.strictObject({ type: idSchema });

export const userTypePermissionsSchema = z.object({
  userType: userTypeOptionSchema.extend({ isActive: z.boolean() }),
  permissions: z.array(z.string()),
  /** Keys the caller may grant or withdraw (the ceiling: what they hold themselves). */
  grantable: z.array(z.string()),
  /** False for the Super Admin type and for the caller's own type. */
  editable: z.boolean(),
});
export type UserTypePermissions = z.infer<typeof userTypePermissionsSchema>;

/** `POST /saveUserTypePermissions`: the full set of keys the type should hold. */
export const saveUserTypePermissionsRequestSchema = z.strictObject({
  type: idSchema,
  permissions: z.array(permissionKeySchema).max(200),
});
export type SaveUserTypePermissionsRequest = z.input<typeof saveUserTypePermissionsRequestSchema>;

/** `GET /getAllUserTypePermissions` (page, limit) → `data.userTypes` + pagination. */
export const allUserTypePermissionsSchema = z.object({
  userTypes: z.array(
    userTypeOptionSchema.extend({ isActive: z.boolean(), permissions: z.array(z.string()) }),
  ),
  pagination: paginationSchema,
});
export type AllUserTypePermissions = z.infer<typeof allUserTypePermissionsSchema>;

// ---------------------------------------------------------------- admin users

export const adminUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userType: z.object({ _id: z.string(), name: z.string(), isSuperAdmin: z.boolean() }),
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Invited and has not set a password yet. */
  invitationPending: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An admin's role: an unchosen one ('' or absent) is worded for the form's select. */
const roleIdSchema = z.uuid({
  error: (issue) => (issue.input ? 'Unknown record' : 'Choose a role'),
});

const adminUserShape = {
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema.default(''),
  userTypeId: roleIdSchema,
};

/** `POST /add-user` (201): the new admin gets an invitation e-mail with a set-password link. */
export const addAdminUserRequestSchema = z.strictObject(adminUserShape);
export type AddAdminUserRequest = z.input<typeof addAdminUserRequestSchema>;

/** `POST /update-admin-user`. Nobody changes their own user type. */
export const updateAdminUserRequestSchema = z.strictObject({ id: idSchema, ...adminUserShape });
export type UpdateAdminUserRequest = z.input<typeof updateAdminUserRequestSchema>;

/** `POST /resend-invitation` {id}: a fresh 72-hour link for an admin who has not accepted yet. */
export const resendInvitationRequestSchema = z.strictObject({ id: idSchema });

/** `GET /get-users` → `data.users` + pagination. */
export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** One admin as `update-admin-user` and `admin-update-status` answer it. */
export const adminUserOneSchema = recordSchema(adminUserSchema);

/**
 * `add-user` and `resend-invitation`: the admin and whether the invitation e-mail went out. A
 * failed mail never loses the admin: `invitationSent` is false and `resend-invitation` retries.
 */
export const adminUserInvitedSchema = adminUserOneSchema.extend({ invitationSent: z.boolean() });
export type AdminUserInvited = z.infer<typeof adminUserInvitedSchema>;

// ---------------------------------------------------------------- activity log

/** One audit entry. `changes` maps a field to its old and new value (secrets masked). */
export const adminActivitySchema = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** e.g. 'create', 'update', 'delete', 'status', 'login', 'permissions'. */
  action: z.string(),
  /** e.g. 'itinerary', 'image-library', 'user-type'. */
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** One human line: "Updated itinerary 'Goa Beaches'". */
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  method: z.string(),
  path: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

/** `GET /get-admins-activities` (page, limit, search over admin name, action and entity). */
export const adminActivityListSchema = z.object({
  activities: z.array(adminActivitySchema),
  pagination: paginationSchema,
});
export type AdminActivityList = z.infer<typeof adminActivityListSchema>;

/** `GET /get-admin-user-by-id` (id, loginPage, loginLimit, adminPage, adminLimit). */
export const adminUserByIdQuerySchema = z.strictObject({
  id: idSchema,
  loginPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  loginLimit: z.coerce.number().int().min(1).max(100).default(10),
  adminPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  adminLimit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdminUserByIdQuery = z.input<typeof adminUserByIdQuerySchema>;

export const adminUserDetailsSchema = z.object({
  admin: adminUserSchema,
  loginActivity: loginActivityListSchema.omit({ activeSessions: true }),
  activities: adminActivityListSchema,
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

export const MANAGE_MESSAGES = {
  userTypes: 'Roles fetched successfully',
  userTypeCreated: 'Role created successfully',
  userTypeUpdated: 'Role updated successfully',
  userTypeStatus: 'Role status updated successfully',
  userTypeNameTaken: 'A role with this name already exists',
  userTypeNotFound: 'Role not found',
  superAdminLocked: 'The Super Admin role cannot be changed',
  userTypeInUse: (count: number) =>
    `This role is assigned to ${count} ${count === 1 ? 'admin' : 'admins'}. Move them to another role before deactivating it.`,
  userTypeInactive: 'This role is inactive. Choose an active one.',
  permissions: 'Permissions fetched successfully',
  permissionsSaved: 'Permissions saved successfully',
  permissionCeiling: 'You cannot grant permissions you do not hold',
  ownUserType: 'You cannot change the permissions of your own role',
  users: 'Admin users fetched successfully',
  userCreated: 'Admin user invited. An invitation e-mail is on its way.',
  userUpdated: 'Admin user updated successfully',
  userStatus: 'Admin user status updated successfully',
  userNotFound: 'Admin user not found',
  emailTaken: 'Another admin already uses this e-mail address',
  ownStatus: 'You cannot disable your own account',
  ownUserTypeChange: 'You cannot change your own role',
  lastSuperAdmin: 'The last active super admin cannot be deactivated or moved to another role',
  invitationSent: 'Invitation sent',
  invitationNotPending: 'This admin has already set a password',
  userCreatedMailFailed:
    'Admin user created, but the invitation e-mail could not be sent. Use Resend invitation to try again.',
  invitationMailFailed: 'The invitation e-mail could not be sent. Please try again later.',
  adminAboveCeiling: 'You cannot change an admin who holds permissions you do not hold',
  activities: 'Admin activities fetched successfully',
  adminDetails: 'Admin user fetched successfully',
} as const;
