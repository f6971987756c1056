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
import {
  action,
  createRequest,
  ifOk,
  injectEndpoints,
  listQuery,
  messageOf,
  multipart,
  mutation,
  getQuery,
  recordOf,
  withData,
  type MultipartArgs,
} from '../../app/api';

const PATHS = API_PATHS.setting;

/** The multipart field of a new logo. */
export const LOGO_FIELD = 'logo';

const IPS = [{ type: 'AllowedIp', id: 'LIST' }] as const;
const channel = (type: CommunicationType) => [{ type: 'Communication', id: type }] as const;

/**
 * Spec §7 "Setting" (issue 9) under `/api/v1/admin/setting`: the allowed-IP list, the e-mail, SMS
 * and WhatsApp channels (secrets come back masked; a masked value sent back keeps the stored
 * secret), basic settings (multipart with the logo, through the upload transport) and the three
 * policies. Saves refresh only after a success: a refetch would reset the form.
 */
export const settingsApi = injectEndpoints({
  listIps: listQuery<AllowedIpList>(PATHS.listIps, 'AllowedIp'),
  addIp: mutation(createRequest<AddIpRequest>(PATHS.addIp), messageOf, ifOk(IPS)),
  deleteIp: action<{ id: string }>(PATHS.deleteIp, ifOk(IPS)),
  getCommunicationSettings: getQuery(
    (type: CommunicationType) => ({ url: PATHS.communication, params: { type } }),
    recordOf<CommunicationSettings>,
    channel,
  ),
  saveCommunicationSettings: action<SaveCommunicationSettingsRequest>(
    PATHS.saveCommunication,
    ifOk(({ type }) => channel(type)),
  ),
  testCommunicationSettings: mutation(
    withData<{ type: CommunicationType; to: string }>(PATHS.testCommunication),
    (response: Envelope<TestCommunicationResult>) => ({
      ...response.data,
      message: response.message,
    }),
  ),
  getBasicSettings: getQuery(PATHS.basic, recordOf<BasicSettings>, ['BasicSettings']),
  updateBasicSettings: mutation(
    (arg: MultipartArgs) => multipart('POST', PATHS.updateBasic, arg, true),
    messageOf,
    // The maintenance banner reads the status again, the whole app the branding (issue 20).
    ifOk(['BasicSettings', 'ServiceStatus', 'ClientConfig']),
  ),
  getPolicySettings: getQuery(PATHS.policies, recordOf<PolicySettings>, ['PolicySettings']),
  updatePolicySettings: action<UpdatePolicySettingsRequest>(
    PATHS.updatePolicies,
    ifOk(['PolicySettings']),
  ),
});

export const { useListIpsQuery, useAddIpMutation, useDeleteIpMutation } = settingsApi;
export const {
  useGetCommunicationSettingsQuery,
  useSaveCommunicationSettingsMutation,
  useTestCommunicationSettingsMutation,
} = settingsApi;
export const { useGetBasicSettingsQuery, useUpdateBasicSettingsMutation } = settingsApi;
export const { useGetPolicySettingsQuery, useUpdatePolicySettingsMutation } = settingsApi;
