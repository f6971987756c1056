import { expect, test } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  MANAGE_MESSAGES,
} from '@safarnama/contract';
import { createActiveAdmin, submitLogin } from './account-helpers.js';
import { apiLogin, createPlaceViaApi, signIn } from './fixtures.js';

/**
 * Issue 20: a permission brings what its form needs. A role granted only "Itineraries · Create" in
 * the editor gets the geography view its Country list reads, so its admin sees countries there.
 */
test('a role granted only Itineraries · Create sees countries in the itinerary form', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = `${Date.now()}`.slice(-7);
  const token = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const names = {
    country: `Permland ${run}`,
    shortName: 'PMD',
    state: `Perm State ${run}`,
    place: `Perm Place ${run}`,
  };
  await createPlaceViaApi(request, token, names);
  const roleName = `Itinerary Writer ${run}`;
  const created = await request.post(API_PATHS.manage.addUserType, {
    headers,
    data: { data: { name: roleName, description: 'Creates itineraries only' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const role = ((await created.json()) as { data: { data: { _id: string } } }).data.data;

  // ── The super admin ticks only "Itineraries · Create": what it needs is ticked and locked.
  await signIn(page);
  await page.goto(`/add-role-permission?type=${role._id}`);
  await expect(page.getByRole('heading', { name: roleName, level: 2 })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Itineraries: create' }).check();
  const geography = page.getByRole('checkbox', { name: 'Countries, states & places: view' });
  await expect(geography).toBeChecked();
  await expect(geography).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Permissions needed by others' })).toContainText(
    'Countries, states & places · View: Needed by Itineraries · Create',
  );
  await page.getByRole('button', { name: 'Save Permissions' }).click();
  await expect(
    page.locator('.Toastify').getByText(MANAGE_MESSAGES.permissionsSaved, { exact: true }).first(),
  ).toBeVisible();

  // ── An admin of that role opens Add New Itinerary and finds the country in the list.
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const them = await writerContext.newPage();
  try {
    const writer = await createActiveAdmin(them, request, 'Writer', { userTypeId: role._id });
    await submitLogin(them, writer.email, writer.password);
    await expect(them.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await them.goto('/services/itineraries');
    await them.getByRole('button', { name: 'Add New Itinerary' }).click();
    const form = them.getByRole('dialog', { name: 'Create New Itinerary' });
    const country = form.getByLabel('Country *', { exact: true });
    await expect(
      country.getByRole('option', { name: `${names.country} (${names.shortName})` }),
    ).toBeAttached();
    await country.selectOption({ label: `${names.country} (${names.shortName})` });
    await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
    await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });
  } finally {
    await writerContext.close();
  }
});
