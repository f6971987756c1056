import { API_PATHS, type HomepageSettings, type HomepageSettingsInput } from '@safarnama/contract';
import { getQuery, ifOk, injectEndpoints, mutation, recordOf, withData } from '../../app/api';

const PATH = API_PATHS.service.homepageSettings;
const TAG = [{ type: 'HomepageSettings', id: 'ONE' }] as const;

/**
 * Homepage settings (spec §7): GET the one record, PUT `{data: selection}`; the version the page
 * loaded (or last saved) travels as `If-Match` (issue 21), not in the body.
 */
export const homepageApi = injectEndpoints({
  getHomepageSettings: getQuery(PATH, recordOf<HomepageSettings>, TAG),
  updateHomepageSettings: mutation(
    ({ version, ...data }: HomepageSettingsInput) => ({
      ...withData<Omit<HomepageSettingsInput, 'version'>>(PATH, 'PUT')(data),
      version,
    }),
    recordOf<HomepageSettings>,
    ifOk(TAG),
  ),
});

export const { useGetHomepageSettingsQuery, useUpdateHomepageSettingsMutation } = homepageApi;
