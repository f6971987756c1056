import { expect, test, type Page } from '@playwright/test';
import { BLOG_MESSAGES } from '@safarnama/contract';
import { apiLogin, createPlaceViaApi, signIn } from './fixtures.js';

/**
 * Scheduled publishing (issue 21) in a real browser, against the real scheduler
 * (SCHEDULER_INTERVAL_MS 1000 in playwright.config): a draft blog whose publish time, entered in
 * India Standard Time, is eight seconds ahead shows a 'Scheduled' badge on the list and a row on
 * the dashboard's upcoming card, then becomes Published by itself and loses the badge.
 *
 * The browser runs in Berlin on purpose: the fields are IST whatever the browser's zone.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: 'Europe/Berlin' });

const BLOGS_PATH = '/services/addPlaceBlog';
const IST_OFFSET_MS = 330 * 60_000;

/** The IST date ('YYYY-MM-DD') and time ('HH:MM:SS') of an instant, as the fields take them. */
const istParts = (at: number) => {
  const iso = new Date(at + IST_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
};

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

const letters = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');

test('a draft blog scheduled seconds ahead is listed as Scheduled, then publishes by itself', async ({
  page,
  request,
}) => {
  const run = `${Date.now()}`;
  const token = await apiLogin(request);
  const names = {
    country: `Schedland ${run}`,
    shortName: letters(3),
    state: `Sched State ${run}`,
    place: `Sched Place ${run}`,
  };
  await createPlaceViaApi(request, token, names);
  const title = `Monsoon diaries ${run}`;

  await signIn(page);
  await page.getByRole('link', { name: 'Places Travelpedia' }).click();
  await expect(page).toHaveURL(new RegExp(`${BLOGS_PATH}$`));
  await page.getByRole('button', { name: 'Add Blog' }).click();
  const form = page.getByRole('dialog', { name: 'Add Blog' });
  await form.getByLabel('Title *').fill(title);
  await form
    .getByLabel('Country *', { exact: true })
    .selectOption({ label: `${names.country} (${names.shortName})` });
  await form.getByLabel('State *', { exact: true }).selectOption({ label: names.state });
  await form.getByLabel('Place *', { exact: true }).selectOption({ label: names.place });
  await form.getByLabel('Excerpt').fill('Rain on the tea estates.');

  // Eight seconds ahead, computed when the rest is filled: the fields take India's wall clock.
  const schedule = form.getByRole('group', { name: 'Schedule' });
  const { date, time } = istParts(Date.now() + 8_000);
  await schedule.getByLabel('Publish date (IST)', { exact: true }).fill(date);
  await schedule.getByLabel('Publish time (IST)', { exact: true }).fill(time);
  // Berlin is not India: the form says what that is here, and what saving does.
  await expect(schedule.getByText(/That is .* your time\./)).toBeVisible();
  await expect(schedule.getByRole('note')).toContainText('Saving keeps the blog a draft until');
  await expect(form.getByRole('button', { name: 'Schedule' })).toBeVisible();
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText(BLOG_MESSAGES.added)).toBeVisible();
  await expect(form).toBeHidden();

  // Listed as a draft with the 'Scheduled' badge and its time.
  const row = rowOf(page, title);
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByTitle(/^Scheduled: Publishes .* IST$/)).toBeVisible();
  await expect(row).toContainText(
    /Scheduled · Publishes \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
  );

  // The dashboard's upcoming card lists it before it happens.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  const upcoming = page.getByRole('region', { name: 'Upcoming scheduled publishes' });
  const entry = upcoming.getByRole('listitem').filter({ hasText: title });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Publish blog');
  await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', BLOGS_PATH);

  // Back on the list: within about 20 s the scheduler has published it and the badge is gone.
  await page.getByRole('link', { name: 'Places Travelpedia' }).click();
  await expect(page).toHaveURL(new RegExp(`${BLOGS_PATH}$`));
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, title).getByText('Published', { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 25_000, intervals: [1_000, 2_000] });
  await expect(rowOf(page, title).getByTitle(/^Scheduled:/)).toHaveCount(0);
});
