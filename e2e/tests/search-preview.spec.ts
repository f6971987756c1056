import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  SCREENS_DIR,
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  makePhoto,
  setScheme,
  signIn,
  useTempDir,
} from './fixtures.js';

/**
 * Issue 23: the search result and WhatsApp card previews of the itinerary and blog forms follow
 * what is typed — the record's own title and text while the meta fields are empty, the meta
 * fields once typed, a title too long for a result cut with an ellipsis — in both themes.
 */

const LONG_TITLE = 'Kerala backwaters houseboat tour with tea estates and spice gardens';
const CUT_TITLE = 'Kerala backwaters houseboat tour with tea estates and spice…';

/** A screenshot of one part of the page, in the light and the dark theme. */
async function partShots(page: Page, part: Locator, name: string) {
  // Tall enough for the whole part above the dialog's sticky footer.
  await page.setViewportSize({ width: 1280, height: 1800 });
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({
      path: path.join(SCREENS_DIR, `${name}-${scheme}.png`),
      animations: 'disabled',
    });
  }
  await setScheme(page, 'light');
}

test.describe('Search preview (issue 23)', () => {
  const tmp = useTempDir('safarnama-e2e-seo-');

  test('the itinerary form: the preview follows the title, then the meta fields, cut', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');
    await signIn(page);
    await page.getByRole('link', { name: 'Manage Itineraries' }).click();
    await page.getByRole('button', { name: 'Add New Itinerary' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Itinerary' });
    const seo = form.getByRole('region', { name: 'SEO Optimization' });
    const search = seo.getByRole('region', { name: 'Search result preview' });
    const card = seo.getByRole('region', { name: 'Share card preview' });
    const shownTitle = search.locator('[data-seo="title"]');
    const shownDescription = search.locator('[data-seo="description"]');

    // Public by default, so the SEO section is there, with the business as the site.
    await expect(search).toBeVisible();
    await expect(search).toContainText('Safarnama');
    await expect(search).toContainText('Add a title or a meta title');

    // The title while it is typed, marked as the record's own (no meta title yet).
    await form.getByLabel('Title *', { exact: true }).pressSequentially('Kerala Back');
    await expect(search).toContainText('Kerala Back');
    await form.getByLabel('Title *', { exact: true }).pressSequentially('waters');
    await expect(shownTitle).toHaveText('Kerala Backwaters(From the record (meta field empty))');
    await expect(card).toContainText('Kerala Backwaters');

    // The meta title replaces it while typing; past 60 characters it is cut with an ellipsis.
    const metaTitle = form.getByLabel('Meta Title');
    await metaTitle.pressSequentially('Kerala backwaters houseboat');
    await expect(shownTitle).toHaveText('Kerala backwaters houseboat');
    await metaTitle.pressSequentially(LONG_TITLE.slice('Kerala backwaters houseboat'.length));
    await expect(shownTitle).toHaveText(CUT_TITLE);
    await expect(shownTitle).toHaveAttribute('data-cut', 'true');
    // The card has room for the whole title.
    await expect(card).toContainText(LONG_TITLE);

    await form.getByLabel('Meta Description').pressSequentially('Five slow days afloat');
    await expect(shownDescription).toHaveText('Five slow days afloat');
    await expect(card).toContainText('Five slow days afloat');

    await partShots(page, seo, 'search-preview-itinerary');

    // Private: no SEO section, so no preview either.
    await form.getByLabel('Visibility *').selectOption('private');
    await expect(search).toHaveCount(0);
  });

  test('the blog form: the slug as the address, the excerpt, the meta fields and the cover', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');
    const cover = await makePhoto(
      tmp(),
      'houseboat.jpg',
      { r: 40, g: 140, b: 170 },
      { width: 1200, height: 630 },
    );
    await signIn(page);
    await page.getByRole('link', { name: 'Places Travelpedia' }).click();
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const form = page.getByRole('dialog', { name: 'Add Blog' });
    const search = form.getByRole('region', { name: 'Search result preview' });
    const card = form.getByRole('region', { name: 'Share card preview' });

    await form.getByLabel('Title *').pressSequentially('Monsoon in Munnar');
    await expect(search).toContainText('Monsoon in Munnar');
    await expect(search).toContainText('› monsoon-in-munnar');
    await form.getByLabel('Excerpt').fill('Tea estates, mist and waterfalls in the rains.');
    await expect(search).toContainText('Tea estates, mist and waterfalls in the rains.');
    await expect(card).toContainText('No image');

    await form.getByLabel('Meta Title').pressSequentially(LONG_TITLE);
    await expect(search.locator('[data-cut="true"]')).toHaveText(CUT_TITLE);
    await form
      .getByLabel('Meta Description')
      .pressSequentially('When to go to Munnar in the rains and what to see.');
    await expect(search).toContainText('When to go to Munnar in the rains and what to see.');
    await expect(search).not.toContainText('Tea estates, mist');

    // The cover just picked is the card's picture.
    await form.getByLabel('Choose an image file').setInputFiles(cover);
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1200);
    await expect(card).not.toContainText('No image');

    const seo = form.getByRole('group', { name: 'SEO', exact: true });
    await partShots(page, seo, 'search-preview-blog');
  });

  test("a saved itinerary: 'View structured data' shows its JSON-LD", async ({ page, request }) => {
    test.setTimeout(60_000);
    const run = `${Date.now()}`;
    const token = await apiLogin(request);
    const at = await createPlaceViaApi(request, token, {
      country: `Seoland ${run}`,
      // Three letters of this run (short names are unique).
      shortName: [...run.slice(-3)].map((d) => String.fromCharCode(65 + Number(d))).join(''),
      state: `Kerala ${run}`,
      place: `Kochi ${run}`,
    });
    const title = `Spice Route ${run}`;
    await createItineraryViaApi(request, token, at, {
      title,
      pricePerPerson: 25000,
      metaTitle: 'Spice route of Kerala',
    });
    await signIn(page);
    await page.getByRole('link', { name: 'Manage Itineraries' }).click();
    await page.getByPlaceholder('Search by title, description, or type...').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Itinerary' });
    await expect(form.locator('[data-seo="title"]')).toHaveText('Spice route of Kerala');
    await form.getByRole('button', { name: 'View structured data' }).click();
    const panel = form.getByRole('region', { name: 'Structured data (JSON-LD)' });
    await expect(panel).toContainText('"@type": "TouristTrip"');
    await expect(panel).toContainText(`"name": "${title}"`);
    await expect(panel).toContainText('"priceCurrency": "INR"');
    await expect(form.getByRole('button', { name: 'Copy JSON-LD' })).toBeVisible();
  });
});
