import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY, IDEMPOTENCY_HEADER, type Envelope } from '@safarnama/contract';
import {
  action,
  call,
  createRequest,
  getQuery,
  ifOk,
  injectEndpoints,
  listQuery,
  multipart,
  mutation,
  recordOf,
  type MultipartArgs,
} from './api';
import { makeStore } from './store';
import { registerRouter } from '../lib/navigator';
import {
  errorResponse,
  formEntries,
  okResponse,
  recordResponse,
  stubFetch,
  stubXhr,
} from '../test/utils';

const LIST = { type: 'Blog', id: 'LIST' } as const;

/** Endpoints of no feature, made only of the builders (the real base query, fetch and XHR stubbed). */
const testApi = injectEndpoints({
  builderList: listQuery<{ items: string[] }>('/api/test/list', 'Blog'),
  builderRecord: getQuery(
    (id: string) => ({ url: '/api/test/record', params: { id } }),
    recordOf<{ name: string }>,
    (id) => [{ type: 'Blog', id }],
  ),
  builderAction: action<{ id: string }>('/api/test/action', [LIST]),
  builderSave: action<{ id: string }>('/api/test/save', ifOk([LIST])),
  builderCreate: mutation(createRequest<{ name: string }>('/api/test/create'), recordOf<string>),
  builderToggle: mutation(
    call('PATCH', (id: string) => `/api/test/toggle/${id}`),
    recordOf<string>,
  ),
  builderUpload: mutation(
    (arg: MultipartArgs & { idempotencyKey?: string }) => multipart('PUT', '/api/test/upload', arg),
    (response: Envelope<null>) => response.message,
  ),
  /** Keeps its progress in the store (as a slice would), through the `dispatch` it is given. */
  builderStoreProgress: mutation(
    (body: FormData) =>
      multipart('POST', '/api/test/progress', {
        body,
        onProgress: (fraction, dispatch) => {
          dispatch(
            testApi.util.upsertQueryData('builderRecord', 'progress', { name: `${fraction}` }),
          );
        },
      }),
    (response: Envelope<null>) => response.message,
  ),
});
const { endpoints } = testApi;
const page = { page: 2, limit: 10, search: '' };
const form = () => {
  const body = new FormData();
  body.append('title', 'Goa');
  body.append('image', new File(['x'], 'goa.png', { type: 'image/png' }));
  return body;
};
const calledTimes = (calls: { url: string }[], url: string) =>
  calls.filter((call) => call.url === url).length;

describe('endpoint builders (app/api.ts)', () => {
  it('listQuery: GET with page and limit, `search` only when there is one (trimmed)', async () => {
    const calls = stubFetch(() => okResponse({ items: ['a'] }));
    const store = makeStore();
    const answer = await store.dispatch(endpoints.builderList.initiate(page)).unwrap();
    await store.dispatch(endpoints.builderList.initiate({ ...page, search: '  goa beach ' }));
    await store.dispatch(endpoints.builderList.initiate({ ...page, page: 3, search: '   ' }));

    expect(answer).toEqual({ items: ['a'] });
    expect(calls.map((call) => [call.method, call.url, [...call.search]])).toEqual([
      [
        'GET',
        '/api/test/list',
        [
          ['page', '2'],
          ['limit', '10'],
        ],
      ],
      [
        'GET',
        '/api/test/list',
        [
          ['page', '2'],
          ['limit', '10'],
          ['search', 'goa beach'],
        ],
      ],
      [
        'GET',
        '/api/test/list',
        [
          ['page', '3'],
          ['limit', '10'],
        ],
      ],
    ]);
  });

  it('getQuery: the call made of the argument, the record at data.data, tags of the argument', async () => {
    const calls = stubFetch(() => recordResponse({ name: 'Goa' }));
    const store = makeStore();
    const query = store.dispatch(endpoints.builderRecord.initiate('b 1'));
    expect(await query.unwrap()).toEqual({ name: 'Goa' });
    expect(calls[0]?.search.get('id')).toBe('b 1');

    store.dispatch(testApi.util.invalidateTags([{ type: 'Blog', id: 'other' }]));
    store.dispatch(testApi.util.invalidateTags([{ type: 'Blog', id: 'b 1' }]));
    await expect.poll(() => calledTimes(calls, '/api/test/record')).toBe(2);
    query.unsubscribe();
  });

  it('action: POST {data}, answers the message and refreshes its tags even after a failure', async () => {
    let fail = false;
    const calls = stubFetch((call) =>
      call.url === '/api/test/list'
        ? okResponse({ items: [] })
        : fail
          ? errorResponse(409, 'CONFLICT', 'Taken')
          : okResponse(null, 200, 'Done'),
    );
    const store = makeStore();
    const list = store.dispatch(endpoints.builderList.initiate(page));
    await list;

    const message = await store.dispatch(endpoints.builderAction.initiate({ id: 'b1' })).unwrap();
    expect(message).toBe('Done');
    expect(calls.find((call) => call.url === '/api/test/action')).toMatchObject({
      method: 'POST',
      body: { data: { id: 'b1' } },
    });
    await expect.poll(() => calledTimes(calls, '/api/test/list')).toBe(2);

    fail = true;
    await store.dispatch(endpoints.builderAction.initiate({ id: 'b1' }));
    await expect.poll(() => calledTimes(calls, '/api/test/list')).toBe(3);
    list.unsubscribe();
  });

  it('ifOk: the tags go stale after a success only', async () => {
    let fail = true;
    const calls = stubFetch((call) =>
      call.url === '/api/test/list'
        ? okResponse({ items: [] })
        : fail
          ? errorResponse(400, 'VALIDATION_ERROR', 'Invalid')
          : okResponse(null, 200, 'Saved'),
    );
    const store = makeStore();
    const list = store.dispatch(endpoints.builderList.initiate(page));
    await list;

    await store.dispatch(endpoints.builderSave.initiate({ id: 'b1' }));
    fail = false;
    await store.dispatch(endpoints.builderSave.initiate({ id: 'b1' }));
    await expect.poll(() => calledTimes(calls, '/api/test/list')).toBe(2);
    // The failed save refetched nothing: one load, then one after the success.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/test/list',
      '/api/test/save',
      '/api/test/save',
      '/api/test/list',
    ]);
    list.unsubscribe();
  });

  it('createRequest sends {data: input} with the Idempotency-Key; call sends no body', async () => {
    const calls = stubFetch(() => recordResponse('r1', 201));
    const store = makeStore();
    await store.dispatch(
      endpoints.builderCreate.initiate({ input: { name: 'Goa' }, idempotencyKey: 'key-1' }),
    );
    await store.dispatch(endpoints.builderToggle.initiate('t 1'));

    expect(calls[0]).toMatchObject({ method: 'POST', body: { data: { name: 'Goa' } } });
    expect(calls[0]?.headers.get(IDEMPOTENCY_HEADER)).toBe('key-1');
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: '/api/test/toggle/t%201' });
    expect(calls[1]?.body).toBeUndefined();
    expect(calls[1]?.headers.get(IDEMPOTENCY_HEADER)).toBeNull();
  });

  it('multipart: with onProgress through XHR (progress, key, answer), without it by fetch', async () => {
    const xhrCalls = stubXhr(() => ({ status: 200, body: { status: 200, message: 'Sent' } }));
    const fetchCalls = stubFetch(() => okResponse(null, 200, 'Fetched'));
    const store = makeStore();
    const progress: number[] = [];

    const sent = store.dispatch(
      endpoints.builderUpload.initiate({
        body: form(),
        idempotencyKey: 'key-2',
        onProgress: (fraction) => progress.push(fraction),
      }),
    );
    expect(await sent.unwrap()).toBe('Sent');
    expect(progress).toEqual([0.5, 1, 1]);
    expect(xhrCalls[0]).toMatchObject({ method: 'PUT', url: '/api/test/upload' });
    expect(xhrCalls[0]?.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBe('key-2');
    expect(formEntries(xhrCalls[0]?.body)).toEqual([
      ['title', 'Goa'],
      ['image', 'file:goa.png'],
    ]);

    // (jsdom's files do not pass through the fetch of the tests: text fields only here.)
    const fields = new FormData();
    fields.append('title', 'Goa');
    const fetched = store.dispatch(endpoints.builderUpload.initiate({ body: fields }));
    expect(await fetched.unwrap()).toBe('Fetched');
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]?.method).toBe('PUT');
    expect(formEntries(fetchCalls[0]?.body)).toEqual([['title', 'Goa']]);
    expect(xhrCalls).toHaveLength(1);
  });

  it("multipart: onProgress is also given the store's dispatch", async () => {
    stubXhr(() => ({ status: 200, body: { status: 200, message: 'Sent' } }));
    const store = makeStore();
    await store.dispatch(endpoints.builderStoreProgress.initiate(form())).unwrap();
    const kept = endpoints.builderRecord.select('progress')(store.getState());
    expect(kept.data).toEqual({ name: '1' });
  });

  it('an upload answered 401 ends the session as a fetch call does', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'expired-soon');
    const calls = stubXhr(() => ({
      status: 401,
      body: { status: 401, success: false, message: 'Session expired', code: 'UNAUTHENTICATED' },
    }));
    const router = createMemoryRouter([{ path: '*', element: null }], {
      initialEntries: ['/profile-details'],
    });
    registerRouter(router);
    const store = makeStore();
    await store.dispatch(
      endpoints.builderUpload.initiate({ body: form(), onProgress: () => undefined }),
    );
    expect(calls[0]?.headers.authorization).toBe('Bearer expired-soon');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/profile-details',
    );
  });
});
