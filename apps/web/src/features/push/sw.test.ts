import SOURCE from '../../../public/sw.js?raw';
import { describe, expect, it } from 'vitest';

/**
 * The service worker (public/sw.js, plain JS) run against a fake worker global: which window gets
 * a foreground message, what the system notification carries, and where a click goes.
 */
const ORIGIN = 'https://admin.example.com';

interface FakeWindow {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  posted: unknown[];
  navigatedTo: string[];
  /** An uncontrolled window cannot be navigated by the worker. */
  controlled: boolean;
  postMessage: (message: unknown) => void;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow>;
}

const fakeWindow = (
  values: Partial<Pick<FakeWindow, 'focused' | 'visibilityState' | 'controlled' | 'url'>> = {},
): FakeWindow => {
  const client: FakeWindow = {
    url: `${ORIGIN}/dashboard`,
    focused: false,
    visibilityState: 'visible',
    controlled: true,
    ...values,
    posted: [],
    navigatedTo: [],
    postMessage: (message) => {
      client.posted.push(message);
    },
    focus: async () => client,
    navigate: async (url) => {
      if (!client.controlled) throw new TypeError('not controlled');
      client.navigatedTo.push(url);
      return client;
    },
  };
  return client;
};

const startWorker = (windows: FakeWindow[]) => {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener);
    },
    skipWaiting: () => Promise.resolve(),
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
      claim: async () => undefined,
    },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
  };
  new Function('self', SOURCE)(self);

  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === null
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
              text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
            },
    });
  const click = async (url: unknown) => {
    let closed = false;
    await dispatch('notificationclick', {
      notification: { data: { url }, close: () => (closed = true) },
    });
    return closed;
  };
  return { push, click, shown, opened };
};

const PAYLOAD = {
  title: 'Diwali offers',
  body: 'Goa packages are 20% off',
  icon: '/uploads/icon.png',
  image: '/uploads/banner.webp',
  clickAction: '/itineraries',
};

describe('the push service worker', () => {
  it('hands the message to the focused window, and shows no notification', async () => {
    const focused = fakeWindow({ focused: true });
    const other = fakeWindow();
    const worker = startWorker([other, focused]);
    await worker.push(PAYLOAD);
    expect(focused.posted).toEqual([{ type: 'push', payload: PAYLOAD }]);
    expect(other.posted).toEqual([]);
    expect(worker.shown).toEqual([]);
  });

  it('without a focused window, hands it to the visible ones', async () => {
    const visible = fakeWindow();
    const hidden = fakeWindow({ visibilityState: 'hidden' });
    const worker = startWorker([visible, hidden]);
    await worker.push(PAYLOAD);
    expect(visible.posted).toHaveLength(1);
    expect(hidden.posted).toEqual([]);
    expect(worker.shown).toEqual([]);
  });

  it('with no window in front, shows a system notification with body, icon, image and link', async () => {
    const hidden = fakeWindow({ visibilityState: 'hidden' });
    const worker = startWorker([hidden]);
    await worker.push(PAYLOAD);
    expect(hidden.posted).toEqual([]);
    expect(worker.shown).toEqual([
      {
        title: 'Diwali offers',
        options: {
          body: 'Goa packages are 20% off',
          icon: '/uploads/icon.png',
          image: '/uploads/banner.webp',
          data: { url: `${ORIGIN}/itineraries` },
        },
      },
    ]);
  });

  it('a message without a click action links to the root; plain text still shows', async () => {
    const worker = startWorker([]);
    await worker.push({ title: 'News', body: 'Read me' });
    await worker.push('not json');
    expect(worker.shown.map((s) => [s.title, s.options.body, s.options.data])).toEqual([
      ['News', 'Read me', { url: `${ORIGIN}/` }],
      ['Safarnama', 'not json', { url: `${ORIGIN}/` }],
    ]);
  });

  it('a click focuses an open window and takes it to the link', async () => {
    const open = fakeWindow();
    const worker = startWorker([open]);
    expect(await worker.click(`${ORIGIN}/blogs`)).toBe(true);
    expect(open.navigatedTo).toEqual([`${ORIGIN}/blogs`]);
    expect(worker.opened).toEqual([]);
  });

  it('a click opens a new window when none is open, for another site, or for a window it cannot steer', async () => {
    const none = startWorker([]);
    await none.click(`${ORIGIN}/places`);
    expect(none.opened).toEqual([`${ORIGIN}/places`]);

    const open = fakeWindow();
    const elsewhere = startWorker([open]);
    await elsewhere.click('https://travel.example.org/offer');
    expect(elsewhere.opened).toEqual(['https://travel.example.org/offer']);
    expect(open.navigatedTo).toEqual([]);

    const uncontrolled = startWorker([fakeWindow({ controlled: false })]);
    await uncontrolled.click(`${ORIGIN}/places`);
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/places`]);
  });

  it('never follows a javascript: or data: link', async () => {
    const worker = startWorker([]);
    await worker.click('javascript:alert(1)');
    await worker.click('data:text/html,<script>alert(1)</script>');
    expect(worker.opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
