import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  makePhoto,
  shotBoth,
  signIn,
  useTempDir,
} from './fixtures.js';

const S = API_PATHS.service;

test.describe('where used (issue 24)', () => {
  const tmp = useTempDir('safarnama-e2e-usage-');

  test('delete an image in use sees the list', async ({ page, request }) => {
    // Seeding, sign-in and the two screenshots take most of the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36);
    const token = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    const at = await createPlaceViaApi(request, token, {
      country: `Usageland ${suffix}`,
      shortName: 'UL',
      state: `Usage State ${suffix}`,
      place: `Usage Bay ${suffix}`,
    });
    const title = `Usage trip ${suffix}`;
    const tour = await createItineraryViaApi(request, token, at, { title });

    // One gallery picture, shown by the first day.
    const photo = await makePhoto(
      tmp(),
      'lighthouse.jpg',
      { r: 200, g: 120, b: 60 },
      { width: 400, height: 300 },
    );
    const form = new FormData();
    form.set('itineraryId', tour._id);
    form.append(
      'images',
      new Blob([readFileSync(photo)], { type: 'image/jpeg' }),
      'lighthouse.jpg',
    );
    form.append('altTexts[0]', 'Lighthouse at dusk');
    const added = await request.patch(S.itineraryGallery(tour._id), { headers, multipart: form });
    expect(added.status(), await added.text()).toBe(200);
    const saved = (
      (await added.json()) as {
        data: { data: Record<string, unknown> & { gallery: { _id: string }[] } };
      }
    ).data.data;
    const imageId = saved.gallery[0]?._id ?? '';
    const updated = await request.put(S.updateItinerary(tour._id), {
      headers,
      data: {
        data: {
          title,
          duration: '3 Days / 2 Nights',
          languages: ['English'],
          countryId: at.country._id,
          stateId: at.state._id,
          placeId: at.place._id,
          dailyItinerary: [{ title: 'Day 1', description: 'Arrive', imageId }],
        },
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);

    await signIn(page);
    await page.goto('/services/itineraries');
    await page.getByPlaceholder('Search by title, description, or type...').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Manage Gallery (1)' }).click();
    const gallery = page.getByRole('dialog', { name: `Gallery - ${title}` });
    const images = gallery.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
    await images.first().hover();
    await gallery.getByRole('button', { name: /^Remove image 1/ }).click();

    const question = page.getByRole('alertdialog', { name: 'Remove Image' });
    await expect(question.getByRole('heading', { name: 'Used in 1 place' })).toBeVisible();
    await expect(question.getByRole('link', { name: `Day 1 of ${title}` })).toHaveAttribute(
      'href',
      '/services/itineraries',
    );
    await expect(
      question.getByText('Delete this image and remove these references?'),
    ).toBeVisible();
    await expect(question.getByText('Deleting it removes these references.')).toBeVisible();
    await shotBoth(page, 'media-usage-confirm', {
      fullPage: false,
      settle: question.getByText('Used in 1 place'),
    });

    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Image removed successfully')).toBeVisible();
    await expect(images).toHaveCount(0);

    // The day no longer shows it: the reference went in the same change.
    const after = await request.get(`${S.listItineraries}?search=${encodeURIComponent(title)}`, {
      headers,
    });
    const listed = (
      (await after.json()) as {
        data: { itineraries: { _id: string; dailyItinerary: { imageId?: string | null }[] }[] };
      }
    ).data.itineraries.find((it) => it._id === tour._id);
    expect(listed?.dailyItinerary[0]?.imageId ?? null).toBeNull();
  });
});
