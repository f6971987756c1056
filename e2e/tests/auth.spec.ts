import { expect, test, type Page } from '@playwright/test';
import { AUTH_TOKEN_KEY, API_PATHS } from '@safarnama/contract';
import { E2E_ADMIN, signIn } from './fixtures.js';

const sessionToken = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), AUTH_TOKEN_KEY);

test.describe('sign-in', () => {
  test('without remember me keeps the token for this tab only', async ({ page, context }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await sessionToken(page)).toMatch(/\S{20,}/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === AUTH_TOKEN_KEY)).toBeUndefined();

    // A new tab of the same browser has no session storage: it must sign in again.
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
  });

  test('with remember me the server keeps an HttpOnly cookie', async ({ page, context }) => {
    await signIn(page, { rememberMe: true });
    expect(await sessionToken(page)).toBeNull();
    const cookie = (await context.cookies()).find((c) => c.name === AUTH_TOKEN_KEY);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');
    expect(await page.evaluate(() => document.cookie)).not.toContain(AUTH_TOKEN_KEY);

    // Still signed in after a reload and in a new tab.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/tasks');
    await expect(other.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  });

  test('a wrong password shows a clear message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionToken(page)).toBeNull();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('sign out ends the session on the server too', async ({ page, request }) => {
    await signIn(page);
    const token = await sessionToken(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionToken(page)).toBeNull();
    const res = await request.get(API_PATHS.auth.profile, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    expect(res.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a protected route while signed out leads to /login and back after sign-in', async ({
    page,
  }) => {
    await page.goto('/services/itineraries');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fservices%2Fitineraries/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/services\/itineraries$/);
    await expect(page.getByRole('heading', { name: 'Itinerary Management' })).toBeVisible();
  });

  test('a revoked session returns to /login with a message', async ({ page, request }) => {
    await signIn(page);
    const token = await sessionToken(page);
    // The session is revoked elsewhere (another tab signs out with the same token).
    const res = await request.post(API_PATHS.auth.logout, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    expect(res.status()).toBe(200);
    // The server tells the open page over the socket (session-revoked): it leaves at once.
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });
});
