import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  MARKETING_MESSAGES,
  type ScheduledNotification,
  type ScheduledNotificationList,
} from '@safarnama/contract';
import {
  apiLogin,
  chooseInMultiSelect,
  createPlaceViaApi,
  makePhoto,
  multiSelectChips,
  setScheme,
  shot,
  signIn,
  useTempDir,
} from './fixtures.js';

/**
 * Issue 20, everyday UX: Languages and Months as searchable multi-selects with chips (chosen by
 * typing and Enter, a chip removed, the choice back after a reload of the form), and a sent
 * marketing notification viewed read-only, then duplicated into a new scheduled one whose image
 * the server copied.
 */

test.describe.configure({ timeout: 120_000 });

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

/** Serious or critical axe findings (WCAG 2.x A/AA) inside `selector`. */
const axeFindings = async (page: Page, selector: string) => {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();

test.describe('Multi-selects and sent notifications', () => {
  const tmp = useTempDir('safarnama-e2e-multiselect-');

  test('Languages and Months: type and Enter, remove a chip, save, reopen with the same chips', async ({
    page,
    request,
  }) => {
    const run = `${Date.now()}`;
    const token = await apiLogin(request);
    const names = {
      country: `Chipland ${run}`,
      shortName: letters(3),
      state: `Chip State ${run}`,
      place: `Chip Town ${run}`,
    };
    await createPlaceViaApi(request, token, names);
    const title = `Chips and months ${run}`;

    await signIn(page);
    await page.goto('/services/itineraries');
    await page.getByRole('button', { name: 'Add New Itinerary' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Itinerary' });
    await form.getByLabel('Title *', { exact: true }).fill(title);
    await form.getByLabel('Duration *').fill('4 Days / 3 Nights');

    // Two languages, typed in the search box and taken with Enter.
    await chooseInMultiSelect(form, 'Languages *', 'languages', ['hin', 'eng']);
    expect(await multiSelectChips(form, 'languages')).toEqual(['English', 'Hindi']);
    await expect(form.getByRole('combobox', { name: 'Languages *' })).toContainText('2 selected');

    // Three months; the spec's hint stays under the field.
    await expect(form.getByText('Hold Ctrl/Cmd to select multiple months')).toBeVisible();
    const months = form.getByRole('combobox', { name: 'Months', exact: true });
    await months.click();
    const search = form.getByRole('textbox', { name: 'Search months' });
    await expect(search).toBeFocused();
    const listbox = form.getByRole('listbox', { name: 'Months' });
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await search.fill('ju');
    await expect(listbox.getByRole('option')).toHaveText(['June', 'July']);
    await search.press('ArrowDown');
    await search.press('Enter');
    for (const term of ['oct', 'dec']) {
      await search.fill(term);
      await search.press('Enter');
    }
    await expect(listbox.getByRole('option', { name: 'July' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The open list in both themes, at phone width too; axe finds nothing serious in it.
    await shot(page, 'multiselect-months-open-light', { fullPage: false });
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await setScheme(page, 'dark');
    await shot(page, 'multiselect-months-open-dark', { fullPage: false });
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'multiselect-months-open-mobile-dark', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');

    // Escape closes the list only, focus back on the combobox.
    await search.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(form).toBeVisible();
    await expect(months).toBeFocused();
    expect(await multiSelectChips(form, 'months')).toEqual(['July', 'October', 'December']);
    await expect(months).toContainText('3 selected');

    // One chip removed with its own button.
    await form.getByRole('button', { name: 'Remove October' }).click();
    expect(await multiSelectChips(form, 'months')).toEqual(['July', 'December']);

    await form
      .getByLabel('Country *', { exact: true })
      .selectOption({ label: `${names.country} (${names.shortName})` });
    await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
    await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });
    await form.getByRole('button', { name: 'Add Day' }).click();
    await form.getByRole('button', { name: 'Save Itinerary' }).click();
    await expect(toast(page, 'Itinerary created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    // Reopen it: the same chips.
    await page.getByPlaceholder('Search by title, description, or type...').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Itinerary' });
    await expect(edit.getByRole('list', { name: 'Selected months' })).toBeVisible();
    expect(await multiSelectChips(edit, 'languages')).toEqual(['English', 'Hindi']);
    expect(await multiSelectChips(edit, 'months')).toEqual(['July', 'December']);
    await shot(page, 'multiselect-itinerary-edit-light', { fullPage: false });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  test('a sent notification: View read-only, then Duplicate schedules a second one', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const title = `Sent and copied ${Date.now()}`;
    const photo = await makePhoto(tmp(), 'offer.jpg', { r: 30, g: 140, b: 120 });
    const sent = await scheduleAndWaitUntilSent(request, token, title, photo);
    expect(sent.imageUrl).not.toBeNull();

    await signIn(page);
    await page.goto('/marketing/notification');
    await page.getByRole('searchbox', { name: 'Search notifications' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    // Nothing to edit or delete any more: View and Duplicate.
    await expect(row.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);

    const viewButton = row.getByRole('button', { name: `View ${title}` });
    await viewButton.focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'View Notification' });
    await expect(view).toBeVisible();
    await expect(view).toContainText(title);
    await expect(view).toContainText('Flash offers by e-mail, sent by the poller.');
    await expect(view).toContainText('All admins');
    await expect(view).toContainText(/IST/);
    await expect(view.getByRole('img', { name: 'Notification image' })).toBeVisible();
    await expect(view.getByRole('table', { name: 'Deliveries per channel' })).toContainText(
      'E-mail',
    );
    // Read-only: no field to type in.
    await expect(view.getByRole('textbox')).toHaveCount(0);
    await expect(view.getByRole('checkbox')).toHaveCount(0);
    await shot(page, 'marketing-view-light', { fullPage: false });
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await setScheme(page, 'dark');
    await shot(page, 'marketing-view-dark', { fullPage: false });
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'marketing-view-mobile-dark', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await setScheme(page, 'light');

    // Escape closes it and focus is back on View.
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(viewButton).toBeFocused();

    // Duplicate from the view: the add form, filled, a new time ahead.
    await viewButton.click();
    await view.getByRole('button', { name: 'Duplicate' }).click();
    const form = page.getByRole('dialog', { name: 'Add Notification' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Title *')).toHaveValue(title);
    await expect(form.getByRole('checkbox', { name: 'E-mail', exact: true })).toBeChecked();
    await expect(form.getByText(/The image of the original is copied with it/)).toBeVisible();
    const copyTitle = `${title} again`;
    await form.getByLabel('Title *').fill(copyTitle);
    await shot(page, 'marketing-duplicate-light', { fullPage: false });
    await form.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(toast(page, MARKETING_MESSAGES.created)).toBeVisible();
    await expect(form).toBeHidden();

    // Two rows now: the sent original and the scheduled copy, with a picture of its own.
    await page.getByRole('searchbox', { name: 'Search notifications' }).fill(title);
    await expect(page.getByRole('row')).toHaveCount(3);
    const copy = page.getByRole('row').filter({ hasText: copyTitle });
    await expect(copy.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    const copied = await findByTitle(request, token, copyTitle);
    expect(copied?.imageUrl).toBeTruthy();
    expect(copied?.imageUrl).not.toBe(sent.imageUrl);

    // The copy is a day's worth of schedule away at least: it is deleted, so it never goes out.
    await copy.getByRole('button', { name: `Delete ${copyTitle}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete scheduled notification?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, MARKETING_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
  });
});

const headersOf = (token: string) => ({
  Authorization: `Bearer ${token}`,
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
});

/** The notification of that title, through the list API. */
async function findByTitle(
  request: APIRequestContext,
  token: string,
  title: string,
): Promise<ScheduledNotification | undefined> {
  const response = await request.get(API_PATHS.marketing.list, {
    headers: headersOf(token),
    params: { search: title, limit: '100' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: ScheduledNotificationList };
  return body.data.notifications.find((n) => n.title === title);
}

/**
 * Schedules an e-mail to all admins, with an image, three seconds ahead through the API and waits
 * for the server's poller (SCHEDULER_INTERVAL_MS 1000 in the config) to send it.
 */
async function scheduleAndWaitUntilSent(
  request: APIRequestContext,
  token: string,
  title: string,
  photo: string,
): Promise<ScheduledNotification> {
  const response = await request.post(API_PATHS.marketing.add, {
    headers: headersOf(token),
    multipart: {
      title,
      message: 'Flash offers by e-mail, sent by the poller.',
      'channels[0]': 'email',
      audienceType: 'all_admins',
      scheduledAt: new Date(Date.now() + 3_000).toISOString(),
      image: { name: 'offer.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  let found: ScheduledNotification | undefined;
  await expect
    .poll(
      async () => {
        found = await findByTitle(request, token, title);
        return found?.status;
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe('sent');
  if (!found) throw new Error('the notification was not listed');
  return found;
}
