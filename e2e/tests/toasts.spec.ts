import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { bell, createActiveAdmin, signInAs, type TestAdmin } from './account-helpers.js';
import { setScheme } from './fixtures.js';

/**
 * Toasts (issue 20) in a real browser: a stack of toasts never covers an open dialog's close
 * button or its primary action (wide and phone-sized), stays clickable above the overlay and
 * follows a theme change; and a password change shows one toast, not two. The toasts come the way
 * an admin gets them: the realtime notifications of another session of the same admin (two-factor
 * switched on and off through the API), which this session still toasts. Every test makes its own
 * admin, so the e2e super admin's password and 2FA never change.
 */

// Each test invites an admin (mail), signs in several times (argon2 on a small machine).
test.describe.configure({ timeout: 90_000 });

const api = (token?: string) => ({
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** A second session of `admin`, signed in through the API (no screen). */
async function otherSession(request: APIRequestContext, admin: TestAdmin): Promise<string> {
  const response = await request.post(API_PATHS.auth.login, {
    headers: api(),
    data: { data: { email: admin.email, password: admin.password, rememberMe: false } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function post(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const response = await request.post(url, {
    headers: api(token),
    ...(data === undefined ? {} : { data: { data } }),
  });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** Turns two-factor on from that session: every session of the admin is notified. */
async function turnTwoFactorOn(request: APIRequestContext, token: string): Promise<void> {
  const { data } = await post(request, token, API_PATHS.auth.generateTwoFactorSecret);
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(String(data.secret)),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  await post(request, token, API_PATHS.auth.verifyTwoFactor, { otp: totp.generate() });
}

/**
 * Three toasts on this page while the itinerary dialog is open: two-factor on, off and on again
 * from another session of the same admin, each a realtime notification this session toasts.
 */
async function raiseThreeToasts(request: APIRequestContext, admin: TestAdmin, token: string) {
  await turnTwoFactorOn(request, token);
  await post(request, token, API_PATHS.auth.disableTwoFactor, { password: admin.password });
  await turnTwoFactorOn(request, token);
}

/**
 * What is on screen at the centre of the dialog's Close button and of its Save button, and how
 * many toasts are shown. The Close button is measured first (at the top of the panel), then the
 * Save button is brought into view if the panel has to scroll to it.
 */
const coverage = (dialog: Locator) =>
  dialog.evaluate((panel) => {
    const isFree = (element: Element | undefined): boolean => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    };
    const close = panel.querySelector('button[aria-label="Close"]') ?? undefined;
    const closeFree = isFree(close);
    const save = [...panel.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Save Itinerary',
    );
    save?.scrollIntoView({ block: 'nearest' });
    return {
      toasts: document.querySelectorAll('.Toastify__toast[data-in="true"]').length,
      closeFree,
      saveFree: isFree(save),
    };
  });

const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test(`a stack of toasts leaves the dialog's Close and Save free (${viewport.name} ${viewport.width}×${viewport.height})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await setScheme(page, 'light');
    const admin = await createActiveAdmin(page, request, `Toasts ${viewport.name}`);
    // The API session first: a later sign-in from another device notifies the sessions open
    // then, and that notice must not add a fourth toast here.
    const token = await otherSession(request, admin);
    await signInAs(page, admin);

    await page.goto('/services/itineraries');
    await page.getByRole('button', { name: 'Add New Itinerary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Itinerary' });
    await expect(dialog).toBeVisible();

    await raiseThreeToasts(request, admin, token);
    const toasts = page.locator('.Toastify__toast');
    await expect(toasts).toHaveCount(3);
    // Polled until the toasts have come in and the panel has moved below them, all three still
    // on screen (they close by themselves after 5 s).
    await expect
      .poll(() => coverage(dialog), { timeout: 4_000 })
      .toEqual({ toasts: 3, closeFree: true, saveFree: true });

    // Still top-right (spec §9), above the overlay.
    const stack = await page.locator('.Toastify__toast-container').boundingBox();
    expect(stack).not.toBeNull();
    expect(stack?.y ?? 99).toBeLessThanOrEqual(20);
    expect((stack?.x ?? 0) + (stack?.width ?? 0)).toBeGreaterThanOrEqual(viewport.width - 20);

    // A toast can be closed while the dialog is open, and the dialog stays.
    await toasts.first().getByRole('button', { name: 'close' }).click();
    await expect(toasts).toHaveCount(2);
    await expect(dialog).toBeVisible();

    // A toast on screen follows a theme change (held open by the pointer over it).
    const shown = toasts.first();
    await shown.hover();
    const colours = () =>
      shown.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} / ${style.color}`;
      });
    const light = await colours();
    await setScheme(page, 'dark');
    await expect.poll(colours).not.toBe(light);
    await setScheme(page, 'light');
    await expect.poll(colours).toBe(light);
  });
}

test('a password change shows one toast, not the change and its notification', async ({
  page,
  request,
}) => {
  await setScheme(page, 'light');
  const admin = await createActiveAdmin(page, request, 'One toast');
  await signInAs(page, admin);

  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form).toBeVisible();
  const newPassword = 'Konark-Sun-Temple-Wheel-7';
  await form.getByLabel('Current password', { exact: true }).fill(admin.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other sessions have been signed out.'),
  ).toBeVisible();

  // The 'Password changed' notification has arrived (bell and list)...
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  // ...and made no second toast: this session caused it.
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(page.locator('.Toastify__toast')).toContainText('Password changed.');

  // And back, so the account is as it was (the same single toast again).
  await form.getByLabel('Current password', { exact: true }).fill(newPassword);
  await form.getByLabel('New password', { exact: true }).fill(admin.password);
  await form.getByLabel('Confirm new password', { exact: true }).fill(admin.password);
  await page.locator('.Toastify__toast').getByRole('button', { name: 'close' }).click();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
});
