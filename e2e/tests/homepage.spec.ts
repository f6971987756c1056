import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { apiLogin, createPlaceViaApi, shot, signIn } from './fixtures.js';

const S = API_PATHS.service;
const suffix = Array.from({ length: 5 }, () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26)),
).join('');

interface Seed {
  countryId: string;
  stateId: string;
  placeId: string;
  countryLabel: string;
  stateName: string;
  placeName: string;
  places: string[];
  trips: string[];
  blogs: string[];
}

/** A state with 7 active places, 9 active itineraries at its first place, 4 published blogs. */
async function seed(request: APIRequestContext): Promise<Seed> {
  const token = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const names = {
    country: `Homeland ${suffix}`,
    shortName: 'HL',
    state: `Hometown State ${suffix}`,
    place: `Home Place 1 ${suffix}`,
  };
  const { country, state, place } = await createPlaceViaApi(request, token, names);
  const places = [place.name];
  for (let i = 2; i <= 7; i += 1) {
    const name = `Home Place ${i} ${suffix}`;
    const res = await request.post(S.addPlace, {
      headers,
      multipart: { name, countryId: country._id, stateId: state._id, shortDescription: 'x' },
    });
    expect(res.status(), await res.text()).toBe(201);
    places.push(name);
  }
  const ids = { countryId: country._id, stateId: state._id, placeId: place._id };
  const trips: string[] = [];
  for (let i = 1; i <= 9; i += 1) {
    const title = `Home Trip ${i} ${suffix}`;
    const res = await request.post(S.createItinerary, {
      headers,
      data: {
        data: {
          title,
          duration: `${i + 1} Days / ${i} Nights`,
          languages: ['English'],
          pricePerPerson: 10_000 * i + 2_500,
          ...ids,
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    trips.push(title);
  }
  const blogs: string[] = [];
  for (let i = 1; i <= 4; i += 1) {
    const title = `Home Story ${i} ${suffix}`;
    const res = await request.post(S.addBlog, {
      headers,
      multipart: { title, ...ids, status: 'published', content: '<p>Story</p>' },
    });
    expect(res.status(), await res.text()).toBe(201);
    blogs.push(title);
  }
  return {
    ...ids,
    countryLabel: `${country.name} (${country.shortName})`,
    stateName: state.name,
    placeName: place.name,
    places,
    trips,
    blogs,
  };
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
/** A toast (errors are `alert`s, the rest `status` messages). */
const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast').filter({ hasText: text });

async function darkShot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
}

const selectedPackageTitles = (list: Locator) =>
  list
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => (item.getAttribute('aria-label') ?? '').replace(/^\d+\. /, '')),
    );

test('homepage settings: choose 6 places, 8 packages and 3 blogs, reorder, save, reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const data = await seed(request);
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page);
  await page.goto('/services/homepage-settings');
  await expect(page.getByRole('heading', { name: 'Homepage Settings' })).toBeVisible();

  // Trending destinations: country → state → place cards.
  const destinations = region(page, 'Trending Destinations');
  await expect(
    destinations.getByText('Please select a country and state to view available places'),
  ).toBeVisible();
  await destinations.getByLabel('Country').selectOption({ label: data.countryLabel });
  await destinations.getByLabel('State').selectOption({ label: data.stateName });
  const placeCards = destinations.getByRole('list', { name: 'Available places' });
  for (const name of data.places.slice(0, 6)) {
    await placeCards.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  }
  await placeCards.getByRole('button', { name: new RegExp(`^${data.places[6]}`) }).click();
  await expect(toast(page, 'Maximum 6 places can be selected')).toBeVisible();
  await expect(
    destinations.getByRole('heading', { name: 'Trending Destinations (6/6 selected)' }),
  ).toBeVisible();

  // Tour packages: filter by the place, pick eight, the ninth is refused.
  const packages = region(page, 'Tour Packages');
  await packages.getByLabel('Country').selectOption({ label: data.countryLabel });
  await packages.getByLabel('State').selectOption({ label: data.stateName });
  await packages.getByLabel('Place').selectOption({ label: data.placeName });
  const packageCards = packages.getByRole('list', { name: 'Available packages' });
  await expect(packageCards.getByRole('button')).toHaveCount(9);
  await expect(packageCards.getByText('₹12,500 per person')).toBeVisible();
  for (const title of data.trips.slice(0, 8)) {
    await packageCards.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  }
  await expect(packageCards.getByRole('button')).toHaveCount(1);
  await packageCards.getByRole('button', { name: new RegExp(`^${data.trips[8]}`) }).click();
  await expect(toast(page, 'Maximum 8 packages can be selected')).toBeVisible();
  await expect(
    packages.getByRole('heading', { name: 'Tour Packages (8/8 selected)' }),
  ).toBeVisible();

  // Reorder: drag the second above the first, then Move down the (new) third.
  const selected = packages.getByRole('list', { name: 'Selected packages' });
  const [t1, t2, t3, t4, ...rest] = data.trips.slice(0, 8);
  const handle1 = selected.getByRole('button', { name: `Drag to reorder ${t1}` });
  const handle2 = selected.getByRole('button', { name: `Drag to reorder ${t2}` });
  // Both handles in view and settled before measuring (the page may still be scrolling).
  await handle1.scrollIntoViewIfNeeded();
  await handle2.scrollIntoViewIfNeeded();
  await expect(handle1).toBeInViewport();
  const a = await handle2.boundingBox();
  const b = await handle1.boundingBox();
  if (!a || !b) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(a.x + a.width / 2, b.y + b.height / 2 - 5, { steps: 20 });
  await page.mouse.up();
  await selected
    .getByRole('listitem', { name: `3. ${t3}` })
    .getByRole('button', { name: 'Move down' })
    .click();
  const expectedOrder = [t2, t1, t4, t3, ...rest];
  await expect.poll(() => selectedPackageTitles(selected)).toEqual(expectedOrder);

  // Blogs: search, pick three, the fourth is refused.
  const blogs = region(page, 'Travelpedia Blogs');
  await blogs.getByLabel('Search blogs...').fill(`Home Story`);
  const blogCards = blogs.getByRole('list', { name: 'Available blogs' });
  for (const title of data.blogs) {
    await expect(blogCards.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  for (const title of data.blogs.slice(0, 3)) {
    await blogCards.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  }
  await blogCards.getByRole('button', { name: new RegExp(`^${data.blogs[3]}`) }).click();
  await expect(toast(page, 'Maximum 3 blogs can be selected')).toBeVisible();
  await expect(
    blogs.getByRole('heading', { name: 'Travelpedia Blogs (3/3 selected)' }),
  ).toBeVisible();

  await shot(page, 'homepage-settings');
  await darkShot(page, 'homepage-settings');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Homepage settings updated successfully')).toBeVisible();

  // Reload: the same selection, in the same order.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Homepage Settings' })).toBeVisible();
  await expect
    .poll(() =>
      region(page, 'Trending Destinations')
        .getByRole('list', { name: 'Selected destinations' })
        .getByRole('listitem')
        .allInnerTexts(),
    )
    .toEqual(data.places.slice(0, 6).map((name) => expect.stringContaining(name)));
  const reloaded = region(page, 'Tour Packages').getByRole('list', { name: 'Selected packages' });
  await expect.poll(() => selectedPackageTitles(reloaded)).toEqual(expectedOrder);
  await expect(
    region(page, 'Travelpedia Blogs')
      .getByRole('list', { name: 'Selected blogs' })
      .getByRole('listitem'),
  ).toHaveText(data.blogs.slice(0, 3));
  await shot(page, 'homepage-settings-saved');
});
