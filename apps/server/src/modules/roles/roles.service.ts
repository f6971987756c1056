import type { z } from 'zod';
import {
  MANAGE_MESSAGES as M,
  PERMISSION_KEYS,
  SOCKET_EVENTS,
  makePagination,
  withDependencies,
  type AllUserTypePermissions,
  type ListQuery,
  type PermissionKey,
  type UserType,
  type UserTypeList,
  type UserTypeOption,
  type UserTypePermissions,
  type addUserTypeRequestSchema,
  type saveUserTypePermissionsRequestSchema,
  type updateStatusRequestSchema,
  type updateUserTypeRequestSchema,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthContext } from '../../http/access.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
import type { Realtime } from '../../realtime/hub.js';
import {
  adminIdsOfType,
  countAdminsOfType,
  findUserTypeWithCount,
  insertUserType,
  listActiveUserTypes,
  listUserTypes,
  lockUserType,
  updateUserType,
  type UserTypeRow,
} from './roles.repo.js';
import { heldPermissions, presentUserType, presentUserTypeOption } from './roles.present.js';

export type AddUserTypeData = z.output<typeof addUserTypeRequestSchema>;
export type UpdateUserTypeData = z.output<typeof updateUserTypeRequestSchema>;
export type UpdateStatusData = z.output<typeof updateStatusRequestSchema>;
export type SavePermissionsData = z.output<typeof saveUserTypePermissionsRequestSchema>;

export interface RoleServiceDeps {
  db: Database;
  realtime: Pick<Realtime, 'emitToAdmins'>;
}

/** Keys that differ between two sets (granted or withdrawn). */
const changedKeys = (before: readonly PermissionKey[], after: readonly PermissionKey[]) => {
  const a = new Set(before);
  const b = new Set(after);
  return PERMISSION_KEYS.filter((key) => a.has(key) !== b.has(key));
};

/**
 * User types (roles) and their permissions (DESIGN §4). The built-in Super Admin cannot be
 * renamed, disabled or re-permissioned; a type in use cannot be disabled; nobody edits the
 * permissions of their own type; and the ceiling: a key the caller does not hold can be neither
 * granted nor withdrawn. Permissions are read fresh by the guard, so a save applies to the next
 * request of every admin of that type; their open pages get `permissions-changed` to refresh menus.
 */
export const createRoleService = ({ db, realtime }: RoleServiceDeps) => {
  const notFound = () => new NotFound(M.userTypeNotFound);

  const one = async (id: string): Promise<UserType> => {
    const row = await findUserTypeWithCount(db, id);
    if (!row) throw notFound();
    return presentUserType(row);
  };

  const add = async (input: AddUserTypeData): Promise<UserType> => {
    try {
      const row = await transaction(db, async (tx) => {
        const created = await insertUserType(tx, {
          name: input.name,
          description: input.description,
          permissions: [],
        });
        noteEntity(created.id);
        return created;
      });
      return presentUserType({ userType: row, adminCount: 0 });
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(M.userTypeNameTaken);
      throw err;
    }
  };

  const list = async (query: ListQuery): Promise<UserTypeList> => {
    const { rows, ...counted } = await listUserTypes(db, query);
    return {
      userTypes: rows.map(presentUserType),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  const options = async (): Promise<{ userTypes: UserTypeOption[] }> => ({
    userTypes: (await listActiveUserTypes(db)).map(presentUserTypeOption),
  });

  const update = async (input: UpdateUserTypeData): Promise<UserType> => {
    await transaction(db, async (tx) => {
      const current = await lockUserType(tx, input.id);
      if (!current) throw notFound();
      if (current.isSuperAdmin) throw new Forbidden(M.superAdminLocked);
      try {
        await updateUserType(tx, input.id, { name: input.name, description: input.description });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(M.userTypeNameTaken);
        throw err;
      }
    });
    return one(input.id);
  };

  /**
   * Enable or disable. Disabling a type that any admin holds is refused with their number; the
   * row lock plus the share lock `update-admin-user`/`add-user` take on the type they assign keep
   * an admin from slipping in between the count and the update.
   */
  const setStatus = async (input: UpdateStatusData): Promise<UserType> => {
    await transaction(db, async (tx) => {
      const current = await lockUserType(tx, input.id);
      if (!current) throw notFound();
      if (current.isSuperAdmin) throw new Forbidden(M.superAdminLocked);
      if (!input.isActive) {
        const inUse = await countAdminsOfType(tx, input.id);
        if (inUse > 0) throw new Conflict(M.userTypeInUse(inUse));
      }
      await updateUserType(tx, input.id, { isActive: input.isActive });
    });
    return one(input.id);
  };

  const permissionsView = (userType: UserTypeRow, auth: AuthContext): UserTypePermissions => ({
    userType: { ...presentUserTypeOption(userType), isActive: userType.isActive },
    permissions: heldPermissions(userType),
    grantable: PERMISSION_KEYS.filter((key) => auth.permissions.has(key)),
    editable:
      !userType.isSuperAdmin &&
      userType.id !== auth.userType.id &&
      auth.permissions.has('roles.update'),
  });

  const getPermissions = async (
    typeId: string,
    auth: AuthContext,
  ): Promise<UserTypePermissions> => {
    const row = await findUserTypeWithCount(db, typeId);
    if (!row) throw notFound();
    return permissionsView(row.userType, auth);
  };

  /**
   * Replaces the type's keys with the set sent (stored as chosen; the type holds them with what
   * they need, `withDependencies`). Everything is checked before anything changes: Super Admin
   * and the caller's own type → 403; a key granted or withdrawn, counting what the keys need, that
   * the caller does not hold → 403 (keys they do not hold and leave as they are stay untouched).
   */
  const savePermissions = async (
    input: SavePermissionsData,
    auth: AuthContext,
  ): Promise<UserTypePermissions> => {
    const wanted = PERMISSION_KEYS.filter((key) => input.permissions.includes(key));
    const saved = await transaction(db, async (tx) => {
      const current = await lockUserType(tx, input.type);
      if (!current) throw notFound();
      if (current.isSuperAdmin) throw new Forbidden(M.superAdminLocked);
      if (current.id === auth.userType.id) throw new Forbidden(M.ownUserType);
      const beyond = changedKeys(heldPermissions(current), withDependencies(wanted)).filter(
        (key) => !auth.permissions.has(key),
      );
      if (beyond.length > 0) throw new Forbidden(M.permissionCeiling);
      const row = await updateUserType(tx, input.type, { permissions: wanted });
      if (!row) throw notFound();
      return row;
    });
    // After the commit: every open page of an admin of this type refetches its profile.
    realtime.emitToAdmins(await adminIdsOfType(db, saved.id), SOCKET_EVENTS.permissionsChanged, {});
    return permissionsView(saved, auth);
  };

  const listPermissions = async (query: ListQuery): Promise<AllUserTypePermissions> => {
    const { rows, ...counted } = await listUserTypes(db, query);
    return {
      userTypes: rows.map(({ userType }) => ({
        ...presentUserTypeOption(userType),
        isActive: userType.isActive,
        permissions: heldPermissions(userType),
      })),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  return {
    add,
    list,
    options,
    update,
    setStatus,
    getPermissions,
    savePermissions,
    listPermissions,
  };
};

export type RoleService = ReturnType<typeof createRoleService>;
