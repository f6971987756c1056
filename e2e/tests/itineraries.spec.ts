import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiLogin,
  chooseInMultiSelect,
  createPlaceViaApi,
  setScheme,
  shot,
  signIn,
  makePhoto,
  useTempDir,
} from './fixtures.js';

/** Two real 800×600 photos (JPEG and PNG), as a person would upload. */
const makeImages = (dir: string) =>
  Promise.all([
    makePhoto(dir, 'baga-sunset.jpg', { r: 230, g: 120, b: 40 }),
    makePhoto(dir, 'fort-aguada.png', { r: 120, g: 90, b: 60 }),
  ]);

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

const dayTitles = (form: Locator) =>
  form
    .getByLabel(/^Day \d+ title$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** Scrolls the dialog and waits for two frames, so the screenshot shows the repainted view. */
async function scrollDialog(form: Locator, to: 'top' | 'bottom') {
  await form.evaluate(async (dialog, where) => {
    dialog.scrollTop = where === 'top' ? 0 : dialog.scrollHeight;
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
    });
  }, to);
}

/** The form's top and, scrolled down inside the dialog, its bottom. */
async function formShots(page: Page, form: Locator, name: string) {
  await scrollDialog(form, 'top');
  await shot(page, `${name}-top`);
  await scrollDialog(form, 'bottom');
  await shot(page, `${name}-bottom`);
  await scrollDialog(form, 'top');
}

test.describe('Itinerary Management', () => {
  const tmp = useTempDir('safarnama-e2e-itineraries-');

  test('create, edit to private, reorder days, toggle, gallery, search and delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');
    const run = `${Date.now()}`;
    const token = await apiLogin(request);
    const names = {
      country: `Tourland ${run}`,
      shortName: letters(3),
      state: `Goa ${run}`,
      place: `Panaji ${run}`,
    };
    await createPlaceViaApi(request, token, names);
    const files = await makeImages(tmp());
    const title = `Goa Beach Escape ${run}`;

    await signIn(page);
    await page.getByRole('link', { name: 'Manage Itineraries' }).click();
    await expect(page).toHaveURL(/\/services\/itineraries$/);
    // The tab is titled with the route's name in spec §2.
    await expect(page).toHaveTitle('Manage Itineraries · Safarnama');
    await expect(page.getByRole('heading', { name: 'Itinerary Management' })).toBeVisible();
    const search = page.getByPlaceholder('Search by title, description, or type...');
    await expect(search).toBeVisible();

    // Create: the required fields are checked in the form first.
    await page.getByRole('button', { name: 'Add New Itinerary' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Itinerary' });
    await form.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Choose at least one language')).toBeVisible();

    await form.getByLabel('Title *', { exact: true }).fill(title);
    await expect(form.getByLabel('Duration *')).toHaveAttribute('placeholder', '7 Days / 6 Nights');
    await form.getByLabel('Duration *').fill('5 Days / 4 Nights');
    await expect(form.getByLabel('Type *')).toHaveValue('Adventure');
    await form.getByLabel('Type *').selectOption('Beach');
    await form.getByLabel('Group Size *').fill('12');
    await chooseInMultiSelect(form, 'Languages *', 'languages', ['English', 'Hindi']);
    await form.getByLabel('Price per Person (₹) *').fill('125000');
    await expect(form.getByLabel('Visibility *')).toHaveValue('public');
    await expect(form.getByText('Hold Ctrl/Cmd to select multiple months')).toBeVisible();
    await chooseInMultiSelect(form, 'Months', 'months', ['Mar', 'Nov']);

    const editor = form.getByRole('textbox', { name: 'Tour Description' });
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type('Five sunny days on the beaches and in the old churches of Goa.');
    await expect(editor).toContainText('Five sunny days');

    await form.getByLabel('Meta Title').fill('Goa beach holiday');
    await form.getByLabel('Meta Description').fill('Five days of sun, sand and Goan food.');

    // Location: State and Place wait for their parent.
    await expect(form.getByLabel('State *', { exact: true })).toBeDisabled();
    await expect(form.getByLabel('Place *', { exact: true })).toBeDisabled();
    await form
      .getByLabel('Country *', { exact: true })
      .selectOption({ label: `${names.country} (${names.shortName})` });
    await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
    await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });

    // Three days and two FAQs.
    const addDay = form.getByRole('button', { name: 'Add Day' });
    for (let n = 0; n < 3; n += 1) await addDay.click();
    expect(await dayTitles(form)).toEqual(['Day 1', 'Day 2', 'Day 3']);
    await form.getByLabel('Day 1 description').fill('Arrive in Panaji, evening at Miramar.');
    await form.getByLabel('Day 2 description').fill('Old Goa churches and a spice farm.');
    await form.getByLabel('Day 3 description').fill('Baga beach, then fly home.');
    await expect(form.getByLabel('Day 1 description')).toHaveAttribute(
      'placeholder',
      'Describe the activities for this day...',
    );
    const addFaq = form.getByRole('button', { name: 'Add FAQ' });
    await addFaq.click();
    await addFaq.click();
    await form.getByLabel('Question 1').fill('Is breakfast included?');
    await form.getByLabel('Answer 1').fill('Yes, every morning.');
    await form.getByLabel('Question 2').fill('Is the airport transfer included?');
    await form.getByLabel('Answer 2').fill('Yes, both ways.');

    await formShots(page, form, 'itineraries-form-light');
    await setScheme(page, 'dark');
    await formShots(page, form, 'itineraries-form-dark');
    await setScheme(page, 'light');

    await form.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(page.getByText('Itinerary created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('₹1,25,000');
    await expect(row).toContainText(`${names.place}, ${names.state}, ${names.country}`);
    await expect(row).toContainText('5 Days / 4 Nights');
    await expect(row).toContainText('Beach');
    await expect(row.getByRole('button', { name: 'Manage Gallery (0)' })).toBeVisible();

    // Edit to private: SEO and FAQs go away, and stay away after saving.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Itinerary' });
    await expect(edit.getByLabel('Title *', { exact: true })).toHaveValue(title);
    await expect(edit.getByRole('textbox', { name: 'Tour Description' })).toContainText(
      'Five sunny days',
    );
    await expect(edit.getByLabel('Place *', { exact: true })).toHaveValue(/\S/);
    await expect(edit.getByRole('heading', { name: 'SEO Optimization' })).toBeVisible();
    await expect(edit.getByRole('heading', { name: 'FAQs' })).toBeVisible();
    await edit.getByLabel('Visibility *').selectOption('private');
    await expect(edit.getByRole('heading', { name: 'SEO Optimization' })).toHaveCount(0);
    await expect(edit.getByRole('heading', { name: 'FAQs' })).toHaveCount(0);
    await edit.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(page.getByText('Itinerary updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();

    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(edit.getByLabel('Visibility *')).toHaveValue('private');
    await expect(edit.getByRole('heading', { name: 'SEO Optimization' })).toHaveCount(0);
    await expect(edit.getByRole('heading', { name: 'FAQs' })).toHaveCount(0);

    // Reorder the days with 'Move up' (the third to the top, one place at a time); the order
    // survives a save. (The pointer drag of a day is covered by the web tests' SortableArea.)
    expect(await dayTitles(edit)).toEqual(['Day 1', 'Day 2', 'Day 3']);
    await edit
      .getByRole('listitem', { name: 'Day 3' })
      .getByRole('button', { name: 'Move up' })
      .click();
    await expect.poll(() => dayTitles(edit)).toEqual(['Day 1', 'Day 3', 'Day 2']);
    await edit
      .getByRole('listitem', { name: 'Day 2' })
      .getByRole('button', { name: 'Move up' })
      .click();
    await expect.poll(() => dayTitles(edit)).toEqual(['Day 3', 'Day 1', 'Day 2']);
    await expect(edit.getByLabel('Day 1 description')).toHaveValue('Baga beach, then fly home.');
    await edit.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(page.getByText('Itinerary updated successfully!').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => dayTitles(edit)).toEqual(['Day 3', 'Day 1', 'Day 2']);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Status: Active → Inactive → Active.
    await row.getByRole('button', { name: /^Active/ }).click();
    await expect(row.getByRole('button', { name: /^Inactive/ })).toHaveText('Inactive');
    await row.getByRole('button', { name: /^Inactive/ }).click();
    await expect(row.getByRole('button', { name: /^Active/ })).toHaveText('Active');

    // Gallery: two images with alt text, then remove one.
    await row.getByRole('button', { name: 'Manage Gallery (0)' }).click();
    const gallery = page.getByRole('dialog', { name: `Gallery - ${title}` });
    await expect(gallery.getByRole('heading', { name: 'Add New Images' })).toBeVisible();
    await gallery.getByLabel('Choose image files').setInputFiles(files);
    await expect(gallery.getByText('ALT text helps with SEO and screen readers')).toBeVisible();
    await gallery.getByLabel('Alt text for baga-sunset.jpg').fill('Sunset at Baga beach');
    await gallery.getByLabel('Alt text for fort-aguada.png').fill('Fort Aguada walls');
    await gallery.getByRole('button', { name: 'Upload Images' }).click();
    await expect(page.getByText('Gallery updated successfully')).toBeVisible();
    const images = gallery.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
    await expect(images).toHaveCount(2);
    await expect(gallery.getByText('Sunset at Baga beach')).toBeVisible();
    await expect
      .poll(() =>
        images
          .first()
          .getByRole('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await images.first().hover();
    await shot(page, 'itineraries-gallery-light');
    await setScheme(page, 'dark');
    await shot(page, 'itineraries-gallery-dark');
    await setScheme(page, 'light');

    await images.first().hover();
    await gallery.getByRole('button', { name: /^Remove image 1/ }).click();
    const confirmRemove = page.getByRole('alertdialog');
    await expect(
      confirmRemove.getByText('Are you sure you want to remove this image?'),
    ).toBeVisible();
    await confirmRemove.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Image removed successfully')).toBeVisible();
    await expect(images).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();
    await expect(row.getByRole('button', { name: 'Manage Gallery (1)' })).toBeVisible();

    // Search: by title, and a term nothing matches.
    await search.fill(title);
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await search.fill('zzz-no-such-itinerary');
    await expect(page.getByText('No itineraries found')).toBeVisible();
    await search.fill('');
    await expect(row).toBeVisible();

    await shot(page, 'itineraries-light');
    await setScheme(page, 'dark');
    await shot(page, 'itineraries-dark');
    await setScheme(page, 'light');

    // Delete, after the confirmation of spec §8.
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText('Are you sure you want to delete this itinerary?'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});
