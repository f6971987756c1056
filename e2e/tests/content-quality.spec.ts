import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  QUALITY_MESSAGES,
} from '@safarnama/contract';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  makePhoto,
  setScheme,
  shot,
  shotBoth,
  signIn,
  useTempDir,
} from './fixtures.js';

/** The count on the 'Needs attention' button (named 'Needs attention 3'). */
async function badgeCount(page: Page): Promise<number> {
  const button = page.getByRole('button', { name: /^Needs attention \d+$/ });
  await expect(button).toBeVisible();
  const text = (await button.textContent()) ?? '';
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN);
}

/**
 * Issue 23, the workflow a person follows: the itinerary list shows how many need attention, the
 * filter narrows it to them, the record's form lists what fails, a fix typed into the form clears
 * its rule at once, and after saving the record leaves the filtered list and the count drops.
 */
test.describe('Content quality', () => {
  const tmp = useTempDir('safarnama-e2e-quality-');

  test('filter "Needs attention", fix a failing rule while typing, save, count drops', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');
    const run = `${Date.now()}`.slice(-6);
    const token = await apiLogin(request);
    const at = await createPlaceViaApi(request, token, {
      country: `Quality Land ${run}`,
      shortName: 'QL',
      state: `Quality State ${run}`,
      place: `Quality Town ${run}`,
    });
    const title = `Backwater Escape ${run}`;
    // Everything in order but the meta title, which is too short.
    const itinerary = await createItineraryViaApi(request, token, at, {
      title,
      visibility: 'public',
      metaTitle: 'Backwaters',
      metaDescription:
        'Houseboats, spice gardens and quiet beaches: a three-day trip planned for families.',
      pricePerPerson: 18_000,
    });
    const photo = await makePhoto(tmp(), 'houseboat.jpg', { r: 40, g: 120, b: 160 });
    const gallery = await request.patch(API_PATHS.service.itineraryGallery(itinerary._id), {
      headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      multipart: {
        itineraryId: itinerary._id,
        images: { name: 'houseboat.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo) },
        'altTexts[0]': 'A houseboat on the backwaters at dusk',
      },
    });
    expect(gallery.status(), await gallery.text()).toBe(200);

    await signIn(page);
    await page.goto('/services/itineraries');
    await expect(
      page.getByRole('heading', { name: 'Itinerary Management', level: 1 }),
    ).toBeVisible();
    const before = await badgeCount(page);
    expect(before).toBeGreaterThanOrEqual(1);

    // The filter: pressed, in the URL, and the row says why it is listed.
    await page.getByRole('button', { name: `Needs attention ${String(before)}` }).click();
    await expect(page).toHaveURL(/needsAttention=true/);
    await expect(page.getByRole('button', { name: /^Needs attention/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('searchbox', { name: 'Search itineraries' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('1 issue')).toBeVisible();
    await shotBoth(page, 'quality-list', { settle: row });

    // The form lists the failing rule; typing a longer meta title clears it live.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Itinerary' });
    const checks = dialog.getByRole('region', { name: 'Quality checks' });
    await expect(checks.getByRole('listitem')).toHaveText([QUALITY_MESSAGES['meta-title-length']]);
    await expect(checks.getByText('1 issue to fix')).toBeVisible();
    await setScheme(page, 'dark');
    await shot(page, 'quality-form-dark', { fullPage: false });
    await setScheme(page, 'light');
    await shot(page, 'quality-form-light', { fullPage: false });

    const metaTitle = dialog.getByRole('textbox', { name: 'Meta Title' });
    await metaTitle.fill('');
    await metaTitle.pressSequentially('Kerala backwaters on a houseboat', { delay: 10 });
    await expect(checks.getByRole('listitem')).toHaveCount(0);
    await expect(checks.getByText('All quality checks pass')).toBeVisible();
    await shot(page, 'quality-form-passing-light', { fullPage: false });

    await dialog.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(dialog).toBeHidden();
    // The record left the filtered list; the badge counts one fewer.
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: `Needs attention ${String(before - 1)}` }),
    ).toBeVisible();

    // Off again: the whole list, with the record and no note.
    await page.getByRole('button', { name: /^Needs attention/ }).click();
    await expect(page).not.toHaveURL(/needsAttention/);
    const fixed = page.getByRole('row').filter({ hasText: title });
    await expect(fixed).toHaveCount(1);
    await expect(fixed.getByText(/\d+ issues?$/)).toHaveCount(0);
  });
});
