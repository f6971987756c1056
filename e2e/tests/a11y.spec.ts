import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { setScheme, signIn } from './fixtures.js';

/**
 * WCAG 2.2 AA with axe-core (issue 20): every page and the main modals, in both themes, without a
 * serious or critical violation. A failure lists each rule with the elements it found.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PAGES = [
  '/dashboard',
  '/add-user-type',
  '/add-role-permission',
  '/add-user',
  '/admins-activities',
  '/services/addCountries',
  '/services/addStates',
  '/services/addPlaces',
  '/services/addPlaceDetails',
  '/services/addPlaceBlog',
  '/services/itineraries',
  '/services/homepage-settings',
  '/services/image-library',
  '/marketing/notification',
  '/settings',
  '/settings/basic-settings',
  '/settings/ip-block',
  '/settings/policy-setting',
  '/settings/communication-setting',
  '/profile-details',
  '/login-activity',
  '/authenticator',
  '/notification',
  '/tasks',
  '/faq',
];

const MODALS: { page: string; open: string }[] = [
  { page: '/services/addCountries', open: 'Add Country' },
  { page: '/services/addPlaceDetails', open: 'Add Place Details' },
  { page: '/services/addPlaceBlog', open: 'Add Blog' },
  { page: '/services/itineraries', open: 'Add New Itinerary' },
  { page: '/services/image-library', open: 'Add New Library' },
  { page: '/marketing/notification', open: 'Add Notification' },
  { page: '/add-user', open: 'Invite Admin' },
  { page: '/add-user-type', open: 'New Role' },
];

type Found = { id: string; impact: string; help: string; nodes: string[] };

/** Serious and critical violations, and content outside any landmark (`region`, moderate). */
const serious = async (page: Page): Promise<Found[]> => {
  const results = await new AxeBuilder({ page })
    .withTags([...WCAG_TAGS, 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
};

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

for (const scheme of ['light', 'dark'] as const) {
  test(`the sign-in page has no serious accessibility violation (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });

  test(`every page has no serious accessibility violation (${scheme})`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await setScheme(page, scheme);
    const found: Record<string, Found[]> = {};
    for (const path of PAGES) {
      await page.goto(path);
      await settle(page);
      const violations = await serious(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  test(`the main modals have no serious accessibility violation (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await setScheme(page, scheme);
    const found: Record<string, Found[]> = {};
    for (const { page: path, open } of MODALS) {
      await page.goto(path);
      await settle(page);
      await page.getByRole('button', { name: open, exact: true }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      const violations = await serious(page);
      if (violations.length) found[`${path} › ${open}`] = violations;
    }
    expect(found).toEqual({});
  });
}
