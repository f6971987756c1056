import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  dismissToasts,
  setScheme,
  shot,
  signIn,
} from './fixtures.js';

// Issue 21: an itinerary's History in its edit form: the versions, a readable diff, and
// 'Restore this version' (after a confirm) brings the first title back.

const suffix = Array.from({ length: 5 }, () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26)),
).join('');
const FIRST = `History Trail ${suffix}`;
const SECOND = `History Trail ${suffix} Revised`;
const THIRD = `History Trail ${suffix} Final`;

/** The row of `title` (not of a longer title that starts with it). */
const rowOf = (page: Page, title: string) =>
  [FIRST, SECOND, THIRD]
    .filter((other) => other !== title && other.startsWith(title))
    .reduce(
      (rows, other) => rows.filter({ hasNotText: other }),
      page.getByRole('row').filter({ hasText: title }),
    );

/** Opens the row's edit form, sets the title and saves. */
async function renameTo(page: Page, from: string, to: string): Promise<void> {
  await rowOf(page, from).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Itinerary' });
  const title = form.getByLabel('Title *', { exact: true });
  await expect(title).toHaveValue(from);
  await title.fill(to);
  await form.getByRole('button', { name: 'Save Itinerary' }).click();
  await expect(page.getByText('Itinerary updated successfully!').first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(rowOf(page, to)).toBeVisible();
}

const versionsOf = (history: Locator) => history.getByRole('list', { name: 'Versions' });

test('History in the edit form: the versions, the title diff, and the first version restored', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request);
  const at = await createPlaceViaApi(request, token, {
    country: `Historia ${suffix}`,
    shortName: 'HS',
    state: `History State ${suffix}`,
    place: `History Place ${suffix}`,
  });
  await createItineraryViaApi(request, token, at, { title: FIRST, pricePerPerson: 18_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
  await signIn(page);
  await page.getByRole('link', { name: 'Manage Itineraries' }).click();
  await expect(page).toHaveURL(/\/services\/itineraries$/);
  await page.getByPlaceholder('Search by title, description, or type...').fill(suffix);
  await expect(rowOf(page, FIRST)).toBeVisible();

  // Two edits of the title: versions 2 and 3.
  await renameTo(page, FIRST, SECOND);
  await renameTo(page, SECOND, THIRD);
  await dismissToasts(page);

  // The edit form's History.
  await rowOf(page, THIRD).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Itinerary' });
  await form.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toContainText(`Saved versions of “${THIRD}”, newest first.`);
  const versions = versionsOf(history);
  await expect(versions.getByRole('button')).toHaveCount(3);
  await expect(versions.getByRole('button').nth(0)).toContainText('v3 · Edited');
  await expect(versions.getByRole('button').nth(0)).toContainText('Current');
  await expect(versions.getByRole('button').nth(0)).toContainText('Title');
  await expect(versions.getByRole('button').nth(2)).toContainText('v1 · Created');

  // The newest change: its title before and after, side by side.
  const title = history.getByRole('region', { name: 'Title', exact: true });
  await expect(title).toContainText(`Before${SECOND}`);
  await expect(title).toContainText(`After${THIRD}`);
  await expect(history.getByRole('button', { name: 'Restore this version' })).toHaveCount(0);

  // Version 2: the first rename.
  await versions.getByRole('button', { name: /^v2/ }).click();
  await expect(title).toContainText(`Before${FIRST}`);
  await expect(title).toContainText(`After${SECOND}`);
  await shot(page, 'history-panel-light', { fullPage: false });
  await setScheme(page, 'dark');
  await shot(page, 'history-panel-dark', { fullPage: false });
  await setScheme(page, 'light');

  // Version 1, restored after the confirm.
  await versions.getByRole('button', { name: /^v1/ }).click();
  await expect(history.getByRole('region', { name: 'Title', exact: true })).toContainText(
    `Version 1${FIRST}`,
  );
  await history.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version' });
  await expect(confirm).toContainText(
    'Restore version 1? The current version stays in the history.',
  );
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version 1 restored. It is now version 4.')).toBeVisible();
  await expect(history).toBeHidden();
  await expect(form).toBeHidden();

  // The list and the form show the first title again; the history keeps every version.
  await expect(rowOf(page, FIRST)).toBeVisible();
  await expect(rowOf(page, THIRD)).toHaveCount(0);
  await rowOf(page, FIRST).getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Title *', { exact: true })).toHaveValue(FIRST);
  await form.getByRole('button', { name: 'History' }).click();
  await expect(versions.getByRole('button')).toHaveCount(4);
  await expect(versions.getByRole('button').nth(0)).toContainText('v4 · Restored');
  await expect(versions.getByRole('button').nth(0)).toContainText('Restored from v1');

  // Phone width: the list and the version stack, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(history.getByRole('region', { name: 'Title', exact: true })).toBeVisible();
  const overflow = await history.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'history-panel-390', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(form).toBeVisible();
});
