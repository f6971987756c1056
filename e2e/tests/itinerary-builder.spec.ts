import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import {
  apiLogin,
  chooseInMultiSelect,
  createPlaceViaApi,
  setScheme,
  shot,
  signIn,
  type CreatedPlace,
} from './fixtures.js';

/**
 * Issue 22, the operator's workflow: a 5-day package built in the form with a place, meals and a
 * stay on every day and two seasonal price bands, its route drawn on the map, duplicated from the
 * list, downloaded as a PDF, and shared: the link opened on a phone by someone with no account.
 */

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

/** Kerala's stops, with where they are. */
const STOPS = [
  { name: 'Kochi', latitude: 9.9312, longitude: 76.2673, meals: ['Dinner'], stay: 'Fort Kochi' },
  {
    name: 'Munnar',
    latitude: 10.0889,
    longitude: 77.0595,
    meals: ['Breakfast'],
    stay: 'Tea estate',
  },
  {
    name: 'Thekkady',
    latitude: 9.6031,
    longitude: 77.1615,
    meals: ['Breakfast', 'Dinner'],
    stay: 'Jungle lodge',
  },
  {
    name: 'Alleppey',
    latitude: 9.4981,
    longitude: 76.3388,
    meals: ['Breakfast', 'Lunch', 'Dinner'],
    stay: 'Houseboat',
  },
  {
    name: 'Kovalam',
    latitude: 8.4004,
    longitude: 76.9787,
    meals: ['Breakfast'],
    stay: 'Beach resort',
  },
] as const;

/** One more place of the state, with its coordinates (the place form's multipart fields). */
async function addPlace(
  request: APIRequestContext,
  token: string,
  at: CreatedPlace,
  place: { name: string; latitude: number; longitude: number },
) {
  const response = await request.post(API_PATHS.service.addPlace, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: {
      name: place.name,
      countryId: at.country._id,
      stateId: at.state._id,
      latitude: String(place.latitude),
      longitude: String(place.longitude),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The days of the form, one `li` each. */
const dayItem = (form: Locator, index: number) =>
  form.getByRole('list', { name: 'Days' }).locator(':scope > li').nth(index);

test('an operator builds a 5-day package with places, meals and price bands, sees the route, duplicates it, downloads the PDF and shares it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
  // No tile server here: the markers and the line draw on the map's plain background.
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());

  const run = `${Date.now()}`;
  const token = await apiLogin(request);
  const names = {
    country: `Bharat ${run}`,
    shortName: letters(3),
    state: `Kerala ${run}`,
    place: `Ernakulam ${run}`,
  };
  const at = await createPlaceViaApi(request, token, names);
  const stopName = (i: number) => `${STOPS[i]?.name ?? ''} ${run}`;
  for (const [i, stop] of STOPS.entries()) {
    await addPlace(request, token, at, { ...stop, name: stopName(i) });
  }
  const title = `Kerala Grand Tour ${run}`;

  await signIn(page);
  await page.getByRole('link', { name: 'Manage Itineraries' }).click();
  await page.getByRole('button', { name: 'Add New Itinerary' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Itinerary' });
  await form.getByLabel('Title *', { exact: true }).fill(title);
  await form.getByLabel('Duration *').fill('5 Days / 4 Nights');
  await form.getByLabel('Type *').selectOption('Leisure');
  await form.getByLabel('Group Size *').fill('4');
  await chooseInMultiSelect(form, 'Languages *', 'languages', ['English', 'Hindi']);
  await form.getByLabel('Price per Person (₹) *').fill('60000');
  await form.getByLabel('Meta Title').fill('Kerala in five days: hills, backwaters, beach');
  await form
    .getByLabel('Meta Description')
    .fill('Munnar tea hills, Thekkady, an Alleppey houseboat night and Kovalam beach.');
  await form
    .getByLabel('Country *', { exact: true })
    .selectOption({ label: `${names.country} (${names.shortName})` });
  await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
  await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });

  // Five days, each with its place, meals and the night's stay.
  const addDay = form.getByRole('button', { name: 'Add Day' });
  for (const [i, stop] of STOPS.entries()) {
    await addDay.click();
    const day = dayItem(form, i);
    await day.getByLabel(`Day ${String(i + 1)} description`).fill(`A day in ${stop.name}.`);
    const places = day.getByRole('combobox', { name: `Places visited on day ${String(i + 1)}` });
    await places.fill(stopName(i));
    await day
      .getByRole('listbox', { name: `Places for day ${String(i + 1)}` })
      .getByRole('option', { name: new RegExp(`^${stopName(i)}`) })
      .click();
    // The list stays open for another pick; Escape closes it (not the dialog).
    await places.press('Escape');
    await expect(
      day.getByRole('list', { name: `Places of day ${String(i + 1)}, in order` }),
    ).toContainText(stopName(i));
    const more = day.getByRole('button', { name: 'More for this day' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const meals = day.getByRole('group', { name: `Meals on day ${String(i + 1)}` });
    for (const meal of stop.meals) await meals.getByLabel(meal, { exact: true }).check();
    await day.getByLabel('Stay', { exact: true }).fill(stop.stay);
  }

  // The route: five numbered markers joined in the days' order.
  const map = form.getByRole('region', { name: 'Route map' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.route-marker')).toHaveCount(5);
  await expect(form.getByRole('list', { name: 'Route stops' })).toContainText(
    `Day 4: ${stopName(3)}`,
  );

  // Seasonal prices: the monsoon cheaper, Christmas dearer.
  await form.getByRole('button', { name: 'Add price band' }).click();
  await chooseInMultiSelect(form, 'Months of band 1', 'months of band 1', ['Jun', 'Jul', 'Aug']);
  await form.getByLabel('Smallest group of band 1').fill('1');
  await form.getByLabel('Largest group of band 1').fill('4');
  await form.getByLabel('Price per person of band 1').fill('45000');
  await form.getByRole('button', { name: 'Add price band' }).click();
  await chooseInMultiSelect(form, 'Months of band 2', 'months of band 2', ['Dec']);
  await form.getByLabel('Smallest group of band 2').fill('1');
  await form.getByLabel('Largest group of band 2').fill('4');
  await form.getByLabel('Price per person of band 2').fill('125000');
  const table = form.getByRole('table', { name: 'Price per person by month and group size' });
  await expect(table).toContainText('₹1,25,000');
  await expect(table).toContainText('₹45,000');
  await expect(form.getByText(/From ₹45,000 per person/)).toBeVisible();
  await shot(page, 'itinerary-builder-form');

  await form.getByRole('button', { name: 'Save Itinerary' }).click();
  await expect(page.getByText('Itinerary created successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
  await expect(row).toContainText('₹60,000');
  await expect(row).toContainText('from ₹45,000');

  // Duplicate: an inactive copy beside it.
  await row.getByRole('button', { name: `Duplicate ${title}` }).click();
  await expect(page.getByText('Itinerary duplicated')).toBeVisible();
  const copy = page.getByRole('row').filter({ hasText: `Copy of ${title}` });
  await expect(copy).toBeVisible();
  await expect(copy.getByRole('button', { name: /^Inactive/ })).toHaveText('Inactive');

  // The saved record reopens with its route; its PDF downloads from the form.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Itinerary' });
  await expect(
    edit.getByRole('region', { name: 'Route map' }).locator('.route-marker'),
  ).toHaveCount(5);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    edit.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdfPath = await download.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toMatch(/^kerala-grand-tour.*\.pdf$/);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Share: a link made once, opened on a phone without an account.
  await row.getByRole('button', { name: `Share ${title}` }).click();
  const share = page.getByRole('dialog', { name: `Share - ${title}` });
  await share.getByRole('button', { name: 'Create link' }).click();
  const urlField = share.getByRole('textbox', { name: 'Share link' });
  await expect(urlField).toHaveValue(/\/trip\/[A-Za-z0-9_-]{43}$/);
  const url = await urlField.inputValue();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const visitor = await phone.newPage();
    const answer = await visitor.goto(url);
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.getByText('From ₹45,000 per person').first()).toBeVisible();
    await expect(visitor.getByText('Houseboat').first()).toBeVisible();
    // A day kept at its default title reads 'Day 4', not 'Day 4 · Day 4'.
    await expect(visitor.getByRole('heading', { name: 'Day 4', exact: true })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    const overflow = await visitor.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(visitor, 'share-page-390');
  } finally {
    await phone.close();
  }

  // The admin sees the view counted.
  await page.reload();
  await row.getByRole('button', { name: `Share ${title}` }).click();
  await expect(page.getByRole('dialog', { name: `Share - ${title}` })).toContainText(/1 view/);
});
