import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { getToken } from '../lib/token';

export interface UploadRequest {
  url: string;
  method?: string;
  /** The multipart body (`FormData`). */
  body?: XMLHttpRequestBodyInit;
  /** Extra request headers (a create's `Idempotency-Key`, an update's `If-Match` version). */
  headers?: Record<string, string>;
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export type UploadResult =
  { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Sends a multipart body with XMLHttpRequest, because fetch reports no upload progress: the
 * transport of `baseQuery` for an `upload` call, which handles a 401 or 503 answer as for fetch.
 * Carries what fetch carries (Bearer token, the client header, same-origin credentials), answers
 * in RTK Query's result shape (errors as `FetchBaseQueryError`) and honours the query's abort
 * signal. The browser sets the multipart Content-Type with its boundary.
 */
export const uploadWithProgress = (
  request: UploadRequest,
  api: Pick<BaseQueryApi, 'signal'>,
): Promise<UploadResult> =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'POST', request.url);
    xhr.withCredentials = false; // same origin: cookies travel anyway, as with 'same-origin'
    xhr.setRequestHeader(CLIENT_HEADER, CLIENT_HEADER_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }

    const { onProgress } = request;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    const handleAbort = (): void => {
      xhr.abort();
    };
    api.signal.addEventListener('abort', handleAbort, { once: true });
    const finish = (result: UploadResult): void => {
      api.signal.removeEventListener('abort', handleAbort);
      resolve(result);
    };

    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        finish({ data });
        return;
      }
      finish({ error: { status: xhr.status, data } });
    };
    xhr.onerror = () => {
      finish({ error: { status: 'FETCH_ERROR', error: 'Network error while uploading' } });
    };
    xhr.ontimeout = () => {
      finish({ error: { status: 'TIMEOUT_ERROR', error: 'The upload timed out' } });
    };
    xhr.onabort = () => {
      finish({ error: { status: 'FETCH_ERROR', error: 'The upload was cancelled' } });
    };
    xhr.send(request.body ?? null);
  });
