import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  DEFAULT_BRANDING,
  SETTINGS_MESSAGES,
  type BasicSettings,
} from '@safarnama/contract';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  E2E_BASE_URL,
  shotBoth,
  signIn,
} from './fixtures.js';

/**
 * Basic Settings applied everywhere (issue 20): an admin renames the product and changes the
 * currency symbol in one tab; another open tab of the same browser follows without a reload (its
 * sidebar, its tab title and the itinerary list's price, through the socket's
 * `branding-changed`). The defaults are restored at the end whatever happens: other specs expect
 * 'Safarnama' and '₹'.
 */

test.describe.configure({ timeout: 120_000 });

const NEW_NAME = 'Yatra Desk E2E';

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

/** Puts the product name and currency symbol back to the defaults (the rest as it is). */
async function restoreBranding(request: APIRequestContext): Promise<void> {
  const headers = {
    Authorization: `Bearer ${await apiLogin(request)}`,
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  };
  const got = await request.get(API_PATHS.setting.basic, { headers });
  expect(got.ok(), await got.text()).toBe(true);
  // One record answers `data.data` (spec §7).
  const basic = ((await got.json()) as { data: { data: BasicSettings } }).data.data;
  if (
    basic.productName === DEFAULT_BRANDING.productName &&
    basic.currencySymbol === DEFAULT_BRANDING.currencySymbol &&
    (basic.timeZone || DEFAULT_BRANDING.timeZone) === DEFAULT_BRANDING.timeZone
  ) {
    return;
  }
  const saved = await request.post(API_PATHS.setting.updateBasic, {
    headers,
    multipart: {
      productName: DEFAULT_BRANDING.productName,
      // Every part a string: Playwright reads any other value as a file stream.
      supportEmail: String(basic.supportEmail ?? ''),
      supportPhone: String(basic.supportPhone ?? ''),
      timeZone: DEFAULT_BRANDING.timeZone,
      currencySymbol: DEFAULT_BRANDING.currencySymbol,
      sessionIdleMinutes: String(basic.sessionIdleMinutes),
      maintenanceMode: String(basic.maintenanceMode),
      maintenanceMessage: String(basic.maintenanceMessage ?? ''),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The product name at the top of the sidebar. */
const sidebarBrand = (page: Page) => page.locator('#app-sidebar p').first();

test.afterAll(async ({ request }) => {
  await restoreBranding(request);
});

test('a new product name and currency symbol reach another open tab live', async ({
  context,
  request,
}) => {
  const run = `${Date.now()}`;
  const token = await apiLogin(request);
  const place = await createPlaceViaApi(request, token, {
    country: `Brandland ${run}`,
    shortName: letters(3),
    state: `Brand State ${run}`,
    place: `Brand Town ${run}`,
  });
  const title = `Branding Escape ${run}`;
  await createItineraryViaApi(request, token, place, { title, pricePerPerson: 125_000 });

  const settings = await context.newPage();
  const list = await context.newPage();
  for (const page of [settings, list]) await page.setViewportSize({ width: 1280, height: 900 });
  try {
    // The second tab: the itinerary list, with the defaults.
    await signIn(list);
    await list.goto('/services/itineraries');
    await list.getByPlaceholder('Search by title, description, or type...').fill(title);
    const row = list.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('₹1,25,000')).toBeVisible();
    await expect(list).toHaveTitle('Manage Itineraries · Safarnama');
    await expect(sidebarBrand(list)).toHaveText('Safarnama');

    // The first tab: Basic Settings.
    await signIn(settings);
    await settings.goto('/settings/basic-settings');
    await expect(settings.getByRole('heading', { name: 'Basic Settings', level: 1 })).toBeVisible();
    await settings.getByLabel('Product name').fill(NEW_NAME);
    await settings.getByLabel('Currency symbol').fill('$');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      settings.locator('.Toastify').getByText(SETTINGS_MESSAGES.basicSaved).first(),
    ).toBeVisible();
    // This tab follows at once.
    await expect(settings).toHaveTitle(`Basic Settings · ${NEW_NAME}`);
    await expect(sidebarBrand(settings)).toHaveText(NEW_NAME);

    // The other tab follows without a reload: sidebar, tab title and the price.
    await expect(sidebarBrand(list)).toHaveText(NEW_NAME);
    await expect(list).toHaveTitle(`Manage Itineraries · ${NEW_NAME}`);
    await expect(row.getByText('$1,25,000')).toBeVisible();
    await expect(list.getByPlaceholder('Search by title, description, or type...')).toHaveValue(
      title,
    ); // the page was not reloaded
    await shotBoth(list, 'branding-itineraries', { fullPage: false });

    // The sign-in page of a fresh visitor names the product too.
    const visitor = await context.browser()?.newContext();
    if (visitor) {
      const login = await visitor.newPage();
      await login.goto(`${E2E_BASE_URL}/login`);
      await expect(login).toHaveTitle(`Sign in · ${NEW_NAME}`);
      await expect(
        login.getByText(`Welcome back. Sign in to the ${NEW_NAME} back-office.`),
      ).toBeVisible();
      await visitor.close();
    }

    // Back to the defaults through the form: the other tab follows again.
    await settings.getByLabel('Product name').fill(DEFAULT_BRANDING.productName);
    await settings.getByLabel('Currency symbol').fill(DEFAULT_BRANDING.currencySymbol);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(sidebarBrand(list)).toHaveText('Safarnama');
    await expect(list).toHaveTitle('Manage Itineraries · Safarnama');
    await expect(row.getByText('₹1,25,000')).toBeVisible();
  } finally {
    await restoreBranding(request);
  }
});
