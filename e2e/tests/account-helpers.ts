import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { apiLogin, waitForMail } from './fixtures.js';

/** An admin of its own for one account-security test (so the e2e super admin stays as it is). */
export interface TestAdmin {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/**
 * Invites a new admin through the admin-users API (issue 8) — a Super Admin, or the user type
 * `options.userTypeId` — and accepts the invitation through the set-password screen, as the new
 * admin would: the mail's link, 'Choose your password', then /login.
 */
export async function createActiveAdmin(
  page: Page,
  request: APIRequestContext,
  label: string,
  options: { userTypeId?: string } = {},
): Promise<TestAdmin> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const admin: TestAdmin = {
    name: `${label} Tester`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}@safarnama.test`,
    password: `Kerala-Backwaters-${stamp}`,
  };
  const token = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const types = await request.get(API_PATHS.manage.userTypeOptions, { headers });
  expect(types.ok(), await types.text()).toBe(true);
  const { data } = (await types.json()) as {
    data: { userTypes: { _id: string; isSuperAdmin: boolean }[] };
  };
  const superAdmin = data.userTypes.find((type) => type.isSuperAdmin);
  if (!superAdmin) throw new Error('no Super Admin user type');
  const userTypeId = options.userTypeId ?? superAdmin._id;
  const created = await request.post(API_PATHS.manage.addUser, {
    headers,
    data: { data: { name: admin.name, email: admin.email, userTypeId } },
  });
  expect(created.status(), await created.text()).toBe(201);

  const invitation = await waitForMail(admin.email);
  expect(invitation.link).toBeTruthy();
  await page.goto(invitation.link ?? '');
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await fillNewPassword(page, admin.password);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return admin;
}

/** Types a new password and its confirmation on the set-password or profile forms. */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
}

/** Fills the login form and presses Sign in (no expectation on where it leads). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as `admin` (no second factor) and waits for the dashboard. */
export async function signInAs(page: Page, admin: TestAdmin): Promise<void> {
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Signs out, signs in again as `admin` and answers the second step with a recovery code. */
export async function signInWithRecoveryCode(
  page: Page,
  admin: TestAdmin,
  code: string,
): Promise<void> {
  await signOut(page);
  await submitLogin(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The header bell, whose accessible name carries the unread count. */
export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
