import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE, type Dashboard } from '@safarnama/contract';
import { apiLogin, createItineraryViaApi, createPlaceViaApi, shot, signIn } from './fixtures.js';

/** The dashboard as the API answers it (the database is shared with the other specs). */
async function readDashboard(request: APIRequestContext, token: string): Promise<Dashboard> {
  const response = await request.get(API_PATHS.service.dashboard, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { data: Dashboard } }).data.data;
}

const tag = () => Math.random().toString(36).slice(2, 8);

test('the dashboard shows the counts of a seeded data set', async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await readDashboard(request, token);

  const id = tag();
  const at = await createPlaceViaApi(request, token, {
    country: `Dashland ${id}`,
    shortName: 'DL',
    state: `Dash State ${id}`,
    place: `Dash Place ${id}`,
  });
  await createItineraryViaApi(request, token, at, {
    title: `Dash Safari ${id}`,
    type: 'Wildlife',
    months: ['JAN', 'FEB'],
    metaTitle: 'Safari',
    metaDescription: 'A wildlife safari',
  });
  await createItineraryViaApi(request, token, at, {
    title: `Dash Retreat ${id}`,
    type: 'Wildlife',
    months: ['FEB'],
    isActive: false,
  });

  const after = await readDashboard(request, token);
  // The seeded rows are counted by the API…
  expect(after.counts.countries).toBe(before.counts.countries + 1);
  expect(after.counts.states).toBe(before.counts.states + 1);
  expect(after.counts.places.active).toBe(before.counts.places.active + 1);
  expect(after.counts.itineraries.active).toBe(before.counts.itineraries.active + 1);
  expect(after.counts.itineraries.inactive).toBe(before.counts.itineraries.inactive + 1);
  const count = (d: Dashboard, type: string) =>
    d.itinerariesByType.find((r) => r.type === type)?.count ?? 0;
  const month = (d: Dashboard, code: string) =>
    d.itinerariesByMonth.find((r) => r.month === code)?.count ?? 0;
  expect(count(after, 'Wildlife')).toBe(count(before, 'Wildlife') + 2);
  expect(month(after, 'FEB')).toBe(month(before, 'FEB') + 2);
  // Both are new and have no gallery; "Retreat" is public (the default) without SEO fields.
  expect(after.gaps.itinerariesWithoutGallery.items.map((i) => i.title)).toEqual(
    expect.arrayContaining([`Dash Safari ${id}`, `Dash Retreat ${id}`]),
  );
  expect(after.gaps.publicItinerariesWithoutSeo.items[0]?.title).toBe(`Dash Retreat ${id}`);

  // …and the page shows those numbers.
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const card = (name: string) => page.getByRole('group', { name, exact: true });
  const { counts, homepage } = after;
  await expect(card('Itineraries')).toContainText(
    `${counts.itineraries.active} active · ${counts.itineraries.inactive} inactive`,
  );
  await expect(card('Itineraries')).toContainText(
    String(counts.itineraries.active + counts.itineraries.inactive),
  );
  await expect(card('Places')).toContainText(
    `${counts.places.active} active · ${counts.places.inactive} inactive`,
  );
  await expect(card('Countries')).toContainText(String(counts.countries));
  await expect(card('Countries')).toContainText(`${counts.states} state`);
  await expect(card('Blogs')).toContainText(
    `${counts.blogs.published} published · ${counts.blogs.draft} draft`,
  );
  await expect(card('Images')).toContainText(String(counts.images));

  const slots = page.getByRole('region', { name: 'Homepage slots' });
  await expect(
    slots.getByRole('link', { name: `Trending Destinations ${homepage.places}/6` }),
  ).toHaveAttribute('href', '/services/homepage-settings');
  await expect(
    slots.getByRole('link', { name: `Tour Packages ${homepage.packages}/8` }),
  ).toBeVisible();
  await expect(
    slots.getByRole('link', { name: `Travelpedia Blogs ${homepage.blogs}/3` }),
  ).toBeVisible();

  const gaps = page.getByRole('region', { name: 'Content gaps' });
  const firstPlace = after.gaps.placesMissingMonths[0];
  if (firstPlace) {
    await expect(gaps.getByRole('link', { name: firstPlace.name })).toHaveAttribute(
      'href',
      '/services/addPlaceDetails',
    );
  }
  await expect(gaps.getByRole('link', { name: `Dash Safari ${id}` })).toHaveAttribute(
    'href',
    '/services/itineraries',
  );
  await expect(
    page
      .getByRole('table', { name: 'Itineraries by type', includeHidden: true })
      .getByRole('row', { name: `Wildlife ${count(after, 'Wildlife')}`, includeHidden: true }),
  ).toBeAttached();
  await expect(
    page
      .getByRole('table', { name: 'Itineraries by month', includeHidden: true })
      .getByRole('row', { name: `February ${month(after, 'FEB')}`, includeHidden: true }),
  ).toBeAttached();

  // The charts arrive in their own chunk and draw bars.
  const charts = page.locator('.recharts-bar-rectangle');
  await expect(charts.first()).toBeVisible();
  // A full-page shot resizes the viewport and makes the charts measure again: shoot what is seen.
  await charts.first().scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-light', { fullPage: false });

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(charts.first()).toBeVisible();
  await shot(page, 'dashboard-dark', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'light' });
});
