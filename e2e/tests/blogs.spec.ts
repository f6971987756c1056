import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, createPlaceViaApi, shot, signIn, makePhoto, useTempDir } from './fixtures.js';

/** A real 1200×600 JPEG cover. */
const makeCover = (dir: string) =>
  makePhoto(dir, 'munnar-cover.jpg', { r: 60, g: 170, b: 190 }, { width: 1200, height: 600 });

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

async function darkShot(page: Page, name: string, wait: Locator) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(wait).toBeVisible();
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
}

test.describe('Places Travelpedia', () => {
  const tmp = useTempDir('safarnama-e2e-blogs-');

  test('write a blog with the editor, publish it, find it through search and preview it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    const run = `${Date.now()}`;
    const token = await apiLogin(request);
    const names = {
      country: `Blogland ${run}`,
      shortName: letters(3),
      state: `Kerala ${run}`,
      place: `Munnar ${run}`,
    };
    await createPlaceViaApi(request, token, names);
    const cover = await makeCover(tmp());
    const title = `Monsoon in Munnar ${run}`;
    const slug = `monsoon-in-munnar-${run}`;

    await signIn(page);
    await page.getByRole('link', { name: 'Places Travelpedia' }).click();
    await expect(page).toHaveURL(/\/services\/addPlaceBlog$/);
    await expect(page.getByRole('heading', { name: 'Places Travelpedia' })).toBeVisible();
    const search = page.getByPlaceholder('Search blogs...');
    await expect(search).toBeVisible();

    // The form: title (slug follows it), place, content, cover, tags and SEO fields.
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const form = page.getByRole('dialog', { name: 'Add Blog' });
    await form.getByLabel('Title *').fill(title);
    await expect(form.getByLabel('Slug')).toHaveValue(slug);

    await form
      .getByLabel('Country *', { exact: true })
      .selectOption({ label: `${names.country} (${names.shortName})` });
    await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
    await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });
    await form.getByLabel('Excerpt').fill('Tea estates, mist and waterfalls in the rains.');

    // The rich-text editor, through its toolbar: a heading, a bullet list and a link.
    const editor = form.getByRole('textbox', { name: 'Content' });
    await expect(editor).toBeVisible();
    await editor.click();
    await form.getByRole('button', { name: 'H2' }).click();
    await expect(form.getByRole('button', { name: 'H2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Getting there');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The hills are green from June to September.');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Fly to Kochi');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Drive up the ghats');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Plan with ');
    await form.getByRole('button', { name: 'Link', exact: true }).click();
    const linkUrl = form.getByRole('textbox', { name: 'Link URL' });
    await linkUrl.fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Apply link' }).click();
    await expect(
      form.getByText('Enter a link starting with http://, https:// or mailto:'),
    ).toBeVisible();
    await linkUrl.fill('https://example.com/munnar-guide');
    await linkUrl.press('Enter');
    await expect(linkUrl).toBeHidden();
    await expect(editor.locator('h2')).toHaveText('Getting there');
    await expect(editor.locator('ul > li')).toHaveText(['Fly to Kochi', 'Drive up the ghats']);
    await expect(editor.locator('a[href="https://example.com/munnar-guide"]')).toBeVisible();

    await form.getByLabel('Choose an image file').setInputFiles(cover);
    await expect(form.getByRole('img', { name: 'Preview of munnar-cover.jpg' })).toBeVisible();

    const tags = form.getByLabel('Tags', { exact: true });
    await tags.fill('kerala');
    await tags.press('Enter');
    await tags.fill('monsoon');
    await tags.press('Enter');
    await expect(form.getByRole('button', { name: 'Remove tag kerala' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove tag monsoon' })).toBeVisible();

    await form.getByLabel('Meta Title').fill('Munnar in the monsoon: a travel guide');
    await expect(form.getByText('37/70')).toBeVisible();
    await form
      .getByLabel('Meta Description')
      .fill('When to go to Munnar in the rains, how to get there and what to see.');
    await expect(form.getByText('68/160')).toBeVisible();

    // A tall window shows the whole form in the screenshots.
    await page.setViewportSize({ width: 1280, height: 1800 });
    await shot(page, 'blogs-form');
    await darkShot(page, 'blogs-form', editor);
    await page.setViewportSize({ width: 1280, height: 720 });

    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Blog added successfully')).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await expect(row.getByText(slug)).toBeVisible();
    await expect(row.getByText(`${names.place}, ${names.state}, ${names.country}`)).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /\S/);

    // Search finds it (and only it); nonsense finds nothing.
    await search.fill('zzqxnothing');
    await expect(page.getByText('No blogs found')).toBeVisible();
    await search.fill(`Munnar ${run}`);
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await shot(page, 'blogs-page');
    await darkShot(page, 'blogs-page', row);

    // The preview renders the saved, server-sanitised article.
    await page.getByRole('button', { name: `Preview ${title}` }).click();
    const preview = page.getByRole('dialog', { name: 'Blog Preview' });
    const article = preview.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Getting there' })).toBeVisible();
    await expect(article.getByRole('listitem').filter({ hasText: 'Fly to Kochi' })).toBeVisible();
    await expect(
      article.getByRole('listitem').filter({ hasText: 'Drive up the ghats' }),
    ).toBeVisible();
    const link = article.getByRole('link', { name: 'https://example.com/munnar-guide' });
    await expect(link).toHaveAttribute('href', 'https://example.com/munnar-guide');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(article.getByText('#kerala')).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 1600 });
    await shot(page, 'blogs-preview');
    await darkShot(page, 'blogs-preview', article);
  });
});
