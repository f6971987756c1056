import {
  API_PATHS,
  type AddIpRequest,
  type AllowedIpList,
  type BasicSettings,
  type CommunicationSettings,
  type CommunicationType,
  type Envelope,
  type PolicySettings,
  type SaveCommunicationSettingsRequest,
  type TestCommunicationResult,
  type UpdatePolicySettingsRequest,
} from '@safarnama/contract';
import { baseApi, recordOf, dataOf, messageOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';

const PATHS = API_PATHS.setting;

export interface IpListArgs {
  page: number;
  limit: number;
  search: string;
}

export interface UpdateBasicSettingsArgs {
  /** The text fields of `updateBasicSettingsFieldsSchema`, plus an optional `logo` file. */
  body: FormData;
  onProgress?: (fraction: number) => void;
}

/** The multipart field of a new logo. */
export const LOGO_FIELD = 'logo';

const IPS = { type: 'AllowedIp', id: 'LIST' } as const;
const channelTag = (type: CommunicationType) => ({ type: 'Communication' as const, id: type });

/**
 * Spec §7 "Setting" (issue 9) under `/api/v1/admin/setting`: the allowed-IP list, the e-mail, SMS
 * and WhatsApp channels (secrets come back masked; a masked value sent back keeps the stored
 * secret), basic settings (multipart with the logo) and the three policies.
 */
export const settingsApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ['AllowedIp', 'Communication', 'BasicSettings', 'PolicySettings', 'ServiceStatus'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // ------------------------------------------------------------ allowed IPs
      listIps: build.query<AllowedIpList, IpListArgs>({
        query: ({ page, limit, search }) => ({
          url: PATHS.listIps,
          params: search.trim() ? { page, limit, search: search.trim() } : { page, limit },
        }),
        transformResponse: dataOf<AllowedIpList>,
        providesTags: [IPS],
      }),
      /** POST add-ip `{data}` with the form's Idempotency-Key. */
      addIp: build.mutation<string, { input: AddIpRequest; idempotencyKey: string }>({
        query: ({ input, idempotencyKey }) => ({
          url: PATHS.addIp,
          method: 'POST',
          headers: idempotencyHeaders(idempotencyKey),
          body: { data: input },
        }),
        transformResponse: messageOf,
        invalidatesTags: (_result, error) => (error ? [] : [IPS]),
      }),
      deleteIp: build.mutation<string, { id: string }>({
        query: (data) => ({ url: PATHS.deleteIp, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        invalidatesTags: (_result, error) => (error ? [] : [IPS]),
      }),

      // ------------------------------------------------------------ communication
      getCommunicationSettings: build.query<CommunicationSettings, CommunicationType>({
        query: (type) => ({ url: PATHS.communication, params: { type } }),
        transformResponse: recordOf<CommunicationSettings>,
        providesTags: (_result, _error, type) => [channelTag(type)],
      }),
      saveCommunicationSettings: build.mutation<string, SaveCommunicationSettingsRequest>({
        query: (data) => ({ url: PATHS.saveCommunication, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        // Not on failure: a refetch would reset the form and lose what the admin typed.
        invalidatesTags: (_result, error, { type }) => (error ? [] : [channelTag(type)]),
      }),
      testCommunicationSettings: build.mutation<
        TestCommunicationResult & { message: string },
        { type: CommunicationType; to: string }
      >({
        query: (data) => ({ url: PATHS.testCommunication, method: 'POST', body: { data } }),
        transformResponse: (response: Envelope<TestCommunicationResult>) => ({
          ...response.data,
          message: response.message,
        }),
      }),

      // ------------------------------------------------------------ basic settings
      getBasicSettings: build.query<BasicSettings, undefined>({
        query: () => PATHS.basic,
        transformResponse: recordOf<BasicSettings>,
        providesTags: ['BasicSettings'],
      }),
      /** Multipart over XHR, for the logo's upload progress. */
      updateBasicSettings: build.mutation<string, UpdateBasicSettingsArgs>({
        async queryFn({ body, onProgress }, api) {
          const result = await uploadWithProgress(
            { url: PATHS.updateBasic, method: 'POST', body, onProgress },
            api,
          );
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<unknown>).message };
        },
        // The maintenance banner reads the service status again.
        invalidatesTags: (_result, error) => (error ? [] : ['BasicSettings', 'ServiceStatus']),
      }),

      // ------------------------------------------------------------ policies
      getPolicySettings: build.query<PolicySettings, undefined>({
        query: () => PATHS.policies,
        transformResponse: recordOf<PolicySettings>,
        providesTags: ['PolicySettings'],
      }),
      updatePolicySettings: build.mutation<string, UpdatePolicySettingsRequest>({
        query: (data) => ({ url: PATHS.updatePolicies, method: 'POST', body: { data } }),
        transformResponse: messageOf,
        invalidatesTags: (_result, error) => (error ? [] : ['PolicySettings']),
      }),
    }),
  });

export const {
  useListIpsQuery,
  useAddIpMutation,
  useDeleteIpMutation,
  useGetCommunicationSettingsQuery,
  useSaveCommunicationSettingsMutation,
  useTestCommunicationSettingsMutation,
  useGetBasicSettingsQuery,
  useUpdateBasicSettingsMutation,
  useGetPolicySettingsQuery,
  useUpdatePolicySettingsMutation,
} = settingsApi;
