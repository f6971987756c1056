import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type Envelope,
  type ForgotPasswordRequest,
  type ForgotSetPasswordRequest,
  type LinkPurpose,
  type LoginAnswer,
  type LoginRequest,
  type LoginResponse,
  type Profile,
  type TwoFactorChallenge,
  type ValidateLoginTokenRequest,
} from '@safarnama/contract';
import { baseApi, recordOf, messageOf } from '../../app/api';
import { clearToken, setToken } from '../../lib/token';
import { signedIn } from './auth.slice';

/**
 * The login answer is a challenge when two-factor authentication is on (contract
 * `isTwoFactorChallenge`, repeated here because the contract's auth module carries zod, which must
 * stay out of the login bundle).
 */
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

/**
 * A session was opened: tokenType 'Session' keeps the token in sessionStorage; 'Cookie' means the
 * server set the HttpOnly cookie and nothing is stored here (DESIGN §4).
 */
const keepSession = (
  answer: LoginResponse,
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
): void => {
  if (answer.tokenType === 'Session' && answer.token) setToken(answer.token);
  else clearToken();
  dispatch(signedIn());
};

/** A valid set-password link: what it is for and whose it is. */
export interface LinkCheck {
  purpose: LinkPurpose;
  email: string;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Signs in (form data plus the location of spec §7). A session answer is kept at once
     * (`keepSession`); a two-factor challenge is handed back for the code step.
     */
    login: build.mutation<LoginAnswer, LoginRequest>({
      async queryFn(data, api, _extra, baseQuery) {
        const result = await baseQuery({
          url: API_PATHS.auth.login,
          method: 'POST',
          body: { data },
        });
        if (result.error) return { error: result.error };
        // Typed by the contract, not parsed with zod: zod stays out of the first bundle.
        const answer = (result.data as Envelope<LoginAnswer>).data;
        if (!isTwoFactorChallenge(answer)) keepSession(answer, api.dispatch);
        return { data: answer };
      },
      invalidatesTags: (answer) => (answer && !isTwoFactorChallenge(answer) ? ['Profile'] : []),
    }),
    /** The second sign-in step: the challenge's loginToken with a TOTP or a recovery code. */
    validateLoginToken: build.mutation<LoginResponse, ValidateLoginTokenRequest>({
      async queryFn(data, api, _extra, baseQuery) {
        const result = await baseQuery({
          url: API_PATHS.auth.validateLoginToken,
          method: 'POST',
          body: { data },
        });
        if (result.error) return { error: result.error };
        const answer = (result.data as Envelope<LoginResponse>).data;
        keepSession(answer, api.dispatch);
        return { data: answer };
      },
      invalidatesTags: ['Profile'],
    }),
    /** Always the same answer, whether or not the address has an account (SECURITY.md case 3). */
    forgotPassword: build.mutation<string, ForgotPasswordRequest>({
      query: (data) => ({ url: API_PATHS.auth.forgotPassword, method: 'POST', body: { data } }),
      transformResponse: messageOf,
    }),
    /** Sets the password of a reset or invitation link; signs nobody in. */
    forgotSetPassword: build.mutation<string, ForgotSetPasswordRequest>({
      query: (data) => ({
        url: API_PATHS.auth.forgotSetPassword,
        method: 'POST',
        body: { data },
      }),
      transformResponse: messageOf,
    }),
    logout: build.mutation<null, undefined>({
      query: () => ({ url: API_PATHS.auth.logout, method: 'POST' }),
      transformResponse: () => null,
    }),
    getProfile: build.query<Profile, undefined>({
      query: () => API_PATHS.auth.profile,
      transformResponse: recordOf<Profile>,
      providesTags: ['Profile'],
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
    validateForgotPasswordToken: build.query<LinkCheck | null, string>({
      query: (token) => ({
        url: API_PATHS.auth.validateForgotPasswordToken,
        method: 'POST',
        body: { data: { token } },
      }),
      transformResponse: (response: Envelope<Partial<LinkCheck> | null>, meta) => {
        if (meta?.response?.status !== 200) return null;
        const data = response.data ?? {};
        return {
          purpose: data.purpose === 'invite' ? 'invite' : 'reset',
          email: typeof data.email === 'string' ? data.email : '',
        };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useLoginMutation,
  useValidateLoginTokenMutation,
  useForgotPasswordMutation,
  useForgotSetPasswordMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useValidateForgotPasswordTokenQuery,
} = authApi;

/** The signed-in admin's profile (shared cache entry of the access check). */
export const useProfile = () => useGetProfileQuery(undefined);

/** Super admin holds every permission; others what their user type grants. */
export const hasPermission = (profile: Profile | undefined, permission: string | null): boolean => {
  if (permission === null) return true;
  if (!profile) return false;
  return profile.userType.isSuperAdmin || profile.permissions.includes(permission);
};
