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
  type SaveUserTypePermissionsRequest,
  type UpdateAdminUserRequest,
  type UpdateStatusRequest,
  type UpdateUserTypeRequest,
  type UserTypeList,
  type UserTypeOption,
  type UserTypePermissions,
} from '@safarnama/contract';
import { baseApi, recordOf, dataOf, messageOf } from '../../app/api';
import { idempotencyHeaders } from '../../lib/idempotency';

export interface PageArgs {
  page: number;
  limit: number;
}

export interface SearchPageArgs extends PageArgs {
  search: string;
}

/** Query parameters of a paged, searchable list: `search` only when there is one. */
const pageParams = ({ page, limit, search }: SearchPageArgs) =>
  search.trim() ? { page, limit, search: search.trim() } : { page, limit };

/** What a write answers: the server's message (the record itself is refetched via tags). */

/** A create's request and the form's `Idempotency-Key` (a retry of that form creates once). */
export interface CreateArgs<TInput> {
  input: TInput;
  idempotencyKey: string;
}

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
const TYPE_OPTIONS = { type: 'UserType', id: 'OPTIONS' } as const;
const OVERVIEW = { type: 'UserType', id: 'OVERVIEW' } as const;
const permissionsTag = (type: string) => ({ type: 'UserType' as const, id: `PERMISSIONS-${type}` });
const USERS = { type: 'AdminUser', id: 'LIST' } as const;
const ACTIVITY = { type: 'Activity', id: 'LIST' } as const;

/**
 * Spec §7 Manage (issue 8) under `/api/v1/admin/manage`: user types (roles) and their permissions
 * (the permissions of one type come from the auth group's `getUserTypePermissions`), admin users
 * and the admin activity log. Every write also refreshes the activity log (it wrote an entry), and
 * a change to a type refreshes the admin users (they show its name) and vice versa (the types show
 * how many admins each has).
 */
export const manageApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['UserType', 'AdminUser', 'Activity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // ------------------------------------------------------------ user types
      listUserTypes: build.query<UserTypeList, SearchPageArgs>({
        query: (args) => ({ url: API_PATHS.manage.listUserTypes, params: pageParams(args) }),
        transformResponse: dataOf<UserTypeList>,
        providesTags: [TYPES],
      }),
      /** Active types, for selects. */
      listUserTypeOptions: build.query<UserTypeOption[], undefined>({
        query: () => API_PATHS.manage.userTypeOptions,
        transformResponse: (response: Envelope<{ userTypes: UserTypeOption[] }>) =>
          response.data.userTypes,
        providesTags: [TYPE_OPTIONS],
      }),
      /** POST add-user-type `{data}` with the form's Idempotency-Key. */
      createUserType: build.mutation<string, CreateArgs<AddUserTypeRequest>>({
        query: ({ input, idempotencyKey }) => ({
          url: API_PATHS.manage.addUserType,
          method: 'POST',
          headers: idempotencyHeaders(idempotencyKey),
          body: { data: input },
        }),
        transformResponse: messageOf,
        invalidatesTags: [TYPES, TYPE_OPTIONS, OVERVIEW, ACTIVITY],
      }),
      updateUserType: build.mutation<string, UpdateUserTypeRequest>({
        query: (data) => ({ url: API_PATHS.manage.updateUserType, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        invalidatesTags: (_result, _error, { id }) => [
          TYPES,
          TYPE_OPTIONS,
          OVERVIEW,
          permissionsTag(id),
          USERS,
          ACTIVITY,
        ],
      }),
      updateUserTypeStatus: build.mutation<string, UpdateStatusRequest>({
        query: (data) => ({
          url: API_PATHS.manage.updateUserTypeStatus,
          method: 'POST',
          body: { data },
        }),
        transformResponse: messageOf,
        invalidatesTags: (_result, _error, { id }) => [
          TYPES,
          TYPE_OPTIONS,
          OVERVIEW,
          permissionsTag(id),
          ACTIVITY,
        ],
      }),

      // ------------------------------------------------------------ permissions
      getUserTypePermissions: build.query<UserTypePermissions, string>({
        query: (type) => ({ url: API_PATHS.auth.userTypePermissions, params: { type } }),
        transformResponse: recordOf<UserTypePermissions>,
        providesTags: (_result, _error, type) => [permissionsTag(type)],
      }),
      saveUserTypePermissions: build.mutation<string, SaveUserTypePermissionsRequest>({
        query: (data) => ({
          url: API_PATHS.manage.saveUserTypePermissions,
          method: 'POST',
          body: { data },
        }),
        transformResponse: messageOf,
        // Not on failure: a refetch would reset the matrix and lose the admin's ticks.
        invalidatesTags: (_result, error, { type }) =>
          error ? [] : [TYPES, OVERVIEW, permissionsTag(type), ACTIVITY],
      }),
      /** Every type with its permissions, paged (the overview under the matrix). */
      listAllUserTypePermissions: build.query<AllUserTypePermissions, PageArgs>({
        query: ({ page, limit }) => ({
          url: API_PATHS.manage.allUserTypePermissions,
          params: { page, limit },
        }),
        transformResponse: dataOf<AllUserTypePermissions>,
        providesTags: [OVERVIEW],
      }),

      // ------------------------------------------------------------ admin users
      listAdminUsers: build.query<AdminUserList, SearchPageArgs>({
        query: (args) => ({ url: API_PATHS.manage.listUsers, params: pageParams(args) }),
        transformResponse: dataOf<AdminUserList>,
        providesTags: [USERS],
      }),
      /** One admin with a page of their sign-ins and a page of their actions. */
      getAdminUser: build.query<AdminUserDetails, Required<AdminUserByIdQuery>>({
        query: (params) => ({ url: API_PATHS.manage.userById, params }),
        transformResponse: dataOf<AdminUserDetails>,
        providesTags: (_result, _error, { id }) => [{ type: 'AdminUser', id }, ACTIVITY],
      }),
      /** POST add-user `{data}` with the form's Idempotency-Key: a retry invites once. */
      inviteAdminUser: build.mutation<InvitationResult, CreateArgs<AddAdminUserRequest>>({
        query: ({ input, idempotencyKey }) => ({
          url: API_PATHS.manage.addUser,
          method: 'POST',
          headers: idempotencyHeaders(idempotencyKey),
          body: { data: input },
        }),
        transformResponse: invitationOf,
        invalidatesTags: [USERS, TYPES, ACTIVITY],
      }),
      updateAdminUser: build.mutation<string, UpdateAdminUserRequest>({
        query: (data) => ({ url: API_PATHS.manage.updateUser, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        invalidatesTags: (_result, _error, { id }) => [
          USERS,
          TYPES,
          { type: 'AdminUser', id },
          ACTIVITY,
        ],
      }),
      updateAdminUserStatus: build.mutation<string, UpdateStatusRequest>({
        query: (data) => ({
          url: API_PATHS.manage.updateUserStatus,
          method: 'POST',
          body: { data },
        }),
        transformResponse: messageOf,
        invalidatesTags: (_result, _error, { id }) => [USERS, { type: 'AdminUser', id }, ACTIVITY],
      }),
      resendInvitation: build.mutation<InvitationResult, { id: string }>({
        query: (data) => ({
          url: API_PATHS.manage.resendInvitation,
          method: 'POST',
          body: { data },
        }),
        transformResponse: invitationOf,
        invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminUser', id }, ACTIVITY],
      }),

      // ------------------------------------------------------------ activity log
      listAdminActivities: build.query<AdminActivityList, SearchPageArgs>({
        query: (args) => ({ url: API_PATHS.manage.activities, params: pageParams(args) }),
        transformResponse: dataOf<AdminActivityList>,
        providesTags: [ACTIVITY],
      }),
    }),
  });

export const {
  useListUserTypesQuery,
  useListUserTypeOptionsQuery,
  useCreateUserTypeMutation,
  useUpdateUserTypeMutation,
  useUpdateUserTypeStatusMutation,
  useGetUserTypePermissionsQuery,
  useSaveUserTypePermissionsMutation,
  useListAllUserTypePermissionsQuery,
  useListAdminUsersQuery,
  useGetAdminUserQuery,
  useInviteAdminUserMutation,
  useUpdateAdminUserMutation,
  useUpdateAdminUserStatusMutation,
  useResendInvitationMutation,
  useListAdminActivitiesQuery,
} = manageApi;
