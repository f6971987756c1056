import {
  API_PATHS,
  type ChangePasswordRequest,
  type DisableTwoFactorRequest,
  type Envelope,
  type LoginActivityList,
  type Profile,
  type RecoveryCodes,
  type TwoFactorSecret,
} from '@safarnama/contract';
import { baseApi, dataOf, messageOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';

export interface LoginActivityArgs {
  page: number;
  limit: number;
}

export interface UpdateProfileArgs {
  /** name, phone, email?, currentPassword?, removeAvatar, avatar? (see `buildProfileForm`). */
  body: FormData;
  onProgress?: (fraction: number) => void;
}

/** The multipart field of the new avatar image. */
export const AVATAR_FIELD = 'avatar';

export interface ProfileFormValues {
  name: string;
  phone: string;
  email: string;
  /** Sent only when the e-mail changes. */
  currentPassword: string;
  avatar: File | null;
  removeAvatar: boolean;
}

/**
 * The body of `update-profile-details` (multipart, contract `updateProfileFieldsSchema`): name and
 * phone always; the e-mail with the current password only when it changed; `removeAvatar` 'true'
 * or a new `avatar` file.
 */
export const buildProfileForm = (values: ProfileFormValues, profile: Profile): FormData => {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('phone', values.phone.trim());
  const email = values.email.trim();
  if (email.toLowerCase() !== profile.email.toLowerCase()) {
    body.append('email', email);
    body.append('currentPassword', values.currentPassword);
  }
  if (values.avatar) body.append(AVATAR_FIELD, values.avatar);
  else if (values.removeAvatar) body.append('removeAvatar', 'true');
  return body;
};

const ACTIVITY = { type: 'LoginActivity', id: 'LIST' } as const;

/**
 * The signed-in admin's own account (spec §7 under /admin/auth): profile changes, password,
 * login activity and sessions, two-factor authentication. The profile itself is read by
 * `auth.api.ts` (`getProfile`, tag 'Profile'); changes here refresh it.
 */
export const accountApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['LoginActivity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** POST update-profile-details (multipart, XHR for the avatar's upload progress). */
      updateProfile: build.mutation<string, UpdateProfileArgs>({
        async queryFn({ body, onProgress }, api) {
          const result = await uploadWithProgress(
            { url: API_PATHS.auth.updateProfile, method: 'POST', body, onProgress },
            api,
          );
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<unknown>).message };
        },
        invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
      }),
      /** Other sessions are signed out; this one stays. */
      changePassword: build.mutation<string, ChangePasswordRequest>({
        query: (data) => ({ url: API_PATHS.auth.changePassword, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        invalidatesTags: (_result, error) => (error ? [] : [ACTIVITY]),
      }),
      getLoginActivity: build.query<LoginActivityList, LoginActivityArgs>({
        query: ({ page, limit }) => ({
          url: API_PATHS.auth.loginActivity,
          params: { page, limit },
        }),
        transformResponse: dataOf<LoginActivityList>,
        providesTags: [ACTIVITY],
      }),
      /** Answers how many sessions were closed. */
      logoutOtherDevices: build.mutation<number, undefined>({
        query: () => ({ url: API_PATHS.auth.logoutOthers, method: 'POST' }),
        transformResponse: (response: Envelope<{ revoked: number }>) => response.data.revoked,
        invalidatesTags: [ACTIVITY],
      }),
      /** A new pending secret (QR code and manual key); 2FA turns on only after verification. */
      generateTwoFactorSecret: build.mutation<TwoFactorSecret, undefined>({
        query: () => ({ url: API_PATHS.auth.generateTwoFactorSecret, method: 'POST' }),
        transformResponse: dataOf<TwoFactorSecret>,
      }),
      /** Turns 2FA on; answers the ten recovery codes, shown once. */
      verifyTwoFactor: build.mutation<string[], { otp: string }>({
        query: (data) => ({ url: API_PATHS.auth.verifyTwoFactor, method: 'POST', body: { data } }),
        transformResponse: (response: Envelope<RecoveryCodes>) => response.data.recoveryCodes,
        invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
      }),
      disableTwoFactor: build.mutation<string, DisableTwoFactorRequest>({
        query: (data) => ({
          url: API_PATHS.auth.disableTwoFactor,
          method: 'POST',
          body: { data },
        }),
        transformResponse: messageOf,
        invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
      }),
    }),
  });

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useGetLoginActivityQuery,
  useLogoutOtherDevicesMutation,
  useGenerateTwoFactorSecretMutation,
  useVerifyTwoFactorMutation,
  useDisableTwoFactorMutation,
} = accountApi;
