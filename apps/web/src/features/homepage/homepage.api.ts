import { API_PATHS, type HomepageSettings, type HomepageSettingsInput } from '@safarnama/contract';
import { getQuery, ifOk, injectEndpoints, mutation, recordOf, withData } from '../../app/api';

const PATH = API_PATHS.service.homepageSettings;
const TAG = [{ type: 'HomepageSettings', id: 'ONE' }] as const;

/** Homepage settings (spec §7): GET the one record, PUT `{data: selection}`. */
export const homepageApi = injectEndpoints({
  getHomepageSettings: getQuery(PATH, recordOf<HomepageSettings>, TAG),
  updateHomepageSettings: mutation(
    withData<HomepageSettingsInput>(PATH, 'PUT'),
    recordOf<HomepageSettings>,
    ifOk(TAG),
  ),
});

export const { useGetHomepageSettingsQuery, useUpdateHomepageSettingsMutation } = homepageApi;
