import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  UNSAVED_CHANGES_TEXTS as T,
} from '@safarnama/contract';
import { apiLogin, createPlaceViaApi, setScheme, shot, signIn } from './fixtures.js';

// Issue 20, "lost work": unsaved changes are asked about before a modal closes or a page is left,
// and a long modal keeps Save and Cancel in view.

const suffix = Array.from({ length: 5 }, () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26)),
).join('');

const question = (page: Page) => page.getByRole('alertdialog', { name: T.title });

async function openItineraryForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add New Itinerary' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Itinerary' });
  await expect(form.getByLabel('Title *', { exact: true })).toBeVisible();
  return form;
}

test('a dirty itinerary form asks before Escape closes it; Keep editing keeps the text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
  await signIn(page);
  await page.getByRole('link', { name: 'Manage Itineraries' }).click();
  await expect(page).toHaveURL(/\/services\/itineraries$/);

  // Nothing typed: Escape closes at once.
  let form = await openItineraryForm(page);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(question(page)).toHaveCount(0);

  form = await openItineraryForm(page);
  const title = form.getByLabel('Title *', { exact: true });
  await title.fill(`Half-written trip ${suffix}`);
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText(T.message);
  await shot(page, 'unsaved-changes-modal-light', { fullPage: false });
  await setScheme(page, 'dark');
  await shot(page, 'unsaved-changes-modal-dark', { fullPage: false });
  await setScheme(page, 'light');

  await question(page).getByRole('button', { name: T.keepEditing }).click();
  await expect(question(page)).toBeHidden();
  await expect(form).toBeVisible();
  await expect(title).toHaveValue(`Half-written trip ${suffix}`);

  // Cancel asks the same; Discard closes and nothing is saved.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await question(page).getByRole('button', { name: T.discard }).click();
  await expect(form).toBeHidden();
  await page.getByPlaceholder('Search by title, description, or type...').fill(suffix);
  await expect(page.getByText(`Half-written trip ${suffix}`)).toHaveCount(0);
});

test('homepage settings with a change not saved: a sidebar link and closing the tab ask first', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A published blog of our own to choose (when the saved selection has none to remove).
  const token = await apiLogin(request);
  const { country, state, place } = await createPlaceViaApi(request, token, {
    country: `Draftland ${suffix}`,
    shortName: 'DL',
    state: `Draft State ${suffix}`,
    place: `Draft Place ${suffix}`,
  });
  const blogTitle = `Unsaved Story ${suffix}`;
  const created = await request.post(API_PATHS.service.addBlog, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: {
      title: blogTitle,
      countryId: country._id,
      stateId: state._id,
      placeId: place._id,
      status: 'published',
      content: '<p>Story</p>',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
  await signIn(page);
  await page.getByRole('link', { name: 'Homepage Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Homepage Settings' })).toBeVisible();

  // One change, whatever the shared homepage holds: remove a chosen blog, else choose ours.
  const blogs = page.getByRole('region', { name: 'Travelpedia Blogs' });
  const selected = blogs.getByRole('list', { name: 'Selected blogs' });
  // The editor first: counted while the settings still load, the selection reads empty, and a
  // fourth blog chosen on a full selection changes nothing.
  await expect(
    blogs.getByRole('heading', { name: /^Travelpedia Blogs \(\d\/3 selected\)$/ }),
  ).toBeVisible();
  if ((await selected.count()) > 0) {
    await selected
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
  } else {
    await blogs.getByPlaceholder('Search blogs...').fill(blogTitle);
    await blogs
      .getByRole('list', { name: 'Available blogs' })
      .getByRole('button', { name: new RegExp(blogTitle) })
      .click();
  }
  await expect(page.getByText(T.pendingNote)).toBeVisible();
  // The save bar stays at the bottom of the window on this long page.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(question(page)).toBeVisible();
  await shot(page, 'unsaved-changes-route-light', { fullPage: false });
  await question(page).getByRole('button', { name: T.keepEditing }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/services\/homepage-settings$/);
  await expect(page.getByText(T.pendingNote)).toBeVisible();

  // Closing the tab (or a reload) gets the browser's own question; dismissing it stays.
  const beforeUnload = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await question(page).getByRole('button', { name: T.discard }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('at 390×844 a long modal keeps Save in view, and the end of the form is not covered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setScheme(page, 'light');
  await signIn(page);
  await page.goto('/services/itineraries');
  const form = await openItineraryForm(page);

  const save = form.getByRole('button', { name: 'Save Itinerary' });
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const box = await save.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await shot(page, 'sticky-form-actions-390-light', { fullPage: false });
  await setScheme(page, 'dark');
  await shot(page, 'sticky-form-actions-390-dark', { fullPage: false });
  await setScheme(page, 'light');

  // Scrolled to the end, the last control sits above the footer, not under it.
  await form.evaluate(async (dialog) => {
    dialog.scrollTop = dialog.scrollHeight;
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
    });
  });
  const last = form.getByRole('button', { name: 'Add FAQ' });
  const lastBox = await last.boundingBox();
  const footerBox = await save.evaluate((button) => {
    const rect = (button.parentElement ?? button).getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
  expect(lastBox).not.toBeNull();
  if (!lastBox) return;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(footerBox.top);
  expect(footerBox.bottom).toBeLessThanOrEqual(viewport.height);
});
