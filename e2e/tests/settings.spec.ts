import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  SETTINGS_MESSAGES,
  type AllowedIpList,
  type BasicSettings,
  type CommunicationSettings,
} from '@safarnama/contract';
import { SMTPServer } from 'smtp-server';
import { createActiveAdmin, signInAs } from './account-helpers.js';
import { apiLogin, shotBoth, signIn } from './fixtures.js';

/**
 * Settings (issue 9) in a real browser: the allowed-IP list with the server's lock-out refusal,
 * the e-mail channel saved against a real SMTP server started here and a test mail it receives,
 * the three policies, and maintenance mode sending a non-settings admin in another browser to
 * /service-unavailable and back.
 *
 * Every test leaves the server as it found it, whatever happens (afterAll repeats it through the
 * API): the allowed-IP list empty (a non-empty list would lock later specs out), the e-mail channel
 * switched off (later specs read invitation mail from the outbox) and maintenance mode off.
 */

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();

const openFromSidebar = async (page: Page, link: string, heading: string) => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
};

const apiHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await apiLogin(request)}`,
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
});

/** Empties the allowed-IP list (entries that do not hold our address first, then the rest). */
async function emptyIpList(request: APIRequestContext): Promise<void> {
  const headers = await apiHeaders(request);
  for (let round = 0; round < 5; round += 1) {
    const listed = await request.get(`${API_PATHS.setting.listIps}?page=1&limit=100`, { headers });
    expect(listed.ok(), await listed.text()).toBe(true);
    const { ips } = ((await listed.json()) as { data: AllowedIpList }).data;
    if (ips.length === 0) return;
    for (const entry of ips) {
      // A lock-out refusal (409) is fine here: that entry goes in a later round, after the others.
      await request.post(API_PATHS.setting.deleteIp, {
        headers,
        data: { data: { id: entry._id } },
      });
    }
  }
  throw new Error('the allowed-IP list could not be emptied');
}

/** Switches the e-mail channel off (it stays saved), so mail goes to the outbox again. */
async function emailChannelOff(request: APIRequestContext): Promise<void> {
  const headers = await apiHeaders(request);
  const got = await request.get(`${API_PATHS.setting.communication}?type=email`, { headers });
  expect(got.ok(), await got.text()).toBe(true);
  const channel = ((await got.json()) as { data: CommunicationSettings }).data;
  if (!channel.configured || !channel.isActive || !channel.settings) return;
  const saved = await request.post(API_PATHS.setting.saveCommunication, {
    headers,
    data: { data: { type: 'email', isActive: false, settings: channel.settings } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Turns maintenance mode off, keeping the other basic settings as they are. */
async function maintenanceOff(request: APIRequestContext): Promise<void> {
  const headers = await apiHeaders(request);
  const got = await request.get(API_PATHS.setting.basic, { headers });
  expect(got.ok(), await got.text()).toBe(true);
  const basic = ((await got.json()) as { data: BasicSettings }).data;
  if (!basic.maintenanceMode) return;
  const saved = await request.post(API_PATHS.setting.updateBasic, {
    headers,
    multipart: {
      productName: basic.productName,
      supportEmail: basic.supportEmail,
      supportPhone: basic.supportPhone,
      timeZone: basic.timeZone,
      currencySymbol: basic.currencySymbol,
      sessionIdleMinutes: String(basic.sessionIdleMinutes),
      maintenanceMode: 'false',
      maintenanceMessage: basic.maintenanceMessage,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.afterAll(async ({ request }) => {
  await maintenanceOff(request);
  await emailChannelOff(request);
  await emptyIpList(request);
});

test('allowed IPs: the current address, add, the lock-out refusal, remove', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  try {
    await signIn(page);
    await openFromSidebar(page, 'Ip Blocking', 'Ip Blocking');
    // The e2e server listens on 127.0.0.1: that is the address it sees.
    await expect(page.getByLabel('Your current IP address: 127.0.0.1')).toBeVisible();
    await expect(page.getByText('Open to every address')).toBeVisible();
    await expect(page.getByText('No allowed addresses')).toBeVisible();

    // A bad range is caught before it is sent.
    const ip = page.getByLabel('IP address or CIDR range');
    await ip.fill('10.0.0.0/33');
    await expect(page.getByText(/^Not a valid address yet\./)).toBeVisible();
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText(SETTINGS_MESSAGES.ipInvalid)).toBeVisible();

    // A first entry that leaves us out is refused by the server, naming our address.
    await ip.fill('10.0.0.0/8');
    await page.getByLabel(/^Label/).fill('Office VPN');
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'Add an allowed address' });
    await expect(form.getByRole('alert')).toHaveText(SETTINGS_MESSAGES.ipLockout('127.0.0.1'));

    // Our own address first (the list is no longer empty, and we keep working), then the range.
    await page.getByRole('button', { name: 'Use my address' }).click();
    await expect(ip).toHaveValue('127.0.0.1');
    await page.getByLabel(/^Label/).fill('E2E loopback');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(toast(page, SETTINGS_MESSAGES.ipAdded)).toBeVisible();
    const own = page.getByRole('row').filter({ hasText: 'E2E loopback' });
    await expect(own).toContainText('127.0.0.1');
    await expect(own.getByText('Your address')).toBeVisible();
    await ip.fill('10.0.0.0/8');
    await page.getByLabel(/^Label/).fill('Office VPN');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Office VPN' })).toContainText(
      '10.0.0.0/8',
    );
    await expect(page.getByText('Restricted to 2 entries')).toBeVisible();
    await expect(page.getByText('Page 1 of 1 · 2 addresses')).toBeVisible();
    await shotBoth(page, 'settings-ip-block', { withoutToasts: true });

    // The API still answers us (we are on the list).
    const headers = await apiHeaders(request);
    expect((await request.get(API_PATHS.setting.listIps, { headers })).status()).toBe(200);

    // Removing our own address would leave only the range: refused, readably, above the list.
    await page.getByRole('button', { name: 'Remove 127.0.0.1' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove 127.0.0.1?' })
      .getByRole('button', {
        name: 'Remove',
      })
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'would block your own address' }),
    ).toContainText(SETTINGS_MESSAGES.ipLockout('127.0.0.1'));
    await expect(page.getByRole('row').filter({ hasText: 'E2E loopback' })).toBeVisible();

    // The search finds by label.
    await page.getByLabel('Search allowed addresses').fill('vpn');
    await expect(page.getByText('Page 1 of 1 · 1 address')).toBeVisible();
    await page.getByLabel('Search allowed addresses').fill('');
    await expect(page.getByText('Page 1 of 1 · 2 addresses')).toBeVisible();

    // Remove the range, then our own address: the list is empty again and open to all.
    await page.getByRole('button', { name: 'Remove 10.0.0.0/8' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, SETTINGS_MESSAGES.ipDeleted)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Office VPN' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove 127.0.0.1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No allowed addresses')).toBeVisible();
    await expect(page.getByText('Open to every address')).toBeVisible();
  } finally {
    await emptyIpList(request);
  }
});

test('e-mail channel: saved against a real SMTP server, the secret masked, a test mail received', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const recipient = `smtp-test-${Date.now()}@safarnama.test`;
  try {
    await signIn(page);
    await openFromSidebar(page, 'Communication Settings', 'Communication Settings');
    await expect(page.getByRole('tab', { name: 'E-mail', selected: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'E-mail settings' });
    await form.getByLabel('SMTP host').fill('127.0.0.1');
    await form.getByLabel('Security').selectOption('none');
    await form.getByLabel('Port').fill(String(port));
    await form.getByLabel('Username').fill('');
    // A password field that is new (no stored one) or already replaced, whichever is shown.
    const replace = form.getByRole('button', { name: 'Replace password' });
    if (await replace.isVisible()) await replace.click();
    await form.getByLabel('Password', { exact: true }).fill('e2e-smtp-secret-2026');
    await form.getByLabel('From name').fill('Safarnama E2E');
    await form.getByLabel('From address').fill('no-reply@safarnama.test');
    // Saved but switched off: the test send still goes through it, while the app's own mail
    // (invitations of later specs) keeps going to the outbox.
    const active = form.getByRole('switch', { name: 'Channel active' });
    if ((await active.getAttribute('aria-checked')) === 'true') await active.click();
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, SETTINGS_MESSAGES.communicationSaved)).toBeVisible();

    // Reloaded from the server: the secret only masked, and read-only until 'Replace'.
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue(/^•{8}2026$/);
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('readonly', '');
    await expect(form.getByText(/^Last saved .* by /)).toBeVisible();

    // A change elsewhere keeps the stored secret (the masked value goes back).
    await form.getByLabel('From name').fill('Safarnama Travel Desk');
    // The test mail below must go out through the saved version: wait for the save to answer
    // (the value in the field proves nothing, it was typed before).
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes(API_PATHS.setting.saveCommunication) && response.status() === 200,
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await saved;
    await expect(form.getByLabel('From name')).toHaveValue('Safarnama Travel Desk');
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue(/^•{8}2026$/);

    const box = page.getByRole('form', { name: 'Send a test' });
    await box.getByLabel('Recipient e-mail').fill(recipient);
    await box.getByRole('button', { name: 'Send test' }).click();
    const result = page.getByRole('status').filter({ hasText: SETTINGS_MESSAGES.testSent });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result).toContainText('250');
    await expect.poll(() => received.filter((mail) => mail.to.includes(recipient)).length).toBe(1);
    const mail = received.find((item) => item.to.includes(recipient));
    expect(mail?.raw).toMatch(/^Subject: Safarnama test e-mail/m);
    expect(mail?.raw).toMatch(/^From: "?Safarnama Travel Desk"? <no-reply@safarnama\.test>/m);
    await shotBoth(page, 'settings-communication', { withoutToasts: true });

    // The other channels have their own forms.
    await page.getByRole('tab', { name: 'SMS' }).click();
    await expect(
      page.getByRole('form', { name: 'SMS settings' }).getByLabel('Provider'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'WhatsApp' }).click();
    await expect(
      page.getByRole('form', { name: 'WhatsApp settings' }).getByLabel('Phone number id'),
    ).toBeVisible();
  } finally {
    await emailChannelOff(request);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});

test('policies: edited together, each with its last update; /settings shows the profile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await openFromSidebar(page, 'Policy Setting', 'Policy Setting');
  const cancellation = page.getByRole('textbox', { name: 'Cancellation and Refund Policy' });
  await cancellation.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Full refund up to 7 days before the trip starts.');
  const privacy = page.getByRole('textbox', { name: 'Privacy Policy' });
  await privacy.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('We keep only what a booking needs.');
  await expect(page.getByText('2 of 3 policies changed')).toBeVisible();
  await page.getByRole('button', { name: 'Save policies' }).click();
  await expect(toast(page, SETTINGS_MESSAGES.policiesSaved)).toBeVisible();
  await expect(page.getByText('No changes')).toBeVisible();
  await expect(page.getByText(/^Last updated /)).toHaveCount(2);
  await page.reload();
  await expect(cancellation).toHaveText('Full refund up to 7 days before the trip starts.');
  // The save bar sticks to the bottom of the window: a window-sized picture shows it in place.
  await shotBoth(page, 'settings-policy', { fullPage: false, withoutToasts: true });

  // /settings and /settings/profile-update are the profile screen, headed and titled as spec §2
  // names them.
  await openFromSidebar(page, 'Settings', 'Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle('Settings · Safarnama');
  await page.goto('/settings/profile-update');
  await expect(page.getByRole('heading', { name: 'Settings Profile', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Settings Profile · Safarnama');
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
});

test('maintenance: a non-settings admin lands on /service-unavailable and comes back', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const headers = await apiHeaders(request);
  const run = `${Date.now()}`.slice(-7);
  // A role that may open the dashboard but not change settings.
  const created = await request.post(API_PATHS.manage.addUserType, {
    headers,
    data: { data: { name: `Trip Viewer ${run}`, description: 'Dashboard only' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const role = ((await created.json()) as { data: { data: { _id: string } } }).data.data;
  const granted = await request.post(API_PATHS.manage.saveUserTypePermissions, {
    headers,
    data: { data: { type: role._id, permissions: ['dashboard.view'] } },
  });
  expect(granted.ok(), await granted.text()).toBe(true);

  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewerPage = await viewerContext.newPage();
  try {
    const viewer = await createActiveAdmin(viewerPage, request, 'Viewer', { userTypeId: role._id });
    await signInAs(viewerPage, viewer);

    // The super admin turns maintenance on (asked first).
    await signIn(page);
    await openFromSidebar(page, 'Basic Settings', 'Basic Settings');
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await expect(page.getByRole('note')).toContainText('Saving turns maintenance mode on.');
    await page.getByLabel('Maintenance message').fill('Back by 6 PM IST.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Turn maintenance mode on?' });
    await confirm.getByRole('button', { name: 'Turn on and save' }).click();
    await expect(toast(page, SETTINGS_MESSAGES.basicSaved)).toBeVisible();
    // The settings admin keeps working, with the banner.
    await expect(page.getByText('Maintenance mode is on.', { exact: true })).toBeVisible();
    await expect(page.getByText('On now')).toBeVisible();
    await shotBoth(page, 'settings-basic-maintenance', { withoutToasts: true });

    // The other admin is sent away at once, and sees the spec's texts and the note.
    await expect(viewerPage).toHaveURL(/\/service-unavailable$/, { timeout: 15_000 });
    await expect(viewerPage.getByRole('heading', { name: 'Service Unavailable' })).toBeVisible();
    await expect(
      viewerPage.getByText('Our services are temporarily unavailable. Please try again later.'),
    ).toBeVisible();
    await expect(viewerPage.getByText('Back by 6 PM IST.')).toBeVisible();
    await shotBoth(viewerPage, 'service-unavailable-maintenance', { withoutToasts: true });
    // Reloading does not get past it: the API answers 503 to this admin.
    await viewerPage.goto('/dashboard');
    await expect(viewerPage).toHaveURL(/\/service-unavailable$/);

    // Turned off (no question asked): the banner goes, and the other admin comes back to /.
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, SETTINGS_MESSAGES.basicSaved)).toBeVisible();
    await expect(page.getByText('Maintenance mode is on.', { exact: true })).toHaveCount(0);
    await expect(viewerPage).toHaveURL(/\/dashboard$/, { timeout: 25_000 });
    await expect(viewerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } finally {
    await maintenanceOff(request);
    await viewerContext.close();
  }
});
