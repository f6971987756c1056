import {
  API_PATHS,
  type ChangePasswordRequest,
  type DisableTwoFactorRequest,
  type Envelope,
  type ListQuery,
  type LoginActivityList,
  type RecoveryCodes,
  type TwoFactorSecret,
} from '@safarnama/contract';
import {
  action,
  call,
  dataOf,
  getQuery,
  ifOk,
  injectEndpoints,
  messageOf,
  multipart,
  mutation,
  withData,
  type MultipartArgs,
} from '../../app/api';

/** The multipart field of the new avatar image. */
export const AVATAR_FIELD = 'avatar';

const PATHS = API_PATHS.auth;
const ACTIVITY = [{ type: 'LoginActivity', id: 'LIST' }] as const;
const PROFILE = ['Profile'] as const;

/**
 * The signed-in admin's own account (spec §7 under /admin/auth): profile changes, password,
 * login activity and sessions, two-factor authentication. The profile itself is read by
 * `auth.api.ts` (`getProfile`, tag 'Profile'); changes here refresh it.
 */
export const accountApi = injectEndpoints({
  /** Multipart (ProfilePage's `toFormData` body), through the upload transport for the avatar's progress. */
  updateProfile: mutation(
    (arg: MultipartArgs) => multipart('POST', PATHS.updateProfile, arg, true),
    messageOf,
    ifOk(PROFILE),
  ),
  /** Other sessions are signed out; this one stays. */
  changePassword: action<ChangePasswordRequest>(PATHS.changePassword, ifOk(ACTIVITY)),
  getLoginActivity: getQuery(
    (params: Omit<ListQuery, 'search'>) => ({ url: PATHS.loginActivity, params }),
    dataOf<LoginActivityList>,
    ACTIVITY,
  ),
  /** Answers how many sessions were closed. */
  logoutOtherDevices: mutation(
    call('POST', PATHS.logoutOthers),
    (response: Envelope<{ revoked: number }>) => response.data.revoked,
    ACTIVITY,
  ),
  /** A new pending secret (QR code and manual key); 2FA turns on only after verification. */
  generateTwoFactorSecret: mutation(
    call('POST', PATHS.generateTwoFactorSecret),
    dataOf<TwoFactorSecret>,
  ),
  /** Turns 2FA on; answers the ten recovery codes, shown once. */
  verifyTwoFactor: mutation(
    withData<{ otp: string }>(PATHS.verifyTwoFactor),
    (response: Envelope<RecoveryCodes>) => response.data.recoveryCodes,
    ifOk(PROFILE),
  ),
  disableTwoFactor: action<DisableTwoFactorRequest>(PATHS.disableTwoFactor, ifOk(PROFILE)),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = accountApi;
export const { useGetLoginActivityQuery, useLogoutOtherDevicesMutation } = accountApi;
export const { useGenerateTwoFactorSecretMutation, useVerifyTwoFactorMutation } = accountApi;
export const { useDisableTwoFactorMutation } = accountApi;
