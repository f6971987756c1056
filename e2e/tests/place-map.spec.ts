import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, createPlaceViaApi, setScheme, shotBoth, signIn } from './fixtures.js';

/**
 * Issue 22: a place's location picked on the map. No tile server is reachable here, so the test
 * refuses every tile request: the map must still work on its plain background (markers, clicks).
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

async function openPlaces(page: Page) {
  await page.getByRole('link', { name: 'Places', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/addPlaces$/);
  await expect(page.getByRole('heading', { name: 'Places', level: 1 })).toBeVisible();
}

/** The form's map once its lazy chunk has drawn it. */
async function mapOf(form: Locator) {
  const map = form.getByRole('region', { name: 'Place location map' });
  await expect(map.locator('.leaflet-container')).toBeVisible();
  return map;
}

async function coordinates(form: Locator) {
  return {
    latitude: await form.getByLabel('Latitude', { exact: true }).inputValue(),
    longitude: await form.getByLabel('Longitude', { exact: true }).inputValue(),
  };
}

/** Scrolls the form to its end: the whole map, its hint and its attribution in view. */
async function showMap(form: Locator) {
  await form.evaluate((dialog) => {
    dialog.scrollTo(0, dialog.scrollHeight);
  });
}

/** Serious or critical axe findings inside the dialog (WCAG 2.2 AA). */
async function axeIssues(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('Places on a map', () => {
  test('set a place on the map by clicking, save, reopen and see it; clear it again', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const tiles: string[] = [];
    await page.route('**/tile.openstreetmap.org/**', async (route) => {
      tiles.push(route.request().url());
      await route.abort();
    });
    const stamp = Date.now().toString(36).toUpperCase();
    const letters = stamp
      .replace(/[^A-Z]/g, '')
      .padEnd(3, 'M')
      .slice(0, 3);
    const names = {
      country: `Mapland ${stamp}`,
      shortName: letters,
      state: `Gridshire ${stamp}`,
      place: `Old Harbour ${stamp}`,
    };
    const placeName = `Lighthouse Point ${stamp}`;
    await createPlaceViaApi(request, await apiLogin(request), names);

    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page);
    await openPlaces(page);
    await page.getByRole('button', { name: 'Add Place' }).click();
    const form = page.getByRole('dialog', { name: 'Add Place' });
    await form.getByLabel('Name *', { exact: true }).fill(placeName);
    await form
      .getByLabel('Country *', { exact: true })
      .selectOption({ label: `${names.country} (${names.shortName})` });
    await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });

    // A click on the map sets both coordinates and draws one marker there.
    const map = await mapOf(form);
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('.route-marker')).toHaveCount(0);
    await map.click();
    await expect(form.getByLabel('Latitude', { exact: true })).toHaveValue(DECIMAL);
    await expect(form.getByLabel('Longitude', { exact: true })).toHaveValue(DECIMAL);
    await expect(map.locator('.route-marker')).toHaveCount(1);
    const first = await coordinates(form);

    // A second click elsewhere moves the one marker.
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no size');
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.35 } });
    await expect(form.getByLabel('Latitude', { exact: true })).not.toHaveValue(first.latitude);
    await expect(map.locator('.route-marker')).toHaveCount(1);
    const clicked = await coordinates(form);
    expect(Number(clicked.latitude)).toBeGreaterThan(Number(first.latitude));
    expect(Number(clicked.longitude)).toBeLessThan(Number(first.longitude));

    // Dragging the marker to the right moves the place east, the latitude about the same.
    const marker = await map.locator('.route-marker').boundingBox();
    if (!marker) throw new Error('the marker has no box');
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    await page.mouse.down();
    await page.mouse.move(marker.x + marker.width / 2 + 40, marker.y + marker.height / 2, {
      steps: 8,
    });
    await page.mouse.move(marker.x + marker.width / 2 + 80, marker.y + marker.height / 2, {
      steps: 8,
    });
    await page.mouse.up();
    await expect(form.getByLabel('Longitude', { exact: true })).not.toHaveValue(clicked.longitude);
    const picked = await coordinates(form);
    expect(Number(picked.longitude)).toBeGreaterThan(Number(clicked.longitude));
    expect(Math.abs(Number(picked.latitude) - Number(clicked.latitude))).toBeLessThan(1);
    await expect(map.locator('.route-marker')).toHaveCount(1);
    // The tiles were asked for (and refused): the markers do not depend on them.
    expect(tiles.length).toBeGreaterThan(0);
    await expect(map).toContainText('OpenStreetMap contributors');

    await showMap(form);
    await map.hover({ position: { x: 10, y: 10 } });
    await shotBoth(page, 'place-map-form', { settle: map.locator('.route-marker') });
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      expect(await axeIssues(page), scheme).toEqual([]);
    }
    await setScheme(page, 'light');

    await form.getByRole('button', { name: 'Save Place' }).click();
    await expect(page.getByText('Place added successfully').first()).toBeVisible();
    await expect(form).toBeHidden();

    // Reopened, the form shows the saved coordinates and the marker.
    await page.getByPlaceholder('Search by place, state or country...').fill(placeName);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: `Edit ${placeName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Place' });
    await expect(edit.getByLabel('Latitude', { exact: true })).toHaveValue(picked.latitude);
    await expect(edit.getByLabel('Longitude', { exact: true })).toHaveValue(picked.longitude);
    const editMap = await mapOf(edit);
    await expect(editMap.locator('.route-marker')).toHaveCount(1);
    await showMap(edit);
    await editMap.locator('.route-marker').hover();
    await expect(page.getByRole('tooltip')).toContainText(placeName);
    await shotBoth(page, 'place-map-edit', { settle: editMap.locator('.route-marker') });

    // Clear location: saved without coordinates, reopened empty.
    await edit.getByRole('button', { name: 'Clear location' }).click();
    await expect(editMap.locator('.route-marker')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Save Place' }).click();
    await expect(page.getByText('Place updated successfully').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: `Edit ${placeName}` }).click();
    const again = page.getByRole('dialog', { name: 'Edit Place' });
    await expect(again.getByLabel('Latitude', { exact: true })).toHaveValue('');
    await expect(again.getByLabel('Longitude', { exact: true })).toHaveValue('');
    await expect((await mapOf(again)).locator('.route-marker')).toHaveCount(0);
  });
});
