import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import {
  apiLogin,
  createPlaceViaApi,
  makePhoto,
  shotBoth,
  signIn,
  useTempDir,
  type CreatedPlace,
} from './fixtures.js';

const S = API_PATHS.service;
/** Over the 300 visible characters the quality rules ask of a month's description. */
const LONG_TEXT =
  'Clear skies, calm water and the lanterns of the harbour festival: the best weeks for walks along the lake, boat rides at dawn and long dinners in the old town, before the rains come to the hills. ' +
  'Book stays early, pack a light jacket for the evenings and keep a day for the market and the temple by the water.';

/** Adds place details through the API (multipart, as the form sends them); answers the id. */
async function addDetails(
  request: APIRequestContext,
  token: string,
  at: CreatedPlace,
  fields: Record<string, string>,
  cover?: string,
): Promise<string> {
  const form = new FormData();
  form.set('countryId', at.country._id);
  form.set('stateId', at.state._id);
  form.set('placeId', at.place._id);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (cover) {
    form.set('coverPhoto', new Blob([readFileSync(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  }
  const response = await request.post(S.addPlaceDetails, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { data: { _id: string } } }).data.data._id;
}

/** Four gallery pictures with alt texts, as the gallery page uploads them. */
async function addGallery(request: APIRequestContext, token: string, id: string, files: string[]) {
  const form = new FormData();
  form.set('id', id);
  files.forEach((file, i) => {
    form.append(
      'images',
      new Blob([readFileSync(file)], { type: 'image/jpeg' }),
      path.basename(file),
    );
    form.append(`altTexts[${i}]`, `View ${i + 1} of the lake`);
  });
  const response = await request.put(S.addPlaceDetailsGallery, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const cell = (page: Page, place: string, month: string, state: string) =>
  page.getByRole('button', { name: new RegExp(`^${place}, ${month}: ${state}`) });

test.describe('Content coverage', () => {
  const tmp = useTempDir('safarnama-e2e-coverage-');

  test('the grid tells complete, incomplete and missing months; a missing month is written from it until it is complete', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const letters = stamp
      .replace(/[^A-Z]/g, '')
      .padEnd(3, 'Q')
      .slice(0, 3);
    const token = await apiLogin(request);
    const at = await createPlaceViaApi(request, token, {
      country: `Coverland ${stamp}`,
      shortName: letters,
      state: `Lakeshire ${stamp}`,
      place: `Mirrorlake ${stamp}`,
    });
    const placeName = at.place.name;
    const cover = await makePhoto(tmp(), 'cover.jpg', { r: 40, g: 120, b: 190 });
    const gallery = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name, i) =>
        makePhoto(tmp(), `view-${name}.jpg`, { r: 60 + i * 40, g: 140, b: 90 }),
      ),
    );
    const complete = {
      description: `<p>${LONG_TEXT}</p>`,
      temperature: '{"min": 12, "max": 26}',
      bestTimeToVisit: '{"fromMonth":"JAN","toMonth":"MAR"}',
    };
    // January complete, February a few words (incomplete), March nothing (missing).
    const january = await addDetails(request, token, at, { ...complete, month: 'JAN' }, cover);
    await addGallery(request, token, january, gallery);
    await addDetails(request, token, at, { month: 'FEB', description: '<p>Windy.</p>' });

    await signIn(page);
    await page.getByRole('link', { name: 'Content Coverage', exact: true }).click();
    await expect(page).toHaveURL(/\/services\/coverage$/);
    await expect(page.getByRole('heading', { name: 'Content Coverage', level: 1 })).toBeVisible();
    await page
      .getByLabel('Country', { exact: true })
      .selectOption({ label: `${at.country.name} (${at.country.shortName})` });
    await page.getByLabel('State', { exact: true }).selectOption({ label: at.state.name });
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows.filter({ hasText: placeName })).toHaveCount(1);
    await expect(cell(page, placeName, 'January', 'Complete')).toContainText('Complete');
    await expect(cell(page, placeName, 'February', 'Incomplete')).toHaveAttribute(
      'title',
      /Write a description of at least 300 characters/,
    );
    await expect(cell(page, placeName, 'March', 'Missing')).toContainText('Missing');
    await expect(page.getByText('8.3%')).toBeVisible();
    await shotBoth(page, 'content-coverage', { settle: cell(page, placeName, 'March', 'Missing') });

    // March, from its cell: the form opens for this place and month.
    await cell(page, placeName, 'March', 'Missing').click();
    const form = page.getByRole('dialog', { name: 'Add Place Details' });
    await expect(form.getByLabel('Place *', { exact: true })).toHaveValue(at.place._id);
    await expect(form.getByLabel('Month *', { exact: true })).toHaveValue('MAR');
    const editor = form.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.type(LONG_TEXT);
    await form.getByLabel('Minimum (°C)').fill('15');
    await form.getByLabel('Maximum (°C)').fill('28');
    await form.getByLabel('From', { exact: true }).selectOption({ label: 'March' });
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'May' });
    await form.getByLabel('Choose an image file').setInputFiles(cover);
    await form.getByRole('button', { name: 'Save Place Details' }).click();
    await expect(page.getByText('Place details added successfully').first()).toBeVisible();
    await expect(form).toBeHidden();
    // Written, but without its gallery yet.
    const march = cell(page, placeName, 'March', 'Incomplete');
    await expect(march).toHaveAttribute('title', /Add at least 4 gallery images/);

    // Its gallery, then back to the grid: March is complete.
    await page.getByRole('link', { name: 'Place Details', exact: true }).click();
    await page.getByPlaceholder('Search by place, state, country or month...').fill(placeName);
    await page.getByRole('link', { name: `Gallery of ${placeName} (March)` }).click();
    await page.getByLabel('Choose image files').setInputFiles(gallery);
    for (const [index, file] of gallery.entries()) {
      await page.getByLabel(`Alt text for ${path.basename(file)}`).fill(`March view ${index + 1}`);
    }
    await page.getByRole('button', { name: 'Upload Images' }).click();
    await expect(page.getByText('Gallery updated successfully').first()).toBeVisible();
    await page.getByRole('link', { name: 'Content Coverage', exact: true }).click();
    await page.getByPlaceholder('Search by place...').fill(placeName);
    await expect(cell(page, placeName, 'March', 'Complete')).toContainText('Complete');
    await expect(cell(page, placeName, 'February', 'Incomplete')).toBeVisible();
  });
});
