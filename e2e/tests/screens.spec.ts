import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '@safarnama/contract';
import { shot, signIn } from './fixtures.js';

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(
    page.getByText("Sorry, we couldn't find the page you're looking for."),
  ).toBeVisible();
  await shot(page, '404-light');
  await page.getByRole('button', { name: 'Back to Home' }).click();
  // Signed out, home leads on to the login screen.
  await expect(page).toHaveURL(/\/login/);
});

test('the theme choice persists across a reload and system follows the OS live', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page);
  expect(await isDark(page)).toBe(false);
  await shot(page, 'dashboard-light');

  await page.getByLabel('Theme').first().selectOption('dark');
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await shot(page, 'dashboard-dark');

  await page.getByLabel('Theme').first().selectOption('system');
  expect(await isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
});

test('tasks toggle between Complete and Undo, incomplete first', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
  const first = items.first();
  const text = (await first.innerText()).split('\n')[0] ?? '';
  await first.getByRole('button', { name: 'Complete' }).click();
  // The completed task moves behind every incomplete one and offers Undo.
  const moved = items.filter({ hasText: text });
  await expect(moved.getByRole('button', { name: 'Undo' })).toBeVisible();
  const texts = await items.allInnerTexts();
  const lastIncomplete = texts
    .map((t) => t.includes('Complete') && !t.includes('Undo'))
    .lastIndexOf(true);
  const index = texts.findIndex((t) => t.startsWith(text));
  expect(index).toBeGreaterThan(lastIncomplete);
  await moved.getByRole('button', { name: 'Undo' }).click();
  await expect(moved.getByRole('button', { name: 'Complete' })).toBeVisible();
});

test('set-password without a token goes to /login', async ({ page }) => {
  await page.goto('/set-password');
  await expect(page).toHaveURL(/\/login$/);
});

test('set-password with a bad token shows the invalid-link alert', async ({ page }) => {
  await page.goto('/set-password?token=not-a-real-token');
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByText('Invalid or Expired Link')).toBeVisible();
  await expect(
    alert.getByText('The reset link is either invalid or has expired. Please request a new one.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the shell lists every section and the login screen looks right in both themes', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Safarnama');
  await shot(page, 'login-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'login-light');
  await signIn(page);
  for (const name of [
    'Manage Itineraries',
    'Image Library',
    'Homepage Settings',
    'Countries',
    'Tasks',
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByText('Message history...')).toBeVisible();
  await shot(page, 'chat-light');
});
