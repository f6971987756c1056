import { expect, test, type Locator, type Page } from '@playwright/test';
import { MARKETING_MESSAGES } from '@safarnama/contract';
import { bell } from './account-helpers.js';
import { E2E_ADMIN, readMails, shot, shotBoth, signIn, waitForMail } from './fixtures.js';

/**
 * Scheduled marketing notifications (issue 9) in a real browser, against the real poller
 * (SCHEDULER_INTERVAL_MS 1000 in playwright.config): one scheduled eight seconds ahead goes out by
 * e-mail to all admins, the row turns 'Sent' with its counts while the page watches, the mail lands
 * in the outbox and the bell tells the admin who scheduled it. Another is edited and deleted while
 * still scheduled.
 *
 * The browser runs in Berlin on purpose: the date and time fields are India Standard Time whatever
 * the browser's zone, and the form says what that is locally.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: 'Europe/Berlin' });

const PAGE_PATH = '/marketing/notification';
const IST_OFFSET_MS = 330 * 60_000;

/** The IST date ('YYYY-MM-DD') and time ('HH:MM:SS') of an instant, as the fields take them. */
const istParts = (at: number) => {
  const iso = new Date(at + IST_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
};

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();

const rowOf = (page: Page, title: string): Locator =>
  page.getByRole('row').filter({ hasText: title });

interface Draft {
  title: string;
  message: string;
  link?: string;
  channels: string[];
  at: number;
}

/** Fills the open form (title, message, link, channels, All admins, the IST date and time). */
async function fillForm(dialog: Locator, draft: Draft) {
  await dialog.getByLabel('Title *').fill(draft.title);
  await dialog.getByLabel('Message *').fill(draft.message);
  if (draft.link) await dialog.getByLabel('Link').fill(draft.link);
  for (const channel of draft.channels) {
    await dialog.getByRole('checkbox', { name: channel, exact: true }).check();
  }
  await dialog.getByLabel('Audience *').selectOption({ label: 'All admins' });
  const { date, time } = istParts(draft.at);
  await dialog.getByLabel('Date (IST)').fill(date);
  await dialog.getByLabel('Time (IST)').fill(time);
}

test.describe('Marketing: scheduled notifications', () => {
  test('schedule one seconds ahead and watch it become Sent by e-mail, with the mail and the bell', async ({
    page,
  }) => {
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Add Notification', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));
    await expect(page.getByRole('heading', { name: 'Add Notification', level: 1 })).toBeVisible();

    const title = `Flash sale ${Date.now()}`;
    const mailsBefore = readMails(E2E_ADMIN.email).length;
    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification' });
    await expect(dialog).toBeVisible();
    // Eight seconds ahead, computed now: the fields take India's wall clock.
    await fillForm(dialog, {
      title,
      message: 'Kerala houseboats at half price, this weekend only.',
      link: '/services/itineraries',
      channels: ['E-mail'],
      at: Date.now() + 8_000,
    });
    // Berlin is not India: the form says what the time is here.
    await expect(dialog.getByText(/That is .* your time\./)).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(title);
    await dialog.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(toast(page, MARKETING_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Listed as Scheduled first, then the page follows the send on its own (no reload).
    const row = rowOf(page, title);
    await expect(row).toContainText('E-mail');
    await expect(row).toContainText('All admins');
    await expect(row).toContainText(/IST/);
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(
      row.getByRole('listitem', { name: /^E-mail: [1-9]\d* sent, 0 failed$/ }),
    ).toBeVisible();
    // A sent notification can no longer be changed: it is viewed or duplicated (issue 20).
    await expect(row.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `View ${title}` })).toBeVisible();

    // The e-mail went out to the admin (the outbox of the e2e server), with the title as subject.
    const mail = await waitForMail(E2E_ADMIN.email, mailsBefore);
    expect(mail.subject).toBe(title);
    expect(mail.raw).toContain('Kerala houseboats at half price, this weekend only.');

    // And the admin who scheduled it hears about it in the header bell.
    await expect(bell(page)).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Latest notifications' });
    await expect(panel.getByText('Scheduled notification was sent')).toBeVisible();
    await expect(
      panel.getByText(new RegExp(`"${title}": \\d+ delivered, 0 failed\\.`)),
    ).toBeVisible();
    await shot(page, 'marketing-bell-light', { fullPage: false });
    await page.keyboard.press('Escape');

    // Only sent ones, through the status filter.
    await page.getByLabel('Status').selectOption({ label: 'Sent' });
    await expect(rowOf(page, title)).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
    await expect(rowOf(page, title)).toHaveCount(0);
    await page.getByLabel('Status').selectOption({ label: 'All statuses' });
    await expect(rowOf(page, title)).toBeVisible();
  });

  test('edit a scheduled notification, then delete it; the form and list in both themes', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(PAGE_PATH);
    await expect(page.getByRole('heading', { name: 'Add Notification', level: 1 })).toBeVisible();

    const title = `Monsoon offers ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Notification' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Notification' });
    // A day ahead: it stays scheduled throughout.
    await fillForm(dialog, {
      title,
      message: 'Munnar and the tea estates, at monsoon prices.',
      channels: ['Push', 'E-mail'],
      at: Date.now() + 24 * 60 * 60_000,
    });
    // A time in the past is refused in the form.
    const { date: pastDate, time: pastTime } = istParts(Date.now() - 60_000);
    await dialog.getByLabel('Date (IST)').fill(pastDate);
    await dialog.getByLabel('Time (IST)').fill(pastTime);
    await dialog.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(dialog.getByText(MARKETING_MESSAGES.inPast)).toBeVisible();
    const { date, time } = istParts(Date.now() + 24 * 60 * 60_000);
    await dialog.getByLabel('Date (IST)').fill(date);
    await dialog.getByLabel('Time (IST)').fill(time);
    await expect(dialog.getByText(MARKETING_MESSAGES.inPast)).toBeHidden();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // Tall enough for the whole dialog.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await shotBoth(page, 'marketing-form', { fullPage: false, withoutToasts: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(toast(page, MARKETING_MESSAGES.created)).toBeVisible();

    const row = rowOf(page, title);
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row).toContainText('Push');
    await shotBoth(page, 'marketing-list', { withoutToasts: true });
    // A phone: the table scrolls sideways inside its card, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    const sideways = await page.evaluate(() => {
      window.scrollTo(500, 0);
      const scroller = document.querySelector('table')?.parentElement;
      return {
        page: window.scrollX,
        table: scroller ? scroller.scrollWidth > scroller.clientWidth : false,
      };
    });
    expect(sideways).toEqual({ page: 0, table: true });
    await shot(page, 'marketing-list-mobile-light');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Edit: a new title and SMS instead of push, the time kept.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Notification' });
    await expect(dialog.getByLabel('Title *')).toHaveValue(title);
    await expect(dialog.getByLabel('Date (IST)')).toHaveValue(date);
    await expect(dialog.getByLabel('Time (IST)')).toHaveValue(time);
    const renamed = `${title} extended`;
    await dialog.getByLabel('Title *').fill(renamed);
    await dialog.getByRole('checkbox', { name: 'Push', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'SMS', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MARKETING_MESSAGES.updated)).toBeVisible();
    const edited = rowOf(page, renamed);
    await expect(edited).toContainText('SMS');
    await expect(edited).not.toContainText('Push');

    // Search finds it; Delete asks first.
    await page.getByRole('searchbox', { name: 'Search notifications' }).fill(renamed);
    await expect(page.getByRole('row')).toHaveCount(2);
    await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete scheduled notification?' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MARKETING_MESSAGES.deleted)).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await expect(page.getByText('No notifications found')).toBeVisible();
  });

  test('the dashboard lists what is coming up', async ({ page }) => {
    await signIn(page);
    await page.goto(PAGE_PATH);
    const title = `Diwali greetings ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification' });
    await fillForm(dialog, {
      title,
      message: 'Happy Diwali from all of us.',
      channels: ['E-mail'],
      at: Date.now() + 2 * 60 * 60_000,
    });
    await dialog.getByRole('button', { name: 'Schedule Notification' }).click();
    await expect(toast(page, MARKETING_MESSAGES.created)).toBeVisible();

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Upcoming scheduled notifications' });
    await expect(card.getByRole('listitem').filter({ hasText: title })).toContainText(
      /IST · E-mail/,
    );
    await shotBoth(page, 'marketing-dashboard', { withoutToasts: true });
    await card.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));

    // Leave nothing scheduled behind for later specs.
    const row = rowOf(page, title);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete scheduled notification?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, MARKETING_MESSAGES.deleted)).toBeVisible();
  });
});
