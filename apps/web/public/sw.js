// The push service worker (spec §4 push registration, §9 foreground push display). Served from the
// app root (scope '/'), no build step. It never handles fetches: the app works the same without it.
// - push: the message is the JSON PushPayload {title, body, icon?, image?, clickAction?}. When a
//   window of the app is focused (else visible), the page shows it as a toast (postMessage
//   {type: 'push', payload}); otherwise a system notification.
// - notificationclick: an open window of the app is focused and navigated to the click action
//   (or '/'); without one, or for another site's https link, a new window opens.
/* global self */

const ROOT = '/';

self.addEventListener('install', () => {
  // A new version takes over at once (it holds no caches that could mismatch the page).
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only http(s) links; anything else (javascript:, data:, …) opens the root page. */
const safeUrl = (value) => {
  try {
    const url = new URL(typeof value === 'string' && value ? value : ROOT, self.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? url.href
      : self.location.origin + ROOT;
  } catch {
    return self.location.origin + ROOT;
  }
};

const readPayload = (data) => {
  if (!data) return { title: 'Safarnama', body: '' };
  try {
    const json = data.json();
    if (json && typeof json.title === 'string') {
      return {
        title: json.title,
        body: typeof json.body === 'string' ? json.body : '',
        icon: typeof json.icon === 'string' ? json.icon : undefined,
        image: typeof json.image === 'string' ? json.image : undefined,
        clickAction: typeof json.clickAction === 'string' ? json.clickAction : undefined,
      };
    }
  } catch {
    // Not JSON: shown as plain text below.
  }
  return { title: 'Safarnama', body: data.text() };
};

const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    appWindows().then((windows) => {
      const focused = windows.filter((client) => client.focused);
      const visible = windows.filter((client) => client.visibilityState === 'visible');
      const targets = focused.length > 0 ? focused : visible;
      if (targets.length > 0) {
        for (const client of targets) client.postMessage({ type: 'push', payload });
        return undefined;
      }
      return self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: payload.icon,
        image: payload.image,
        data: { url: safeUrl(payload.clickAction) },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  const ours = new URL(url).origin === self.location.origin;
  event.waitUntil(
    appWindows().then(async (windows) => {
      const client = ours ? windows[0] : undefined;
      if (client) {
        try {
          const focused = await client.focus();
          await (focused || client).navigate(url);
          return;
        } catch {
          // Not controlled by this worker (yet): open a window instead.
        }
      }
      await self.clients.openWindow(url);
    }),
  );
});
