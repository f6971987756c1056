import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL, signIn } from './fixtures.js';

/**
 * PERFORMANCE.md's web budgets counted as sent: the JavaScript bytes Chromium receives (the
 * encoded body of each response, as the gzip budget counts it; headers are printed beside), in a
 * fresh browser context (no HTTP cache). The build's gzip check (apps/web/scripts/bundle-budget.mjs)
 * stays as the early warning; this is the figure that counts.
 */
const KB = 1024;
const SIGN_IN_BUDGET = 150 * KB;
const ROUTE_BUDGET = 60 * KB;
const LOGIN_ROUTE = 'src/features/auth/LoginPage.tsx';
/**
 * The largest lazily loaded chunks (the build's bundle-budget table) and where each is drawn: the
 * test measures whichever of them is the largest in this build (they are within a few hundred
 * bytes of each other since issue 23), and fails when the largest is one it cannot open.
 */
const ROUTES = [
  {
    chunk: 'src/features/itineraries/ItineraryFormModal.tsx',
    path: '/services/itineraries',
    title: 'Itinerary Management',
    open: { button: 'Add New Itinerary', dialog: 'Create New Itinerary' },
  },
  {
    chunk: 'src/features/place-details/PlaceDetailsFormModal.tsx',
    path: '/services/addPlaceDetails',
    title: 'Place Details',
    open: { button: 'Add Place Details', dialog: 'Add Place Details' },
  },
  {
    chunk: 'src/features/blogs/BlogFormModal.tsx',
    path: '/services/addPlaceBlog',
    title: 'Places Travelpedia',
    open: { button: 'Add Blog', dialog: 'Add Blog' },
  },
];
/** Heavy pieces PERFORMANCE.md lets load on their own (as bundle-budget.mjs). */
const EXEMPT = /RichTextEditor|DashboardCharts/;

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../apps/web/dist');

interface Sent {
  path: string;
  encoding: string;
  body: number;
  headers: number;
}

/** Every JavaScript response of `page` from now on, with its size on the wire. */
const recordScripts = (page: Page) => {
  const sent: Promise<Sent>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== E2E_BASE_URL || !/\.m?js$/.test(url.pathname)) return;
    sent.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          path: url.pathname,
          encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  return () => Promise.all(sent);
};

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const total = (files: Sent[], key: 'body' | 'headers' = 'body') =>
  files.reduce((sum, file) => sum + file[key], 0);
const report = (title: string, files: Sent[]) => {
  console.log(
    `${title}: ${kb(total(files))} of JavaScript in ${files.length} files (+ ${kb(total(files, 'headers'))} of headers)`,
  );
  for (const file of [...files].sort((a, b) => b.body - a.body)) {
    console.log(`  ${kb(file.body).padStart(9)}  ${file.encoding.padEnd(8)} ${file.path}`);
  }
};

/** Vite's manifest: what each chunk imports. */
type Manifest = Record<
  string,
  {
    file: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
>;
const readManifest = (): Manifest =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/**
 * The chunk graph as bundle-budget.mjs reads it: the entry with its static imports (`entry`), and
 * the files a lazy chunk adds to what the browser holds when it is asked for (`additions`: its
 * static imports less the entry's and its importers'). Paths as the browser asks for them.
 */
const chunkGraph = (manifest: Manifest) => {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  const urls = (keys: Iterable<string>) => [...keys].map((key) => `/${manifest[key]?.file}`);
  const entry = closure(Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '');
  const importer = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const lazy of chunk.dynamicImports ?? []) {
      if (!importer.has(lazy)) importer.set(lazy, key);
    }
  }
  const additions = (key: string) => {
    const loaded = new Set(entry);
    for (let at = importer.get(key); at && !loaded.has(at); at = importer.get(at)) {
      closure(at, loaded);
    }
    return urls([...closure(key)].filter((k) => !loaded.has(k)));
  };
  return { entry: urls(entry), additions };
};

/** What the build's brotli copy of `/assets/…` weighs (what the server sends to Chromium). */
const brotliSize = (url: string) => {
  const br = path.join(dist, `${url}.br`);
  return statSync(existsSync(br) ? br : path.join(dist, url)).size;
};

/** A signed-in browser context with nothing in its HTTP cache. */
const signedInContext = async (browser: Browser) => {
  const login = await browser.newContext({ baseURL: E2E_BASE_URL });
  await signIn(await login.newPage(), { rememberMe: true });
  const storageState = await login.storageState();
  await login.close();
  return browser.newContext({ baseURL: E2E_BASE_URL, storageState });
};

test.describe('bytes on the wire', () => {
  test('the sign-in page sends at most 150 KB of JavaScript, all brotli', async ({ browser }) => {
    const manifest = readManifest();
    const graph = chunkGraph(manifest);
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const files = await scripts();
    // Before the screen is usable: the scripts of index.html (outside /assets), the entry and the
    // login route with their static imports. Then, after the first paint, the page fetches the
    // toasts in the background (lib/toast.ts); the form's zod validation once it is focused.
    const needed = new Set([...graph.entry, ...graph.additions(LOGIN_ROUTE)]);
    const beforeUsable = files.filter(
      (file) => needed.has(file.path) || !file.path.startsWith('/assets/'),
    );
    const background = files.filter((file) => !beforeUsable.includes(file));
    report('sign-in page, before it is usable', beforeUsable);
    report('sign-in page, fetched in the background after the first paint', background);
    console.log(`sign-in page in all: ${kb(total(files))} of JavaScript in ${files.length} files`);
    const main = files.find((file) => file.path === graph.entry[0]);
    console.log(`main chunk ${main?.path}: ${kb(main?.body ?? 0)}`);

    expect(files.map((file) => file.path)).toEqual(expect.arrayContaining([...needed]));
    expect(files.filter((file) => file.encoding !== 'br')).toEqual([]);
    expect(total(beforeUsable)).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    // Everything the page loads until the network is idle, too: the form's validation waits for
    // the admin to start on the form (LoginPage), so the page as it arrives stays within budget.
    expect(total(files)).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    await context.close();
  });

  test('the largest route adds at most 60 KB of JavaScript, all brotli', async ({ browser }) => {
    const manifest = readManifest();
    const graph = chunkGraph(manifest);
    // The route measured here must still be the largest one (by the brotli copies on disk).
    const largest = Object.keys(manifest)
      .filter((key) => manifest[key]?.isDynamicEntry && !EXEMPT.test(key))
      .map((key) => ({
        key,
        bytes: graph.additions(key).reduce((sum, file) => sum + brotliSize(file), 0),
      }))
      .sort((a, b) => b.bytes - a.bytes)[0];
    const ROUTE = ROUTES.find((route) => route.chunk === largest?.key);
    if (!ROUTE) throw new Error(`add to ROUTES how to open the largest route, ${largest?.key}`);

    const context = await signedInContext(browser);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(ROUTE.path);
    await expect(page.getByRole('heading', { name: ROUTE.title })).toBeVisible();
    await page.getByRole('button', { name: ROUTE.open.button }).click();
    await expect(page.getByRole('dialog', { name: ROUTE.open.dialog })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const files = await scripts();
    const added = graph.additions(ROUTE.chunk);
    const routeFiles = files.filter((file) => added.includes(file.path));
    report(`${ROUTE.chunk}, added to the entry`, routeFiles);
    console.log(`whole first load of the route: ${kb(total(files))} in ${files.length} files`);

    expect(routeFiles.map((file) => file.path).sort()).toEqual([...added].sort());
    expect(files.filter((file) => file.encoding !== 'br')).toEqual([]);
    expect(total(routeFiles)).toBeLessThanOrEqual(ROUTE_BUDGET);
    await context.close();
  });
});
