import { render, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
import { API_PATHS, IDEMPOTENCY_HEADER, type Profile } from '@safarnama/contract';
import { Providers } from '../app/Providers';
import { makeStore } from '../app/store';
import { registerRouter } from '../lib/navigator';
import { answerDelay } from './answers';

/** Renders routes in a memory router with a fresh store, the theme and the toasts. */
export const renderRoutes = (routes: RouteObject[], initialPath: string) => {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  registerRouter(router);
  const view = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, store, router };
};

/** Renders a component (outside any route) with a fresh store, the theme and the toasts. */
export const renderWithStore = (ui: ReactNode) =>
  render(<Providers store={makeStore()}>{ui}</Providers>);

type Json = Record<string, unknown>;

export const okEnvelope = (data: unknown, status = 200, message = 'OK'): Json => ({
  status,
  success: true,
  message,
  data,
});

/** The answer for one record: `data.data` (contract `recordSchema`). */
export const okRecord = (record: unknown, status = 200, message = 'OK'): Json =>
  okEnvelope({ data: record }, status, message);

export const errorEnvelope = (
  status: number,
  code: string,
  message: string,
  details?: { path: string; message: string }[],
): Json => ({ status, success: false, message, code, ...(details ? { details } : {}) });

export const jsonResponse = (body: Json, status = Number(body.status ?? 200)): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's success answer (`okEnvelope`) as a fetch `Response`. */
export const okResponse = (data: unknown, status = 200, message = 'OK'): Response =>
  jsonResponse(okEnvelope(data, status, message));

/** The answer for one record (`okRecord`) as a fetch `Response`. */
export const recordResponse = (record: unknown, status = 200, message = 'OK'): Response =>
  jsonResponse(okRecord(record, status, message));

/** The server's failure answer (`errorEnvelope`) as a fetch `Response` of that status. */
export const errorResponse = (...args: Parameters<typeof errorEnvelope>): Response =>
  jsonResponse(errorEnvelope(...args));

export interface RecordedCall {
  /** Path only; the query string is in `search`. */
  url: string;
  method: string;
  headers: Headers;
  /** Parsed JSON, or the FormData of a multipart body. */
  body: unknown;
  search: URLSearchParams;
}

/** The `Idempotency-Key` each call to `url` sent (null: none), in order. */
export const idempotencyKeysOf = (calls: RecordedCall[], url: string, method = 'POST') =>
  calls
    .filter((call) => call.url === url && call.method === method)
    .map((call) => call.headers.get(IDEMPOTENCY_HEADER));

/** A failure without an answer (fetch rejects, as when the network drops): the retry case. */
export const networkDown = (): never => {
  throw new TypeError('Failed to fetch');
};

/** A FormData's entries as [name, text or file name] pairs, in order. */
export const formEntries = (body: unknown): [string, string][] => {
  // jsdom's FormData (XHR bodies) or undici's (parsed fetch bodies): both iterate alike.
  if (typeof body !== 'object' || body === null || !(Symbol.iterator in body)) {
    throw new Error('Expected a multipart body');
  }
  return [...(body as FormData)].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);
};

export interface RecordedXhr {
  method: string;
  /** Path only; the query string is in `search`. */
  url: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

type XhrAnswer = { status: number; body: Record<string, unknown> } | 'network-error';

/**
 * Stubs `XMLHttpRequest` (the upload transport) at the network boundary: `handler` answers each
 * request; upload progress events are fired at 50 % and 100 % before the answer.
 */
export const stubXhr = (
  handler: (call: RecordedXhr) => XhrAnswer | Promise<XhrAnswer>,
): RecordedXhr[] => {
  const calls: RecordedXhr[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private call: RecordedXhr = { method: '', url: '', search: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      const parsed = new URL(url, window.location.origin);
      this.call = {
        method,
        url: parsed.pathname,
        search: parsed.search,
        headers: {},
        body: undefined,
      };
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.call.body = body;
      calls.push(this.call);
      void (async () => {
        for (const loaded of [50, 100]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        }
        const answer = await handler(this.call);
        await answerDelay();
        if (answer === 'network-error') {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
};

/**
 * Stubs `fetch` at the network boundary: `handler` answers each call (by method and path).
 * Returns the calls made, to assert what was sent.
 */
export const stubFetch = (
  handler: (call: RecordedCall) => Response | Promise<Response>,
): RecordedCall[] => {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const isMultipart = (request.headers.get('content-type') ?? '').startsWith(
        'multipart/form-data',
      );
      const text = request.method === 'GET' || isMultipart ? '' : await request.clone().text();
      const call: RecordedCall = {
        url: new URL(request.url).pathname,
        method: request.method,
        headers: request.headers,
        body: isMultipart
          ? await request.clone().formData()
          : text
            ? (JSON.parse(text) as unknown)
            : undefined,
        search: new URL(request.url).searchParams,
      };
      calls.push(call);
      const answer = await handler(call);
      await answerDelay();
      return answer;
    }),
  );
  return calls;
};

/** The server's answer to a path no stub knows. */
export const notFound = (): Response => errorResponse(404, 'NOT_FOUND', 'Not found');

type Answer = Response | undefined;

/**
 * Stubs `fetch` for a signed-in admin: the profile request answers `makeProfile(profile)` (e.g.
 * `{ permissions }`), every other call `answer(call)`, and a call it leaves (undefined) a 404.
 * Returns the calls made.
 */
export const stubSignedIn = (
  profile: Partial<Profile> = {},
  answer: (call: RecordedCall) => Answer | Promise<Answer> = () => undefined,
): RecordedCall[] =>
  stubFetch(async (call) =>
    call.url === API_PATHS.auth.profile
      ? recordResponse(makeProfile(profile))
      : ((await answer(call)) ?? notFound()),
  );

/**
 * jsdom has no object URLs: stubs `URL.createObjectURL` (a file becomes `blob:test/<name>`) and
 * `URL.revokeObjectURL`, and records both. Call in `beforeEach`.
 */
export const stubObjectUrls = () => {
  const urls = { created: [] as string[], revoked: [] as string[] };
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((file: File) => {
      const url = `blob:test/${file.name}`;
      urls.created.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    value: vi.fn((url: string) => {
      urls.revoked.push(url);
    }),
  });
  return urls;
};

export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({
  _id: '0190c0de-0000-7000-8000-000000000001',
  id: '0190c0de-0000-7000-8000-000000000001',
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: null,
  avatarUrl: null,
  isActive: true,
  twoFactorEnabled: false,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  userType: {
    _id: '0190c0de-0000-7000-8000-0000000000aa',
    name: 'Content Editor',
    isSuperAdmin: false,
  },
  permissions: [],
  ...overrides,
});

/**
 * Clicks a button once it is enabled. A delete or remove confirmation keeps its button disabled
 * while it reads where the record is used (features/media/UsageConfirmDialog.tsx); a click before
 * that is lost, and on a busy machine the test then waits in vain for what the click does.
 */
export const clickWhenEnabled = async (user: UserEvent, button: HTMLElement) => {
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  await user.click(button);
};
