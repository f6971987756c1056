import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  type ServiceStatus,
} from '@safarnama/contract';

export type { ServiceStatus };

/** `GET /api/v1/common/service-status` (public): is the back-office open, and the admin's note. */
export const SERVICE_STATUS_PATH = API_PATHS.common.serviceStatus;

/** Reads `{active, message}` from the envelope (or a bare object); null for anything else. */
export const readServiceStatus = (body: unknown): ServiceStatus | null => {
  if (typeof body !== 'object' || body === null) return null;
  const data = 'data' in body ? (body as { data: unknown }).data : body;
  if (typeof data !== 'object' || data === null || !('active' in data)) return null;
  const { active, message } = data as { active: unknown; message?: unknown };
  if (typeof active !== 'boolean') return null;
  return { active, message: typeof message === 'string' ? message : '' };
};

/**
 * Asks the server whether it is open, without RTK Query (the base query calls this after a 503,
 * and /service-unavailable polls it). Null when there is no usable answer (unreachable, a proxy
 * page, a 5xx): the caller cannot tell maintenance from an outage then.
 */
export const fetchServiceStatus = async (signal?: AbortSignal): Promise<ServiceStatus | null> => {
  try {
    // Absolute, like the base query's (a bare path has no base outside a page, e.g. in tests).
    const response = await fetch(new URL(SERVICE_STATUS_PATH, window.location.origin), {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    return readServiceStatus(await response.json());
  } catch {
    return null;
  }
};
