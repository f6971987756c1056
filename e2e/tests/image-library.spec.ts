import { expect, test, type Locator } from '@playwright/test';
import { drag, shot, signIn, makePhoto, useTempDir } from './fixtures.js';

/** Three real 800×600 photos, JPEG and PNG. */
const makeImages = (dir: string) =>
  Promise.all([
    makePhoto(dir, 'red-fort.jpg', { r: 200, g: 40, b: 40 }),
    makePhoto(dir, 'green-hills.png', { r: 40, g: 160, b: 70 }),
    makePhoto(dir, 'blue-sea.jpg', { r: 30, g: 90, b: 200 }),
  ]);

const altTextsOf = async (dialog: Locator) =>
  dialog
    .getByLabel(/^Alt text/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test.describe('Image Library', () => {
  const tmp = useTempDir('safarnama-e2e-');

  test('create, upload three images, reorder, reload, toggle, search and delete', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    const files = await makeImages(tmp());
    const title = `E2E Monsoon ${Date.now()}`;

    await signIn(page);
    await page.getByRole('link', { name: 'Image Library' }).click();
    await expect(page).toHaveURL(/\/services\/image-library$/);
    await expect(page.getByRole('heading', { name: 'Image Library Management' })).toBeVisible();
    const search = page.getByPlaceholder('Search by title, description, or month...');
    await expect(search).toBeVisible();

    // Create: an empty title is refused in the form, then a real one is saved.
    await page.getByRole('button', { name: 'Add New Library' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Image Library' });
    await form.getByRole('button', { name: 'Save Library' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await form.getByLabel('Title *').fill(`  ${title}  `);
    await form
      .getByLabel('Description')
      .fill('Green hills and grey skies: the Western Ghats in the rains.');
    await form.getByLabel('Month').selectOption('July');
    await shot(page, 'image-library-form-light');
    await form.getByRole('button', { name: 'Save Library' }).click();
    await expect(page.getByText('Image library created successfully!')).toBeVisible();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('July');
    await expect(row).toContainText('0 images');
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    // Manage Images: three real files with alt text, then drag the third to the front.
    await row.getByRole('button', { name: 'Manage Images' }).click();
    const manager = page.getByRole('dialog', { name: `Manage Images for "${title}"` });
    await expect(manager.getByText('No images yet. Add some above.')).toBeVisible();
    await manager.getByLabel('Choose image files').setInputFiles(files);
    const cards = manager.getByRole('list', { name: 'Images' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const alts = manager.getByLabel(/^Alt text/);
    await alts.nth(0).fill('Red fort at noon');
    await alts.nth(1).fill('Green hills in the rain');
    await alts.nth(2).fill('Blue sea from the cliff');

    await drag(
      page,
      manager.getByRole('button', { name: 'Drag to reorder image 3' }),
      cards.nth(0),
      'x',
    );
    await expect
      .poll(() => altTextsOf(manager))
      .toEqual(['Blue sea from the cliff', 'Red fort at noon', 'Green hills in the rain']);
    await shot(page, 'image-library-manager-light');

    await manager.getByRole('button', { name: 'Save Images' }).click();
    await expect(page.getByText('Images updated successfully!')).toBeVisible();
    await expect(manager).toBeHidden();
    await expect(row).toContainText('3 images');

    // The order survives a reload.
    await page.reload();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Manage Images' }).click();
    await expect(cards).toHaveCount(3);
    expect(await altTextsOf(manager)).toEqual([
      'Blue sea from the cliff',
      'Red fort at noon',
      'Green hills in the rain',
    ]);
    // The previews are the server's stored images, and they load.
    await expect
      .poll(() =>
        cards
          .first()
          .getByRole('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await manager.getByRole('button', { name: 'Cancel' }).click();
    await expect(manager).toBeHidden();

    // Status: Deactivate → inactive → Activate.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('inactive', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    await shot(page, 'image-library-light');

    // Search: by title, and a term nothing matches.
    await search.fill(title);
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await search.fill('zzz-no-such-library');
    await expect(page.getByText('No image libraries found')).toBeVisible();
    await search.fill('');
    await expect(row).toBeVisible();

    // Dark theme screenshots of the page and both modals.
    await page.getByLabel('Theme').first().selectOption('dark');
    await shot(page, 'image-library-dark');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Image Library' });
    await expect(edit.getByLabel('Title *')).toHaveValue(title);
    await shot(page, 'image-library-form-dark');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: 'Manage Images' }).click();
    await expect(cards).toHaveCount(3);
    await expect
      .poll(() =>
        cards
          .last()
          .getByRole('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(page, 'image-library-manager-dark');
    await page.keyboard.press('Escape');
    await expect(manager).toBeHidden();
    await page.getByLabel('Theme').first().selectOption('light');

    // Delete, after the confirmation of spec §8.
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText('Are you sure you want to delete this image library?'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});
