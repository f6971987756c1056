import {
  API_PATHS,
  type AddAdminUserRequest,
  type AddUserTypeRequest,
  type AdminActivityList,
  type AdminUserByIdQuery,
  type AdminUserDetails,
  type AdminUserInvited,
  type AdminUserList,
  type AllUserTypePermissions,
  type Envelope,
  type ListQuery,
  type SaveUserTypePermissionsRequest,
  type UpdateAdminUserRequest,
  type UpdateStatusRequest,
  type UpdateUserTypeRequest,
  type UserTypeList,
  type UserTypeOption,
  type UserTypePermissions,
} from '@safarnama/contract';
import {
  action,
  createRequest,
  dataOf,
  getQuery,
  ifOk,
  injectEndpoints,
  listQuery,
  messageOf,
  mutation,
  recordOf,
  withData,
} from '../../app/api';

const PATHS = API_PATHS.manage;

/** What an invitation answers: the message, and whether the e-mail went out. */
export interface InvitationResult {
  message: string;
  invitationSent: boolean;
}

const invitationOf = (response: Envelope<Partial<AdminUserInvited> | null>): InvitationResult => ({
  message: response.message,
  // Only an explicit false means the mail failed (the admin exists either way).
  invitationSent: response.data?.invitationSent !== false,
});

const TYPES = { type: 'UserType', id: 'LIST' } as const;
const OPTIONS = { type: 'UserType', id: 'OPTIONS' } as const;
const OVERVIEW = { type: 'UserType', id: 'OVERVIEW' } as const;
const permissions = (type: string) => ({ type: 'UserType', id: `PERMISSIONS-${type}` }) as const;
const USERS = { type: 'AdminUser', id: 'LIST' } as const;
const admin = (id: string) => ({ type: 'AdminUser', id }) as const;
const ACTIVITY = { type: 'Activity', id: 'LIST' } as const;
const typeChange = (id: string) => [TYPES, OPTIONS, OVERVIEW, permissions(id), ACTIVITY];
const userChange = (id: string) => [USERS, admin(id), ACTIVITY];

/**
 * Spec §7 Manage (issue 8) under `/api/v1/admin/manage`: user types (roles) and their permissions
 * (the permissions of one type come from the auth group's `getUserTypePermissions`), admin users
 * and the admin activity log. Every write also refreshes the activity log (it wrote an entry), and
 * a change to a type refreshes the admin users (they show its name) and vice versa (the types show
 * how many admins each has).
 */
export const manageApi = injectEndpoints({
  listUserTypes: listQuery<UserTypeList>(PATHS.listUserTypes, 'UserType'),
  /** Active types, for selects. */
  listUserTypeOptions: getQuery(
    PATHS.userTypeOptions,
    (response: Envelope<{ userTypes: UserTypeOption[] }>) => response.data.userTypes,
    [OPTIONS],
  ),
  createUserType: mutation(createRequest<AddUserTypeRequest>(PATHS.addUserType), messageOf, [
    TYPES,
    OPTIONS,
    OVERVIEW,
    ACTIVITY,
  ]),
  updateUserType: action<UpdateUserTypeRequest>(PATHS.updateUserType, ({ id }) => [
    ...typeChange(id),
    USERS,
  ]),
  updateUserTypeStatus: action<UpdateStatusRequest>(PATHS.updateUserTypeStatus, ({ id }) =>
    typeChange(id),
  ),
  getUserTypePermissions: getQuery(
    (type: string) => ({ url: API_PATHS.auth.userTypePermissions, params: { type } }),
    recordOf<UserTypePermissions>,
    (type) => [permissions(type)],
  ),
  saveUserTypePermissions: action<SaveUserTypePermissionsRequest>(
    PATHS.saveUserTypePermissions,
    // Not on failure: a refetch would reset the matrix and lose the admin's ticks.
    ifOk(({ type }) => [TYPES, OVERVIEW, permissions(type), ACTIVITY]),
  ),
  /** Every type with its permissions, paged (the overview under the matrix). */
  listAllUserTypePermissions: getQuery(
    (params: Omit<ListQuery, 'search'>) => ({ url: PATHS.allUserTypePermissions, params }),
    dataOf<AllUserTypePermissions>,
    [OVERVIEW],
  ),
  listAdminUsers: listQuery<AdminUserList>(PATHS.listUsers, 'AdminUser'),
  /** One admin with a page of their sign-ins and a page of their actions. */
  getAdminUser: getQuery(
    (params: Required<AdminUserByIdQuery>) => ({ url: PATHS.userById, params }),
    dataOf<AdminUserDetails>,
    ({ id }) => [admin(id), ACTIVITY],
  ),
  inviteAdminUser: mutation(createRequest<AddAdminUserRequest>(PATHS.addUser), invitationOf, [
    USERS,
    TYPES,
    ACTIVITY,
  ]),
  updateAdminUser: action<UpdateAdminUserRequest>(PATHS.updateUser, ({ id }) => [
    ...userChange(id),
    TYPES,
  ]),
  updateAdminUserStatus: action<UpdateStatusRequest>(PATHS.updateUserStatus, ({ id }) =>
    userChange(id),
  ),
  resendInvitation: mutation(
    withData<{ id: string }>(PATHS.resendInvitation),
    invitationOf,
    ({ id }) => [admin(id), ACTIVITY],
  ),
  listAdminActivities: listQuery<AdminActivityList>(PATHS.activities, 'Activity'),
});

export const { useListUserTypesQuery, useListUserTypeOptionsQuery } = manageApi;
export const { useCreateUserTypeMutation, useUpdateUserTypeMutation } = manageApi;
export const { useUpdateUserTypeStatusMutation } = manageApi;
export const { useGetUserTypePermissionsQuery, useSaveUserTypePermissionsMutation } = manageApi;
export const { useListAllUserTypePermissionsQuery } = manageApi;
export const { useListAdminUsersQuery, useGetAdminUserQuery } = manageApi;
export const { useInviteAdminUserMutation, useUpdateAdminUserMutation } = manageApi;
export const { useUpdateAdminUserStatusMutation, useResendInvitationMutation } = manageApi;
export const { useListAdminActivitiesQuery } = manageApi;
