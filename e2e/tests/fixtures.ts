import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * In the system's temp folder, not the checkout: run as root, the embedded PostgreSQL runs as
 * another user, who may not pass through the folders above a checkout (e.g. under /root).
 */
export const E2E_DATA_DIR = path.join(tmpdir(), `safarnama-e2e-data-${E2E_PORT}`);
export const SCREENS_DIR = path.resolve(here, '../.artifacts/screens');
/** Where the e2e server says the location services are: a closed port (see playwright.config). */
export const E2E_LOCATION_ORIGIN = 'http://127.0.0.1:9';
export const E2E_ADMIN = {
  email: 'e2e-admin@safarnama.test',
  password: 'E2e-Super-Secret-Pass-2026',
};

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, options: { rememberMe?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Saves a full-page screenshot (transitions finished) under e2e/.artifacts/screens. */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENS_DIR, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

/** Follows the colour scheme the app reads from the system, and waits until it has switched. */
export async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

/**
 * Closes every toast and waits until none is left. A toast may close by itself between finding
 * its button and clicking it, so each click gives up after 2 s (an unbounded click once waited
 * for a toast that was already gone until the test's own time-out).
 */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.Toastify__close-button').all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

/**
 * The same screen in both themes (`<name>-light`, `<name>-dark`), from the top of the page (a
 * full-page shot of a scrolled page repeats the sticky header), back in light afterwards.
 * `settle`: a locator to wait for after the switch; `withoutToasts`: close the toasts first.
 */
export async function shotBoth(
  page: Page,
  name: string,
  {
    fullPage = true,
    settle,
    withoutToasts = false,
  }: { fullPage?: boolean; settle?: Locator; withoutToasts?: boolean } = {},
): Promise<void> {
  if (withoutToasts) await dismissToasts(page);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await setScheme(page, 'light');
  if (settle) await expect(settle).toBeVisible();
  await shot(page, `${name}-light`, { fullPage });
  await setScheme(page, 'dark');
  await shot(page, `${name}-dark`, { fullPage });
  await setScheme(page, 'light');
}

/** Signs in through the API (no screen) and answers the admin's Bearer token. */
export async function apiLogin(request: APIRequestContext): Promise<string> {
  const response = await request.post(API_PATHS.auth.login, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    data: { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, rememberMe: false } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

export interface CreatedPlace {
  country: { _id: string; name: string; shortName: string };
  state: { _id: string; name: string };
  place: { _id: string; name: string };
}

/**
 * Adds a country, one of its states and a place in it through the API (multipart, as the forms
 * send them), for specs that need a place to point at. Pass unique names.
 */
export async function createPlaceViaApi(
  request: APIRequestContext,
  token: string,
  names: { country: string; shortName: string; state: string; place: string },
): Promise<CreatedPlace> {
  const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const post = async <T>(url: string, multipart: Record<string, string>): Promise<T> => {
    const response = await request.post(url, { headers, multipart });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    const body = (await response.json()) as { data: { data: T } };
    return body.data.data;
  };
  const country = await post<CreatedPlace['country']>(API_PATHS.service.addCountry, {
    name: names.country,
    shortName: names.shortName,
  });
  const state = await post<CreatedPlace['state']>(API_PATHS.service.addState, {
    name: names.state,
    countryId: country._id,
  });
  const place = await post<CreatedPlace['place']>(API_PATHS.service.addPlace, {
    name: names.place,
    countryId: country._id,
    stateId: state._id,
    shortDescription: `${names.place} for end-to-end tests`,
  });
  return { country, state, place };
}

/** Creates an itinerary through the API (JSON `{data}`), at a place from `createPlaceViaApi`. */
export async function createItineraryViaApi(
  request: APIRequestContext,
  token: string,
  at: CreatedPlace,
  values: {
    title: string;
    type?: string;
    visibility?: 'public' | 'private';
    months?: string[];
    metaTitle?: string;
    metaDescription?: string;
    isActive?: boolean;
    pricePerPerson?: number;
  },
): Promise<{ _id: string; title: string }> {
  const response = await request.post(API_PATHS.service.createItinerary, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    data: {
      data: {
        duration: '3 Days / 2 Nights',
        languages: ['English'],
        countryId: at.country._id,
        stateId: at.state._id,
        placeId: at.place._id,
        dailyItinerary: [{ title: 'Day 1', description: 'Arrive' }],
        ...values,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { data: { _id: string; title: string } } };
  return body.data.data;
}

/**
 * Writes a real photo-like image (a colour with a light band across it) into `dir`, as a person
 * would upload one: JPEG, or PNG when the name ends in .png. Returns its path.
 */
export async function makePhoto(
  dir: string,
  name: string,
  colour: { r: number; g: number; b: number },
  { width = 800, height = 600 }: { width?: number; height?: number } = {},
): Promise<string> {
  const band = await sharp({
    create: {
      width,
      height: Math.round(height / 5),
      channels: 3,
      background: { r: 250, g: 250, b: 250 },
    },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    { input: band, top: Math.round(height * 0.4), left: 0 },
  ]);
  const buffer = name.endsWith('.png')
    ? await image.png().toBuffer()
    : await image.jpeg({ quality: 85 }).toBuffer();
  const file = path.join(dir, name);
  writeFileSync(file, buffer);
  return file;
}

/** Where the e2e server writes mail: no SMTP is configured, so every message lands here. */
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

export interface CapturedMail {
  file: string;
  to: string;
  subject: string;
  /** The raw .eml text (headers and body, quoted-printable as written). */
  raw: string;
  /** The first set-password link in the message. */
  link: string | null;
}

/** Reads the outbox files addressed to `to`, newest last. */
export function readMails(to: string): CapturedMail[] {
  if (!existsSync(E2E_OUTBOX)) return [];
  return readdirSync(E2E_OUTBOX)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(E2E_OUTBOX, name);
      const raw = readFileSync(file, 'utf8');
      // Undo quoted-printable soft line breaks and =3D so links read whole.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const header = (field: string) =>
        new RegExp(`^${field}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
      const link = /https?:\/\/[^\s"<>]+\/set-password\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
      return { file, to: header('To'), subject: header('Subject'), raw: text, link: link ?? null };
    })
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits (up to 10 s) for a new mail to `to` beyond the `seen` count and answers it. */
export async function waitForMail(to: string, seen = 0): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(to)[seen];
        return Boolean(found);
      },
      { timeout: 10_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/**
 * A temporary folder for the files a `test.describe` uploads: made before its tests, removed
 * after them. Call inside the describe; the answer gives the folder's path.
 */
export function useTempDir(prefix: string): () => string {
  let dir = '';
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  test.afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}

/**
 * A pointer drag as a person does it: press, a small first move along `axis`, move over `to` in
 * steps, settle just short of its middle, release. Along 'y' (a list) the pointer keeps its column.
 */
export async function drag(page: Page, from: Locator, to: Locator, axis: 'x' | 'y'): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  const endX = axis === 'x' ? end.x + end.width / 2 : x;
  const endY = end.y + end.height / 2;
  const [dx, dy] = axis === 'x' ? [1, 0] : [0, 1];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10 * dx, y + 10 * dy, { steps: 5 });
  await page.mouse.move(endX, endY, { steps: 20 });
  await page.mouse.move(endX - 5 * dx, endY - 5 * dy, { steps: 5 });
  await page.mouse.up();
}

/**
 * Chooses options of a `MultiSelect` (Languages, Months) the way a keyboard user does: opens the
 * combobox named `label`, types each term in its search box and presses Enter, then Escape.
 */
export async function chooseInMultiSelect(
  scope: Page | Locator,
  label: string,
  noun: string,
  terms: readonly string[],
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  const search = scope.getByRole('textbox', { name: `Search ${noun}` });
  for (const term of terms) {
    await search.fill(term);
    await search.press('Enter');
    await expect(search).toHaveValue('');
  }
  await search.press('Escape');
  await expect(scope.getByRole('listbox', { name: noun, exact: false })).toHaveCount(0);
}

/** The chips of a `MultiSelect`, in order ('Remove <item>' buttons name them). */
export async function multiSelectChips(scope: Page | Locator, noun: string): Promise<string[]> {
  return scope
    .getByRole('list', { name: `Selected ${noun}` })
    .getByRole('button', { name: /^Remove / })
    .evaluateAll((buttons) =>
      buttons.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Remove /, '')),
    );
}
