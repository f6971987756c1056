import { expect, test, type Page } from '@playwright/test';
import { ITINERARY_TEXTS, PRESENCE_TEXTS } from '@safarnama/contract';
import { createActiveAdmin, signInAs } from './account-helpers.js';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  setScheme,
  shot,
  signIn,
} from './fixtures.js';

// Issue 21, presence: while an admin has an itinerary's edit form open, the others see
// "<name> is editing" on its row and inside their own form; it goes within a few seconds when
// the form closes or the tab dies. Two browser contexts: an admin of its own (the editor, whose
// name we know) and the e2e super admin (the viewer).

const suffix = Array.from({ length: 5 }, () =>
  String.fromCharCode(65 + Math.floor(Math.random() * 26)),
).join('');

async function openItineraries(page: Page, title: string): Promise<void> {
  await page.goto('/services/itineraries');
  await page.getByPlaceholder('Search by title, description, or type...').fill(title);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
}

test('the row and the form say who is editing; closing the form or the tab clears it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const at = await createPlaceViaApi(request, token, {
    country: `Presenceland ${suffix}`,
    shortName: 'PL',
    state: `Presence State ${suffix}`,
    place: `Presence Place ${suffix}`,
  });
  const title = `Shared Trip ${suffix}`;
  await createItineraryViaApi(request, token, at, { title });

  // The editor: an admin of its own, signed in in this test's page.
  const editor = await createActiveAdmin(page, request, 'Presence');
  await signInAs(page, editor);
  const editing = PRESENCE_TEXTS.editing([editor.name]);

  // The viewer: the e2e super admin in a second browser.
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const viewer = await viewerContext.newPage();
  await signIn(viewer);
  await openItineraries(viewer, title);
  const viewerRow = viewer.getByRole('row').filter({ hasText: title });
  await expect(viewerRow.getByText(editing)).toHaveCount(0);

  // The editor opens the edit form: the viewer's row says so, without a reload.
  await openItineraries(page, title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page.getByRole('dialog', { name: ITINERARY_TEXTS.editTitle });
  await expect(form.getByLabel('Title *', { exact: true })).toHaveValue(title);
  await expect(viewerRow.getByText(editing)).toBeVisible({ timeout: 5_000 });
  await setScheme(viewer, 'light');
  await shot(viewer, 'presence-row-light', { fullPage: false });
  await setScheme(viewer, 'dark');
  await shot(viewer, 'presence-row-dark', { fullPage: false });
  await setScheme(viewer, 'light');

  // The viewer opens the same form: the note inside it names the editor.
  await viewerRow.getByRole('button', { name: `Edit ${title}` }).click();
  const viewerForm = viewer.getByRole('dialog', { name: ITINERARY_TEXTS.editTitle });
  await expect(viewerForm.getByText(editing)).toBeVisible({ timeout: 5_000 });
  await shot(viewer, 'presence-form-light', { fullPage: false });
  await viewer.keyboard.press('Escape'); // nothing typed: closes at once
  await expect(viewerForm).toBeHidden();

  // The editor closes the form: the badge is gone within a few seconds.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(viewerRow.getByText(editing)).toBeHidden({ timeout: 5_000 });

  // Open again, then the editor's tab dies: gone within a few seconds as well.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(form).toBeVisible();
  await expect(viewerRow.getByText(editing)).toBeVisible({ timeout: 5_000 });
  await page.close();
  await expect(viewerRow.getByText(editing)).toBeHidden({ timeout: 5_000 });

  await viewerContext.close();
});
