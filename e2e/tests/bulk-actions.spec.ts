import { expect, test } from '@playwright/test';
import { BULK_TEXTS as T } from '@safarnama/contract';
import {
  apiLogin,
  createItineraryViaApi,
  createPlaceViaApi,
  shotBoth,
  signIn,
} from './fixtures.js';

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join(
    '',
  );

test('bulk-deactivate three itineraries', async ({ page, request }) => {
  const run = `${Date.now()}`;
  const token = await apiLogin(request);
  const at = await createPlaceViaApi(request, token, {
    country: `Bulkland ${run}`,
    shortName: letters(3),
    state: `Bulk State ${run}`,
    place: `Bulk Town ${run}`,
  });
  // Four in a row: the first three are chosen (one click, then a shift-click for the range).
  const titles = ['A', 'B', 'C', 'D'].map((n) => `Bulk ${run} ${n}`);
  for (const title of [...titles].reverse()) {
    await createItineraryViaApi(request, token, at, { title });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/services/itineraries');
  // The search applies after its debounce, and a new search clears the selection: wait for the
  // filtered answer (the unfiltered first page may show the same four newest rows before it).
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('get-all-itineraries') &&
      new URL(response.url()).searchParams.get('search') === `Bulk ${run}`,
  );
  await page.getByPlaceholder('Search by title, description, or type...').fill(`Bulk ${run}`);
  await searched;
  const rowOf = (title: string) => page.getByRole('row').filter({ hasText: title });
  await expect(page.getByText('Page 1 of 1 · 4 itineraries')).toBeVisible();
  for (const title of titles) await expect(rowOf(title)).toBeVisible();

  await page.getByRole('checkbox', { name: T.selectRow(titles[0] ?? '') }).check();
  await page.getByRole('checkbox', { name: T.selectRow(titles[2] ?? '') }).click({
    modifiers: ['Shift'],
  });
  const bar = page.getByRole('region', { name: T.barLabel });
  await expect(bar.getByText(T.selected(3))).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: T.selectRow(titles[3] ?? '') }),
  ).not.toBeChecked();
  await shotBoth(page, 'bulk-selected', { fullPage: false });

  await bar.getByRole('button', { name: T.actions.deactivate }).click();
  await expect(bar.getByRole('status')).toHaveText('3 done');
  for (const title of titles.slice(0, 3)) {
    await expect(rowOf(title).getByRole('button', { name: /^Inactive: activate/ })).toBeVisible();
  }
  await expect(
    rowOf(titles[3] ?? '').getByRole('button', { name: /^Active: deactivate/ }),
  ).toBeVisible();
  await shotBoth(page, 'bulk-done', { fullPage: false, withoutToasts: true });
});
