import {
  API_PATHS,
  type Envelope,
  type LoginRequest,
  type LoginResponse,
  type Profile,
} from '@safarnama/contract';
import { baseApi } from '../../app/api';
import { clearToken, setToken } from '../../lib/token';
import { signedIn } from './auth.slice';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Signs in. tokenType 'Session' keeps the token in sessionStorage; 'Cookie' means the server
     * set the HttpOnly cookie and nothing is stored here (DESIGN §4).
     */
    login: build.mutation<LoginResponse, LoginRequest>({
      async queryFn(data, api, _extra, baseQuery) {
        const result = await baseQuery({
          url: API_PATHS.auth.login,
          method: 'POST',
          body: { data },
        });
        if (result.error) return { error: result.error };
        // Typed by the contract, not parsed with zod: zod stays out of the first bundle.
        const answer = (result.data as Envelope<LoginResponse>).data;
        if (answer.tokenType === 'Session' && answer.token) setToken(answer.token);
        else clearToken();
        api.dispatch(signedIn());
        return { data: answer };
      },
      invalidatesTags: ['Profile'],
    }),
    logout: build.mutation<null, undefined>({
      query: () => ({ url: API_PATHS.auth.logout, method: 'POST' }),
      transformResponse: () => null,
    }),
    getProfile: build.query<Profile, undefined>({
      query: () => API_PATHS.auth.profile,
      transformResponse: (response: Envelope<Profile>) => response.data,
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
    /** Checks a set-password link: valid only when the server answers status 200 (spec §5). */
    validateForgotPasswordToken: build.query<boolean, string>({
      query: (token) => ({
        url: API_PATHS.auth.validateForgotPasswordToken,
        method: 'POST',
        body: { data: { token } },
      }),
      transformResponse: (_response: unknown, meta) => meta?.response?.status === 200,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useLoginMutation,
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
