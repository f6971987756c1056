import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, AUTH_TOKEN_KEY, PUSH_REFRESH_MS } from '@safarnama/contract';
import { makeStore } from '../../app/store';
import { renderRoutes, stubFetch, notFound, okResponse, errorResponse } from '../../test/utils';
import { PushMessages, pushClickTarget } from './PushMessages';
import { PUSH_LOG, PUSH_STATE_KEY, registerPush, SERVICE_WORKER_URL } from './registerPush';

const ADMIN = '0190c0de-0000-7000-8000-000000000001';
const OTHER_ADMIN = '0190c0de-0000-7000-8000-000000000002';
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 0, 1);

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomBytes = (length: number, first?: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  if (first !== undefined) bytes[0] = first;
  return bytes;
};

/** The server's VAPID public key: an uncompressed P-256 point. */
const SERVER_KEY = randomBytes(65, 4);
const SERVER_KEY_TEXT = base64Url(SERVER_KEY);

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => unknown;
  unsubscribe: () => Promise<boolean>;
}

/**
 * The browser side, faked: Notification (permission), PushManager, navigator.serviceWorker with a
 * registration whose push manager hands out subscriptions at `browser.endpoint`.
 */
const fakeBrowser = (
  options: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    subscribeFails?: boolean;
  } = {},
) => {
  const browser = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/first',
    current: null as FakeSubscription | null,
    subscribeCalls: [] as PushSubscriptionOptionsInit[],
    unsubscribed: [] as string[],
    registered: [] as { url: string; scope: string | undefined }[],
    container: new EventTarget(),
    keys: { p256dh: base64Url(randomBytes(65, 4)), auth: base64Url(randomBytes(16)) },
  };
  const makeSubscription = (endpoint: string, key: Uint8Array): FakeSubscription => {
    const subscription: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: browser.keys }),
      unsubscribe: async () => {
        browser.unsubscribed.push(endpoint);
        if (browser.current === subscription) browser.current = null;
        return true;
      },
    };
    return subscription;
  };
  const registration = {
    pushManager: {
      getSubscription: async () => browser.current,
      subscribe: async (init: PushSubscriptionOptionsInit) => {
        browser.subscribeCalls.push(init);
        if (options.subscribeFails) throw new DOMException('Registration failed', 'AbortError');
        browser.current = makeSubscription(
          browser.endpoint,
          init.applicationServerKey as Uint8Array,
        );
        return browser.current;
      },
    },
  };
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  vi.stubGlobal('Notification', { permission: options.permission ?? 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(browser.container, {
      register: async (url: string, init?: RegistrationOptions) => {
        browser.registered.push({ url, scope: init?.scope });
        return registration;
      },
      ready: Promise.resolve(registration),
    }),
  });
  return {
    browser,
    requestPermission,
    /** A subscription the browser already holds (made for `key`). */
    hold: (endpoint: string, key: Uint8Array) => {
      browser.current = makeSubscription(endpoint, key);
    },
  };
};

/** The server: the VAPID key and save-fcm-token (status `saveStatus`). */
const stubServer = (saveStatus = 200) =>
  stubFetch((call) => {
    if (call.url === API_PATHS.common.vapidPublicKey) {
      return okResponse({ publicKey: SERVER_KEY_TEXT });
    }
    if (call.url === API_PATHS.common.saveFcmToken) {
      return saveStatus === 200
        ? okResponse({ saved: true, refreshAfter: new Date().toISOString() })
        : errorResponse(saveStatus, 'INTERNAL', 'Internal server error');
    }
    return notFound();
  });

const saves = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => call.url === API_PATHS.common.saveFcmToken);

describe('push registration', () => {
  let errors: unknown[][];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
  });
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('permission denied: the error is logged and nothing is saved', async () => {
    const { browser, requestPermission } = fakeBrowser({ answer: 'denied' });
    const calls = stubServer();
    const result = await registerPush(makeStore().dispatch, ADMIN, () => T0);
    expect(result).toBe('denied');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([[PUSH_LOG.denied]]);
    expect(calls).toHaveLength(0);
    expect(browser.subscribeCalls).toHaveLength(0);
    expect(window.localStorage.getItem(PUSH_STATE_KEY)).toBeNull();
  });

  it('a permission denied earlier is not asked again and saves nothing', async () => {
    const { requestPermission } = fakeBrowser({ permission: 'denied', answer: 'denied' });
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('denied');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(saves(calls)).toHaveLength(0);
  });

  it('asks, registers the worker, subscribes with the server key and saves the subscription', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'session-token-1');
    const { browser } = fakeBrowser();
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('saved');

    expect(browser.registered).toEqual([{ url: SERVICE_WORKER_URL, scope: '/' }]);
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(browser.subscribeCalls[0]?.userVisibleOnly).toBe(true);
    expect(Array.from(browser.subscribeCalls[0]?.applicationServerKey as Uint8Array)).toEqual(
      Array.from(SERVER_KEY),
    );
    const [save] = saves(calls);
    expect(save?.method).toBe('POST');
    expect(save?.headers.get('authorization')).toBe('Bearer session-token-1');
    expect(save?.body).toEqual({
      data: {
        userToken: 'session-token-1',
        fcmToken: JSON.stringify({
          endpoint: browser.endpoint,
          expirationTime: null,
          keys: browser.keys,
        }),
        type: 'Admin',
      },
    });
    expect(JSON.parse(window.localStorage.getItem(PUSH_STATE_KEY) ?? '')).toEqual({
      adminId: ADMIN,
      endpoint: browser.endpoint,
      savedAt: T0,
    });
    expect(errors).toEqual([]);
  });

  it('a remembered (cookie) session sends userToken null', async () => {
    fakeBrowser({ permission: 'granted' });
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('saved');
    expect((saves(calls)[0]?.body as { data: { userToken: unknown } }).data.userToken).toBeNull();
  });

  it('does not save again within 7 days, and does after them', async () => {
    const { browser } = fakeBrowser();
    const calls = stubServer();
    const store = makeStore();
    expect(await registerPush(store.dispatch, ADMIN, () => T0)).toBe('saved');
    expect(await registerPush(store.dispatch, ADMIN, () => T0 + 6 * DAY)).toBe('fresh');
    expect(await registerPush(store.dispatch, ADMIN, () => T0 + PUSH_REFRESH_MS - 1)).toBe('fresh');
    expect(saves(calls)).toHaveLength(1);
    // The same subscription is reused, not made again.
    expect(browser.subscribeCalls).toHaveLength(1);

    expect(await registerPush(store.dispatch, ADMIN, () => T0 + PUSH_REFRESH_MS)).toBe('saved');
    expect(saves(calls)).toHaveLength(2);
    expect(JSON.parse(window.localStorage.getItem(PUSH_STATE_KEY) ?? '').savedAt).toBe(
      T0 + PUSH_REFRESH_MS,
    );
  });

  it('saves again at once for a new endpoint or another admin', async () => {
    const { browser } = fakeBrowser();
    const calls = stubServer();
    const store = makeStore();
    expect(await registerPush(store.dispatch, ADMIN, () => T0)).toBe('saved');
    // The browser's push service replaced the subscription.
    browser.current = null;
    browser.endpoint = 'https://fcm.googleapis.com/fcm/send/second';
    expect(await registerPush(store.dispatch, ADMIN, () => T0 + DAY)).toBe('saved');
    expect(saves(calls)).toHaveLength(2);
    expect(
      JSON.parse(String((saves(calls)[1]?.body as { data: { fcmToken: string } }).data.fcmToken))
        .endpoint,
    ).toBe('https://fcm.googleapis.com/fcm/send/second');
    // Another admin signs in on this browser: the subscription is bound to them.
    expect(await registerPush(store.dispatch, OTHER_ADMIN, () => T0 + 2 * DAY)).toBe('saved');
    expect(saves(calls)).toHaveLength(3);
  });

  it('replaces a subscription made for another server key', async () => {
    const { browser, hold } = fakeBrowser({ permission: 'granted' });
    hold('https://fcm.googleapis.com/fcm/send/old-key', randomBytes(65, 4));
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('saved');
    expect(browser.unsubscribed).toEqual(['https://fcm.googleapis.com/fcm/send/old-key']);
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(saves(calls)).toHaveLength(1);
  });

  it('no subscription available: the error is logged and nothing is saved', async () => {
    fakeBrowser({ subscribeFails: true });
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('failed');
    expect(saves(calls)).toHaveLength(0);
    expect(errors[0]?.[0]).toBe(PUSH_LOG.failed);
    expect(window.localStorage.getItem(PUSH_STATE_KEY)).toBeNull();
  });

  it('a refused save is logged and not remembered, so the next visit tries again', async () => {
    fakeBrowser();
    const calls = stubServer(500);
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('failed');
    expect(saves(calls)).toHaveLength(1);
    expect(errors[0]?.[0]).toBe(PUSH_LOG.failed);
    expect(window.localStorage.getItem(PUSH_STATE_KEY)).toBeNull();
  });

  it('does nothing, quietly, where the browser has no push', async () => {
    const calls = stubServer();
    expect(await registerPush(makeStore().dispatch, ADMIN, () => T0)).toBe('unsupported');
    expect(calls).toHaveLength(0);
    expect(errors).toEqual([]);
  });
});

describe('foreground push messages', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('shows title, body and icon as a toast; a click opens the in-app click action', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser } = fakeBrowser({ answer: 'denied' });
    stubServer();
    const { router } = renderRoutes(
      [
        { path: '/', element: <PushMessages adminId={ADMIN} /> },
        { path: '/itineraries', element: <p>Itineraries page</p> },
      ],
      '/',
    );
    act(() => {
      browser.container.dispatchEvent(
        new MessageEvent('message', {
          data: {
            type: 'push',
            payload: {
              title: 'Diwali offers',
              body: 'Goa packages are 20% off',
              icon: '/uploads/offer.png',
              clickAction: '/itineraries?page=2',
            },
          },
        }),
      );
    });
    const toast = await screen.findByRole('button', { name: /Diwali offers/ });
    expect(toast).toHaveTextContent('Goa packages are 20% off');
    expect(toast.querySelector('img')?.getAttribute('src')).toBe('/uploads/offer.png');
    await userEvent.click(toast);
    await waitFor(() => expect(router.state.location.pathname).toBe('/itineraries'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Itineraries page')).toBeInTheDocument();
  });

  it('ignores other messages from the worker', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { browser } = fakeBrowser({ answer: 'denied' });
    stubServer();
    renderRoutes([{ path: '/', element: <PushMessages adminId={ADMIN} /> }], '/');
    act(() => {
      browser.container.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
      browser.container.dispatchEvent(
        new MessageEvent('message', { data: { type: 'push', payload: { body: 'no title' } } }),
      );
    });
    // A real one after them shows, and it is the only toast.
    act(() => {
      browser.container.dispatchEvent(
        new MessageEvent('message', { data: { type: 'push', payload: { title: 'Only me' } } }),
      );
    });
    expect(await screen.findByRole('button', { name: /Only me/ })).toBeInTheDocument();
    expect(screen.queryByText('no title')).not.toBeInTheDocument();
  });

  it('click targets: in-app paths by the router, https elsewhere in a new tab, else the root', () => {
    const origin = 'https://admin.example.com';
    expect(pushClickTarget(undefined, origin)).toEqual({ kind: 'path', path: '/' });
    expect(pushClickTarget('/blogs?x=1#top', origin)).toEqual({
      kind: 'path',
      path: '/blogs?x=1#top',
    });
    expect(pushClickTarget('https://admin.example.com/places', origin)).toEqual({
      kind: 'path',
      path: '/places',
    });
    expect(pushClickTarget('https://travel.example.org/offer', origin)).toEqual({
      kind: 'external',
      url: 'https://travel.example.org/offer',
    });
    expect(pushClickTarget('http://travel.example.org/offer', origin)).toEqual({
      kind: 'path',
      path: '/',
    });
    expect(pushClickTarget('javascript:alert(1)', origin)).toEqual({ kind: 'path', path: '/' });
  });
});
