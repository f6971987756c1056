import { getQuery, injectEndpoints } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import {
  readServiceStatus,
  SERVICE_STATUS_PATH,
  type ServiceStatus,
} from '../../lib/serviceStatus';

/**
 * The same status through the store, for the layout's maintenance banner: the realtime
 * `service-status` event writes into this cache (`serviceStatusChanged`), so the banner follows
 * live, and saving the basic settings refetches it (tag 'ServiceStatus').
 */
export const serviceStatusApi = injectEndpoints({
  getServiceStatus: getQuery(
    () => ({ url: SERVICE_STATUS_PATH, cache: 'no-store' }),
    (body: unknown): ServiceStatus => readServiceStatus(body) ?? { active: true, message: '' },
    ['ServiceStatus'],
  ),
});

export const { useGetServiceStatusQuery } = serviceStatusApi;

/**
 * A `service-status` event: the cached status (if the banner asked for it) takes the new flag at
 * once, then is read again for the maintenance note.
 */
export const serviceStatusChanged = (active: boolean) => (dispatch: AppDispatch) => {
  dispatch(
    serviceStatusApi.util.updateQueryData('getServiceStatus', undefined, (draft) => {
      draft.active = active;
    }),
  );
  dispatch(serviceStatusApi.util.invalidateTags(['ServiceStatus']));
};
