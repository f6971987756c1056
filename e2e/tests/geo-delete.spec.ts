import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { apiLogin, shotBoth, signIn } from './fixtures.js';

/** The one row of a list page after searching for `text`. */
async function findRow(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(text);
  return rows.first();
}

/** Clicks the row's Delete and confirms 'Delete <name>?'. */
async function deleteRow(page: Page, name: string, noun: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${noun}` });
  await expect(confirm.getByText(`Delete ${name}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
}

test.describe('Deleting geography (issue 20)', () => {
  test('a country with a state is refused with the state named; once the state is gone it deletes', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    const stamp = Date.now().toString(36).toUpperCase();
    const country = `Doomland ${stamp}`;
    const state = `Lastshire ${stamp}`;

    // Seed through the API: a country with one state.
    const token = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    const added = await request.post(API_PATHS.service.addCountry, {
      headers,
      multipart: { name: country, shortName: 'DL' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { data } = (await added.json()) as { data: { data: { _id: string } } };
    const stateAdded = await request.post(API_PATHS.service.addState, {
      headers,
      multipart: { name: state, countryId: data.data._id },
    });
    expect(stateAdded.status(), await stateAdded.text()).toBe(201);

    await signIn(page);

    // The country is refused: the dialog lists the state by name.
    await page.goto('/services/addCountries');
    await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
    await findRow(page, 'Search by name or short name...', country);
    await deleteRow(page, country, 'Country');
    const refused = page.getByRole('dialog', { name: `${country} cannot be deleted` });
    await expect(refused).toBeVisible();
    await expect(refused.getByText('This country is used by 1 state')).toBeVisible();
    const states = refused.getByRole('region', { name: 'States (1)' });
    await expect(states.getByRole('listitem')).toHaveText([state]);
    await shotBoth(page, 'geo-delete-refused', { settle: refused });
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(refused).toBeHidden();
    await expect(page.locator('tbody tr').first()).toContainText(country);

    // Delete the state, then the country goes.
    await page.goto('/services/addStates');
    await expect(page.getByRole('heading', { name: 'States', level: 1 })).toBeVisible();
    await findRow(page, 'Search by state or country...', state);
    await deleteRow(page, state, 'State');
    await expect(page.getByText('State deleted successfully').first()).toBeVisible();
    await expect(page.getByText('No states found')).toBeVisible();

    await page.goto('/services/addCountries');
    await findRow(page, 'Search by name or short name...', country);
    await deleteRow(page, country, 'Country');
    await expect(page.getByText('Country deleted successfully').first()).toBeVisible();
    await expect(page.getByText('No countries found')).toBeVisible();
    await page.getByPlaceholder('Search by name or short name...').fill('');
    await expect(page.locator('tbody')).not.toContainText(country);
  });
});
