import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  type HomepageSettings,
  type HomepageSettingsInput,
} from '@safarnama/contract';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  makePhoto,
  shotBoth,
  signIn,
  useTempDir,
  type CreatedPlace,
} from './fixtures.js';

/**
 * Issue 20: the homepage pickers offer only what the public site can show, and a chosen item that
 * later became unpublishable is flagged on its card. The package cards show the itinerary's
 * library cover as a thumbnail.
 *
 * The homepage selection is one record shared by every spec: this one empties it first and puts
 * back what it found at the end (or empties it, if that can no longer be saved), so
 * homepage.spec.ts, which runs after it, starts as it would alone.
 */
const S = API_PATHS.service;
const suffix = Array.from({ length: 5 }, () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26)),
).join('');
const EMPTY: HomepageSettingsInput = {
  trendingDestinations: [],
  trendingActivities: [],
  tourPackages: [],
  blogs: [],
  isActive: true,
};

const headersOf = (token: string) => ({
  Authorization: `Bearer ${token}`,
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
});

async function readHomepage(request: APIRequestContext, token: string) {
  const res = await request.get(S.homepageSettings, { headers: headersOf(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { data: HomepageSettings } }).data.data;
}

const saveHomepage = (request: APIRequestContext, token: string, data: HomepageSettingsInput) =>
  request.put(S.homepageSettings, { headers: headersOf(token), data: { data } });

async function addBlog(
  request: APIRequestContext,
  token: string,
  at: CreatedPlace,
  title: string,
  status: 'draft' | 'published',
) {
  const res = await request.post(S.addBlog, {
    headers: headersOf(token),
    multipart: {
      title,
      countryId: at.country._id,
      stateId: at.state._id,
      placeId: at.place._id,
      status,
      content: '<p>Story</p>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** An image library holding one real photo (its cover), through the API as the form sends it. */
async function addLibrary(request: APIRequestContext, token: string, photo: string) {
  const res = await request.post(API_PATHS.imageLibraries.base, {
    headers: headersOf(token),
    multipart: {
      title: `Homepage covers ${suffix}`,
      images: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo) },
      'altTexts[0]': 'Backwaters at dusk',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { data: { _id: string } } }).data.data._id;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
/** A toast (errors are `alert`s, the rest `status` messages). */
const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast').filter({ hasText: text });

test.describe('homepage offers only what the site can show', () => {
  const tmp = useTempDir('safarnama-e2e-homepage-publishable-');
  let token = '';
  let before: HomepageSettingsInput = EMPTY;

  test.beforeAll(async ({ request }) => {
    token = await apiLogin(request);
    const saved = await readHomepage(request, token);
    before = {
      trendingDestinations: saved.trendingDestinations.map((d) => d._id),
      trendingActivities: [],
      tourPackages: saved.tourPackages.map((p) => ({ _id: p._id, displayOrder: p.displayOrder })),
      blogs: saved.blogs.map((b) => b._id),
      isActive: saved.isActive,
    };
    expect((await saveHomepage(request, token, EMPTY)).status()).toBe(200);
  });

  test.afterAll(async ({ request }) => {
    const token = await apiLogin(request);
    const restored = await saveHomepage(request, token, before);
    if (restored.status() !== 200) await saveHomepage(request, token, EMPTY);
  });

  test('private itineraries and draft blogs are not offered; a package made private is flagged', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const at = await createPlaceViaApi(request, token, {
      country: `Showland ${suffix}`,
      shortName: 'SL',
      state: `Show State ${suffix}`,
      place: `Show Place ${suffix}`,
    });
    const photo = await makePhoto(tmp(), 'cover.jpg', { r: 30, g: 120, b: 160 });
    const libraryId = await addLibrary(request, token, photo);
    const shown = `Public Trip ${suffix}`;
    const hidden = `Private Trip ${suffix}`;
    const trip = await createItineraryViaApi(request, token, at, { title: shown });
    // The library is set on the public one afterwards, with the same values.
    const tripValues = {
      title: shown,
      duration: '3 Days / 2 Nights',
      languages: ['English'],
      countryId: at.country._id,
      stateId: at.state._id,
      placeId: at.place._id,
      dailyItinerary: [{ title: 'Day 1', description: 'Arrive' }],
      imageLibraryId: libraryId,
    };
    const withLibrary = await request.put(S.updateItinerary(trip._id), {
      headers: headersOf(token),
      data: { data: tripValues },
    });
    expect(withLibrary.status(), await withLibrary.text()).toBe(200);
    await createItineraryViaApi(request, token, at, { title: hidden, visibility: 'private' });
    await createItineraryViaApi(request, token, at, {
      title: `Closed Trip ${suffix}`,
      isActive: false,
    });
    const liveStory = `Live Story ${suffix}`;
    const draftStory = `Draft Story ${suffix}`;
    await addBlog(request, token, at, liveStory, 'published');
    await addBlog(request, token, at, draftStory, 'draft');

    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page);
    await page.goto('/services/homepage-settings');
    await expect(page.getByRole('heading', { name: 'Homepage Settings' })).toBeVisible();

    // Packages at the place: only the public, active one, with its library cover.
    const packages = region(page, 'Tour Packages');
    await packages.getByLabel('Country').selectOption({ label: `${at.country.name} (SL)` });
    await packages.getByLabel('State').selectOption({ label: at.state.name });
    await packages.getByLabel('Place').selectOption({ label: at.place.name });
    const cards = packages.getByRole('list', { name: 'Available packages' });
    const card = cards.getByRole('button', { name: new RegExp(`^${shown}`) });
    await expect(card).toBeVisible();
    await expect(cards.getByRole('button')).toHaveCount(1);
    await expect(cards.getByText(hidden)).toHaveCount(0);
    const thumbnail = card.locator('img');
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Blogs: the published one is offered, the draft is not.
    const blogs = region(page, 'Travelpedia Blogs');
    await blogs.getByLabel('Search blogs...').fill(suffix);
    const blogCards = blogs.getByRole('list', { name: 'Available blogs' });
    await expect(
      blogCards.getByRole('button', { name: new RegExp(`^${liveStory}`) }),
    ).toBeVisible();
    await expect(blogCards.getByText(draftStory)).toHaveCount(0);

    // Choose the public package and save.
    await card.click();
    const selected = packages.getByRole('list', { name: 'Selected packages' });
    await expect(selected.getByRole('listitem', { name: `1. ${shown}` })).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Homepage settings updated successfully')).toBeVisible();

    // Someone makes it private; the page, reloaded, flags it and says how many are hidden.
    const madePrivate = await request.put(S.updateItinerary(trip._id), {
      headers: headersOf(token),
      data: { data: { ...tripValues, visibility: 'private' } },
    });
    expect(madePrivate.status(), await madePrivate.text()).toBe(200);
    await page.reload();
    const flagged = region(page, 'Tour Packages')
      .getByRole('list', { name: 'Selected packages' })
      .getByRole('listitem', { name: `1. ${shown}` });
    await expect(flagged.getByText('Not shown on the site: Private')).toBeVisible();
    await expect(
      page.getByText(
        '1 chosen item is not shown on the site. Remove it, or make it publishable again.',
      ),
    ).toBeVisible();
    await shotBoth(page, 'homepage-publishable-flag', { withoutToasts: true });

    // Keeping it is allowed (it was chosen before it became private).
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Homepage settings updated successfully')).toBeVisible();

    // At phone width the flag stays readable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(flagged.getByText('Not shown on the site: Private')).toBeVisible();
  });
});
