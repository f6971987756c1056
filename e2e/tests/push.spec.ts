import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  expect,
  test,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Request,
} from '@playwright/test';
import { API_PATHS, PUSH_MESSAGES, type PushPayload } from '@safarnama/contract';
import { E2E_BASE_URL, SCREENS_DIR, signIn } from './fixtures.js';

/**
 * Web push (issue 9, spec §4 push registration, §9 foreground display) in Debian's Chromium
 * against the real server and the real service worker (/sw.js).
 *
 * Chromium cannot reach a real push service here, so an init script replaces
 * `PushManager.subscribe` / `getSubscription` with a subscription whose endpoint is a local HTTP
 * receiver started by this file (PUSH_SERVICE_HOSTS is 127.0.0.1 in playwright.config.ts) and
 * whose keys are a real P-256 public key and 16-byte auth secret. Messages reach the worker through
 * the DevTools protocol (`ServiceWorker.deliverPushMessage`), as a push service would deliver them.
 */

test.describe.configure({ timeout: 90_000 });

/** The text registerPush logs when permission is refused (apps/web/src/features/push). */
const DENIED_LOG = 'Push notifications permission was denied; no push token was saved.';

let receiver: Server;
let receiverOrigin: string;

test.beforeAll(async () => {
  // Plays the push service: accepts whatever the server would send (no test here makes it send).
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A browser's subscription keys, generated like Chromium's (base64url). */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
};

/** Replaces the page's push manager with one that subscribes to the local receiver. */
async function fakePushService(context: BrowserContext, endpoint: string) {
  const keys = browserKeys();
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let current: unknown = null;
      const subscription = (key: ArrayBuffer | null) => {
        const value = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        return value;
      };
      const asBuffer = (key: BufferSource | string | null | undefined): ArrayBuffer | null => {
        if (!key || typeof key === 'string') return null;
        if (key instanceof ArrayBuffer) return key;
        return new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        current = subscription(asBuffer(options?.applicationServerKey));
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    },
    { endpoint, keys },
  );
  return keys;
}

/**
 * Production builds silence the console (spec §9 hardening); this keeps `console.error` working
 * in the page so the test can read what registerPush logs.
 */
async function keepConsoleError(context: BrowserContext) {
  await context.addInitScript(() => {
    const original = console.error.bind(console);
    Object.defineProperty(console, 'error', {
      configurable: true,
      get: () => original,
      set: () => undefined,
    });
  });
}

/** The page's service worker, active: what `ServiceWorker.deliverPushMessage` needs. */
async function activeWorker(cdp: CDPSession) {
  const scopes = new Map<string, string>();
  return new Promise<{ origin: string; registrationId: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (!r.isDeleted) scopes.set(r.registrationId, r.scopeURL);
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (v.status === 'activated' && v.scriptURL.endsWith('/sw.js')) {
          const scope = scopes.get(v.registrationId) ?? v.scriptURL;
          resolve({ origin: new URL(scope).origin, registrationId: v.registrationId });
        }
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
}

const isSave = (request: Request) =>
  request.url().endsWith(API_PATHS.common.saveFcmToken) && request.method() === 'POST';

async function deliver(
  cdp: CDPSession,
  worker: { origin: string; registrationId: string },
  payload: PushPayload,
) {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: worker.origin,
    registrationId: worker.registrationId,
    data: JSON.stringify(payload),
  });
}

const pushToast = (page: Page, title: string) =>
  page.locator('.Toastify').getByRole('button', { name: new RegExp(title) });

test('an admin who allows notifications is registered and sees pushed messages in the app', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  const endpoint = `${receiverOrigin}/push/${randomBytes(8).toString('hex')}`;
  const keys = await fakePushService(context, endpoint);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const worker = activeWorker(cdp);

  const saved = page.waitForRequest(isSave);
  await signIn(page);
  const request = await saved;
  const response = await request.response();
  expect(response?.status()).toBe(200);
  expect(((await response?.json()) as { message: string }).message).toBe(PUSH_MESSAGES.saved);
  const sent = request.postDataJSON() as {
    data: { userToken: string | null; fcmToken: string; type: string };
  };
  expect(sent.data.type).toBe('Admin');
  expect(sent.data.userToken).toBe(
    await page.evaluate(() => window.sessionStorage.getItem('authToken')),
  );
  expect(JSON.parse(sent.data.fcmToken)).toEqual({ endpoint, expirationTime: null, keys });

  // A message while the app is in front: a toast with the icon, title and body.
  const { origin, registrationId } = await worker;
  expect(origin).toBe(E2E_BASE_URL);
  const message = {
    title: 'Monsoon offers are live',
    body: 'Kerala backwaters packages are 15% off until Sunday.',
    icon: '/favicon.svg',
    clickAction: '/admins-activities',
  };
  // Seen in both themes. The pointer over the toast keeps it open (toasts close after 5 s); the
  // `shot` fixture finishes animations, which would close it, so these are plain screenshots.
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
    else await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.mouse.move(0, 0);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await deliver(cdp, { origin, registrationId }, message);
    const shown = pushToast(page, message.title);
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(message.body);
    await expect(shown.locator('img')).toHaveAttribute('src', message.icon);
    await shown.hover();
    await page.screenshot({ path: join(SCREENS_DIR, `push-toast-${scheme}.png`) });
    if (scheme === 'dark') await page.locator('.Toastify__close-button').click();
  }
  const toast = pushToast(page, message.title);

  // Clicking it opens the click action, in the app; the registration is in the audit log there.
  await toast.click();
  await expect(page).toHaveURL(/\/admins-activities$/);
  await expect(page.getByRole('heading', { name: 'Admin Activities', level: 1 })).toBeVisible();
  await expect(page.getByText('Registered for push notifications').first()).toBeVisible();

  // Without a click action the toast opens the root page (which leads to the dashboard).
  await deliver(cdp, { origin, registrationId }, { title: 'Plain news', body: 'Nothing to open' });
  await pushToast(page, 'Plain news').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await context.close();
});

test('an admin who refuses notifications: nothing is saved and the error is logged', async ({
  browser,
}) => {
  const context = await browser.newContext();
  // Permission refused for this site (as a person clicking 'Block' would).
  await context.addInitScript(() => {
    Notification.requestPermission = async () => 'denied';
  });
  await fakePushService(context, `${receiverOrigin}/push/never`);
  await keepConsoleError(context);
  const page = await context.newPage();
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (isSave(request) || request.url().endsWith(API_PATHS.common.vapidPublicKey))
      saves.push(request);
  });
  const logged = page.waitForEvent('console', {
    predicate: (message) => message.type() === 'error' && message.text() === DENIED_LOG,
  });

  await signIn(page);
  await logged;
  // The app works on as usual.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(saves).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem('safarnama.push'))).toBeNull();

  await context.close();
});
