import { expect, test, type Page } from '@playwright/test';
import { createActiveAdmin, signInAs } from './account-helpers.js';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  setScheme,
  shot,
  signIn,
} from './fixtures.js';

/**
 * Issue 21, no lost edits: two admins edit the same itinerary. The first saves a new title; the
 * second, whose form still holds the old one, changes the price and saves. The server refuses
 * the stale save (409 EDIT_CONFLICT); the dialog names the first admin and shows the title
 * side by side; the second keeps their title and their own price, and the list shows both.
 */

/** Opens the itinerary's edit form from the list, found through the search box. */
async function openEdit(page: Page, title: string) {
  await page.goto('/services/itineraries');
  await page.getByPlaceholder('Search by title, description, or type...').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Itinerary' });
  await expect(form.getByLabel('Title *', { exact: true })).toHaveValue(title);
  return form;
}

test('a stale save opens the conflict dialog, and the merge keeps both changes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`.slice(-7);
  const token = await apiLogin(request);
  const place = await createPlaceViaApi(request, token, {
    country: `Conflictland ${run}`,
    shortName: 'CFL',
    state: `Conflict State ${run}`,
    place: `Conflict Place ${run}`,
  });
  const title = `Backwater Cruise ${run}`;
  const newTitle = `Backwater Cruise Deluxe ${run}`;
  await createItineraryViaApi(request, token, place, { title, pricePerPerson: 50_000 });

  // The second admin (a Super Admin of their own) in a browser of their own.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const them = await otherContext.newPage();
  try {
    const editor = await createActiveAdmin(them, request, 'Editor');
    await signInAs(them, editor);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);

    // Both open the same itinerary's edit form (version 1).
    const mine = await openEdit(them, title);
    const first = await openEdit(page, title);

    // The first admin (the e2e Super Admin) saves a new title.
    await first.getByLabel('Title *', { exact: true }).fill(newTitle);
    await first.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(page.getByText('Itinerary updated successfully!').first()).toBeVisible();
    await expect(first).toBeHidden();

    // The second admin changes the price in the form they opened before, and saves.
    await mine.getByLabel('Price per Person (₹) *').fill('99000');
    await mine.getByRole('button', { name: 'Save Itinerary' }).click();
    const conflict = them.getByRole('dialog', { name: 'Someone else saved this itinerary' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(/Super Admin saved it at \w{3} \d{1,2}, \d{4}, /);
    // Only what differs: the title (theirs new, mine old) and the price (mine new).
    const titleRow = conflict.getByRole('group', { name: 'Title' });
    const priceRow = conflict.getByRole('group', { name: 'Price per person' });
    await expect(conflict.getByRole('group')).toHaveCount(2);
    await expect(titleRow.getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      new RegExp(newTitle),
    );
    await expect(titleRow.getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(
      new RegExp(`${title}$`),
    );
    await expect(priceRow.getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(/₹99,000/);
    // Each row starts on the side that changed it; pick them explicitly as a person would.
    await titleRow.getByRole('radio', { name: /^Theirs/ }).check();
    await priceRow.getByRole('radio', { name: /^Mine/ }).check();

    // The dialog at 390 px wide in both themes: nothing wider than the window.
    await them.setViewportSize({ width: 390, height: 844 });
    const box = await conflict.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await shot(them, 'edit-conflict-390-light', { fullPage: false });
    await setScheme(them, 'dark');
    await shot(them, 'edit-conflict-390-dark', { fullPage: false });
    await setScheme(them, 'light');
    await them.setViewportSize({ width: 1280, height: 900 });

    await conflict.getByRole('button', { name: 'Save merged' }).click();
    await expect(them.getByText('Itinerary updated successfully!').first()).toBeVisible();
    await expect(conflict).toBeHidden();
    await expect(mine).toBeHidden();

    // Both changes are in the list, for either admin.
    for (const viewer of [them, page]) {
      await viewer.goto('/services/itineraries');
      await viewer.getByPlaceholder('Search by title, description, or type...').fill(newTitle);
      const row = viewer.getByRole('row').filter({ hasText: newTitle });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('₹99,000');
    }
  } finally {
    await otherContext.close();
  }
});
