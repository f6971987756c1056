import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import {
  API_PATHS,
  type Envelope,
  type ForgotPasswordRequest,
  type ForgotSetPasswordRequest,
  type LoginAnswer,
  type LoginRequest,
  type LoginResponse,
  type Profile,
  type TwoFactorChallenge,
  type ValidateLinkTokenResponse,
  type ValidateLoginTokenRequest,
} from '@safarnama/contract';
import {
  action,
  call,
  dataOf,
  getQuery,
  injectEndpoints,
  mutation,
  recordOf,
  withData,
  type ApiArgs,
  type baseQuery,
} from '../../app/api';
import { clearToken, setToken } from '../../lib/token';
import { signedIn } from './auth.slice';

/**
 * The login answer is a challenge when two-factor authentication is on (contract
 * `isTwoFactorChallenge`, repeated here because the contract's auth module carries zod, which must
 * stay out of the login bundle).
 */
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

/** A valid set-password link: what it is for and whose it is. */
export type LinkCheck = ValidateLinkTokenResponse;

type Send = (args: ApiArgs) => ReturnType<typeof baseQuery>;

/**
 * POSTs `{data}` to a sign-in call. A session answer is kept at once (before the 'Profile' refetch):
 * tokenType 'Session' keeps the token in sessionStorage; 'Cookie' means the server set the HttpOnly
 * cookie and nothing is stored here (DESIGN §4). A two-factor challenge is handed back as it is.
 */
const signIn =
  <A, T extends LoginAnswer>(url: string) =>
  async (data: A, { dispatch }: BaseQueryApi, _extra: unknown, send: Send) => {
    const result = await send(withData(url)(data));
    if (result.error) return { error: result.error };
    // Typed by the contract, not parsed with zod: zod stays out of the first bundle.
    const answer = dataOf(result.data as Envelope<T>);
    if (!isTwoFactorChallenge(answer)) {
      if (answer.tokenType === 'Session' && answer.token) setToken(answer.token);
      else clearToken();
      dispatch(signedIn());
    }
    return { data: answer };
  };

export const authApi = injectEndpoints({
  /** Form data plus the location of spec §7; a challenge goes on to the code step. */
  login: (build) =>
    build.mutation<LoginAnswer, LoginRequest>({
      queryFn: signIn(API_PATHS.auth.login),
      invalidatesTags: (answer) => (answer && !isTwoFactorChallenge(answer) ? ['Profile'] : []),
    }),
  /** The second sign-in step: the challenge's loginToken with a TOTP or a recovery code. */
  validateLoginToken: (build) =>
    build.mutation<LoginResponse, ValidateLoginTokenRequest>({
      queryFn: signIn(API_PATHS.auth.validateLoginToken),
      invalidatesTags: ['Profile'],
    }),
  /** Always the same answer, whether or not the address has an account (SECURITY.md case 3). */
  forgotPassword: action<ForgotPasswordRequest>(API_PATHS.auth.forgotPassword),
  /** Sets the password of a reset or invitation link; signs nobody in. */
  forgotSetPassword: action<ForgotSetPasswordRequest>(API_PATHS.auth.forgotSetPassword),
  logout: mutation(call('POST', API_PATHS.auth.logout), () => null),
  getProfile: getQuery(API_PATHS.auth.profile, recordOf<Profile>, ['Profile'], {
    async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
      try {
        await queryFulfilled;
        dispatch(signedIn());
      } catch {
        // The caller reads the error.
      }
    },
  }),
  /**
   * Checks a set-password link: valid only when the server answers status 200 (spec §5); then
   * null data means invalid. A valid answer says whether it is a reset or an invitation.
   */
  validateForgotPasswordToken: getQuery(
    (token: string) => withData(API_PATHS.auth.validateForgotPasswordToken)({ token }),
    (response: Envelope<Partial<LinkCheck> | null>, meta): LinkCheck | null => {
      if (meta?.response?.status !== 200) return null;
      const data = response.data ?? {};
      return {
        purpose: data.purpose === 'invite' ? 'invite' : 'reset',
        email: typeof data.email === 'string' ? data.email : '',
      };
    },
    undefined,
    { keepUnusedDataFor: 0 },
  ),
});

export const { useLoginMutation, useValidateLoginTokenMutation, useLogoutMutation } = authApi;
export const { useForgotPasswordMutation, useForgotSetPasswordMutation } = authApi;
export const { useGetProfileQuery, useValidateForgotPasswordTokenQuery } = authApi;

/** The signed-in admin's profile (shared cache entry of the access check). */
export const useProfile = () => useGetProfileQuery(undefined);

/** Super admin holds every permission; others what their user type grants. */
export const hasPermission = (profile: Profile | undefined, permission: string | null): boolean => {
  if (permission === null) return true;
  if (!profile) return false;
  return profile.userType.isSuperAdmin || profile.permissions.includes(permission);
};
