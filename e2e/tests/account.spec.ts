import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  bell,
  createActiveAdmin,
  fillNewPassword,
  signInAs,
  signInWithRecoveryCode,
  signOut,
  submitLogin,
} from './account-helpers.js';
import { E2E_BASE_URL, E2E_LOCATION_ORIGIN, shot, waitForMail } from './fixtures.js';

/**
 * Account security (issue 7) in a real browser: reset and invitation links from the captured
 * mail, two-factor sign-in with a code and a recovery code, password change signing out another
 * browser, login activity with the reported location, and live notifications. Every test makes
 * its own admin, so the e2e super admin's password and 2FA never change.
 */

// Each test signs in several times (argon2 on a small machine) and waits for mail.
test.describe.configure({ timeout: 90_000 });

const darkTheme = (page: Page) => page.emulateMedia({ colorScheme: 'dark' });
const lightTheme = (page: Page) => page.emulateMedia({ colorScheme: 'light' });

test('forgot password: the mailed link sets a new password, then sign in', async ({
  page,
  request,
}) => {
  await lightTheme(page);
  const admin = await createActiveAdmin(page, request, 'Reset');
  await expect(page.getByText('Your password has been set.')).toBeVisible();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  // (Filtered: the 'password set' toast, a status message too, may still be on screen.)
  await expect(page.getByRole('status').filter({ hasText: 'valid for 30 minutes' })).toBeVisible();
  await shot(page, 'account-forgot-password-sent-light');

  // The second mail to this admin (the first was the invitation).
  const mail = await waitForMail(admin.email, 1);
  expect(mail.subject).toMatch(/password/i);
  expect(mail.link?.startsWith(`${E2E_BASE_URL}/set-password?token=`)).toBe(true);
  await page.goto(mail.link ?? '');
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();

  const newPassword = 'Monsoon-Ferry-Kochi-2026';
  await page.getByLabel('New password', { exact: true }).fill('too-short');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    'Too weak',
  );
  await fillNewPassword(page, newPassword);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    /Strong|Very strong/,
  );
  await shot(page, 'account-set-password-light');
  await darkTheme(page);
  await shot(page, 'account-set-password-dark');
  await lightTheme(page);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password has been set. Sign in with your new password.'),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await submitLogin(page, admin.email, admin.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await signInAs(page, { ...admin, password: newPassword });

  // The link was single-use.
  await signOut(page);
  await page.goto(mail.link ?? '');
  const alert = page.getByRole('alertdialog', { name: 'Invalid or Expired Link' });
  await expect(alert).toBeVisible();
  await expect(
    alert.getByText('The reset link is either invalid or has expired. Please request a new one.'),
  ).toBeVisible();
  await alert.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('two-factor: turn on with the shown key, sign in with a code and a recovery code, turn off', async ({
  page,
  request,
}) => {
  await lightTheme(page);
  const admin = await createActiveAdmin(page, request, 'Totp');
  await signInAs(page, admin);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Authenticator' })
    .click();
  await expect(page.getByRole('heading', { name: 'Authenticator', level: 1 })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.getByLabel('Manual key').innerText()).replace(/\s+/g, '');
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(key),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  await shot(page, 'account-authenticator-setup-light');
  await darkTheme(page);
  await shot(page, 'account-authenticator-setup-dark');
  await lightTheme(page);

  await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list).toBeVisible();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await shot(page, 'account-authenticator-codes-light');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('safarnama-recovery-codes.txt');
  const saved = readFileSync(await download.path(), 'utf8');
  for (const code of codes) expect(saved).toContain(code);

  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await expect(list).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: 'Turn off two-factor authentication' }),
  ).toBeVisible();
  await shot(page, 'account-authenticator-on-light');
  await darkTheme(page);
  await shot(page, 'account-authenticator-on-dark');
  await lightTheme(page);

  // Sign in again: the password is not enough any more.
  await signOut(page);
  await submitLogin(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await shot(page, 'account-login-code-light');
  await darkTheme(page);
  await shot(page, 'account-login-code-dark');
  await lightTheme(page);
  // Each code works once: the one used to turn 2FA on is spent, so take the next step's.
  await page
    .getByLabel('Authentication code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // And with a recovery code.
  await signInWithRecoveryCode(page, admin, codes[0] ?? '');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A used recovery code is refused the next time.
  await signInWithRecoveryCode(page, admin, codes[0] ?? '');
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Recovery code').fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turn it off with the password.
  await page.goto('/authenticator');
  await page.getByLabel('My password').check();
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();

  // The password alone signs in again.
  await signOut(page);
  await signInAs(page, admin);
});

test('change password: another browser is signed out at once; notifications are marked read', async ({
  page,
  request,
  browser,
}) => {
  await lightTheme(page);
  const admin = await createActiveAdmin(page, request, 'Password');
  await signInAs(page, admin);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, admin);
  await otherPage.goto('/tasks');
  await expect(otherPage.getByRole('heading', { name: 'Tasks' })).toBeVisible();

  await page.goto('/profile-details');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: admin.name })).toBeVisible();
  await shot(page, 'account-profile-light');
  await darkTheme(page);
  await shot(page, 'account-profile-dark');
  await lightTheme(page);

  const form = page.getByRole('form', { name: 'Change password' });
  const newPassword = 'Hampi-Boulders-Sunrise-9';
  await form.getByLabel('Current password', { exact: true }).fill(admin.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other sessions have been signed out.'),
  ).toBeVisible();

  // The other browser hears it over the socket and leaves with the reason.
  await expect(otherPage).toHaveURL(/\/login/, { timeout: 10_000 });
  await expect(
    otherPage.getByText(
      'Your password was changed, so this session was signed out. Please sign in again.',
    ),
  ).toBeVisible();

  // This one stays signed in, and the 'Password changed' notification arrived live.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // Edit the profile: name and phone.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const edit = page.getByRole('form', { name: 'Edit profile' });
  await shot(page, 'account-profile-edit-light');
  await edit.getByLabel('Name').fill(`${admin.name} Renamed`);
  await edit.getByLabel('Phone').fill('+91 98765 43210');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${admin.name} Renamed` })).toBeVisible();
  await expect(page.getByTestId('admin-name')).toHaveText(`${admin.name} Renamed`);

  // The bell's panel, then the notification page: mark it read.
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect(panel.getByText('Password changed')).toBeVisible();
  await shot(page, 'account-notification-bell-light', { fullPage: false });
  await panel.getByRole('link', { name: 'View all notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Mark "Password changed" as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // The other browser signs in with the new password.
  await signInAs(otherPage, { ...admin, password: newPassword });
  await other.close();
});

/** Fakes the three location services of the login page (spec §7) for one page. */
const fakeLocationServices = async (page: Page) => {
  const answer = (route: Route, body: unknown) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify(body),
    });
  await page.route(`${E2E_LOCATION_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/ip') return answer(route, { ip: '198.51.100.7' });
    if (url.pathname === '/reverse') {
      expect(url.searchParams.get('lat')).toBe('15.4909');
      expect(url.searchParams.get('lon')).toBe('73.8278');
      return answer(route, {
        display_name: 'Panaji, North Goa, Goa, 403001, India',
        address: { city: 'Panaji', state: 'Goa', postcode: '403001', country: 'India' },
      });
    }
    return answer(route, { ip: '198.51.100.7', city: 'Pune', country_name: 'India' });
  });
};

test('login activity shows the reported location; logging out other devices ends them; live notifications', async ({
  page,
  request,
  browser,
}) => {
  await lightTheme(page);
  const admin = await createActiveAdmin(page, request, 'Activity');
  // First browser: location services unreachable → the spec §8 fallbacks.
  await signInAs(page, admin);
  await page.goto('/notification');
  await expect(page.getByText('No notifications')).toBeVisible();

  // Second browser: position allowed, services answering.
  const located = await browser.newContext({
    geolocation: { latitude: 15.4909, longitude: 73.8278 },
    permissions: ['geolocation'],
  });
  const locatedPage = await located.newPage();
  await fakeLocationServices(locatedPage);
  await signInAs(locatedPage, admin);
  await locatedPage.goto('/login-activity');
  await expect(
    locatedPage.getByRole('heading', { name: 'Login Activity', level: 1 }),
  ).toBeVisible();
  const rows = locatedPage.getByRole('row');
  const newest = rows.nth(1);
  await expect(newest).toContainText('Panaji, North Goa, Goa, 403001, India');
  await expect(newest).toContainText('This device');
  await expect(newest).toContainText('Signed in');
  await expect(newest).toContainText('reported 198.51.100.7');
  const earlier = rows.nth(2);
  await expect(earlier).toContainText('Unknown Location');
  await expect(earlier).toContainText('Active');
  await shot(locatedPage, 'account-login-activity-light');
  await locatedPage.emulateMedia({ colorScheme: 'dark' });
  await shot(locatedPage, 'account-login-activity-dark');
  await locatedPage.emulateMedia({ colorScheme: 'light' });

  // The first browser got 'Sign-in from a new location' live: list, bell and a toast.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toContainText('Sign-in from a new location');
  await expect(page.getByText(/^Sign-in from a new location: /)).toBeVisible();
  await shot(page, 'account-notifications-light');
  await darkTheme(page);
  await shot(page, 'account-notifications-dark');
  await lightTheme(page);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All notifications marked as read')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(list.getByText('Unread')).toHaveCount(0);

  // 'Log out all other devices' from the located browser ends the first one at once.
  await locatedPage.getByRole('button', { name: 'Log out all other devices' }).click();
  const dialog = locatedPage.getByRole('alertdialog', { name: 'Log out all other devices?' });
  await expect(dialog).toContainText('1 other session will be signed out');
  await dialog.getByRole('button', { name: 'Log out other devices' }).click();
  await expect(locatedPage.getByText('Signed out of 1 other device.')).toBeVisible();
  await expect(earlier).toContainText('Ended');
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  await expect(
    page.getByText('This device was signed out from another session. Please sign in again.'),
  ).toBeVisible();
  await located.close();
});
