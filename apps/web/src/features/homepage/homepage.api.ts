import { API_PATHS, type HomepageSettings, type HomepageSettingsInput } from '@safarnama/contract';
import { baseApi, recordOf } from '../../app/api';

const TAG = { type: 'HomepageSettings', id: 'ONE' } as const;

/** Homepage settings (spec §7): GET the one record, PUT `{data: selection}`. */
export const homepageApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['HomepageSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getHomepageSettings: build.query<HomepageSettings, undefined>({
        query: () => API_PATHS.service.homepageSettings,
        transformResponse: recordOf<HomepageSettings>,
        providesTags: [TAG],
      }),
      updateHomepageSettings: build.mutation<HomepageSettings, HomepageSettingsInput>({
        query: (data) => ({
          url: API_PATHS.service.homepageSettings,
          method: 'PUT',
          body: { data },
        }),
        transformResponse: recordOf<HomepageSettings>,
        invalidatesTags: (_result, error) => (error ? [] : [TAG]),
      }),
    }),
  });

export const { useGetHomepageSettingsQuery, useUpdateHomepageSettingsMutation } = homepageApi;
