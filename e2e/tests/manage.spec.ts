import { expect, test, type Locator, type Page } from '@playwright/test';
import { MANAGE_MESSAGES } from '@safarnama/contract';
import { setScheme, shot, shotBoth, signIn, waitForMail } from './fixtures.js';

/** Sidebar entries every signed-in admin sees (their own account and the sample apps). */
const SELF_SERVICE = [
  'Profile',
  'Login Activity',
  'Authenticator',
  'Notifications',
  'Tasks',
  'FAQ',
  'Chat',
];
/**
 * The pages a 'Content Editor' may open: itineraries.*, image-libraries.*, and (geography.view,
 * which the itinerary form's Country / State / Place lists need) the countries, states and places.
 */
const EDITOR_PAGES = ['Countries', 'States', 'Places', 'Manage Itineraries', 'Image Library'];
/** Pages guarded by other keys: none of them may show for the editor. */
const FORBIDDEN_PAGES = [
  'Dashboard',
  'Add Role',
  'Add Permission',
  'Add User',
  'Admin Activities',
  'Place Details',
  'Places Travelpedia',
  'Homepage Settings',
  'Add Notification',
  'Settings',
];

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();

const sidebarLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();

const rowWith = (scope: Page | Locator, text: string) =>
  scope.getByRole('row').filter({ hasText: text });

test.describe('Manage: roles, permissions, admins, activity', () => {
  test('a Content Editor role, an invited admin who sees only their pages, disabled live, and the log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(page, 'light');
    const run = `${Date.now()}`.slice(-7);
    const roleName = `Content Editor ${run}`;
    const editor = {
      name: `Kiran Rao ${run}`,
      email: `kiran-${run}@safarnama.test`,
      password: 'Kettle-Horizon-Meadow-2026!',
    };

    // ── The super admin creates the role.
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Add Role' })
      .click();
    await expect(page.getByRole('heading', { name: 'Add Role', level: 1 })).toBeVisible();
    // The built-in role is listed and locked.
    await expect(rowWith(page, 'Super Admin').getByText('Built-in', { exact: true })).toBeVisible();
    await expect(rowWith(page, 'Super Admin').getByText('Locked', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New Role' }).click();
    const roleForm = page.getByRole('dialog', { name: 'New Role' });
    await roleForm.getByLabel('Name *').fill(roleName);
    await roleForm
      .getByLabel('Description')
      .fill('Writes itineraries and looks after the photo libraries.');
    await shot(page, 'manage-role-form');
    await roleForm.getByRole('button', { name: 'Save Role' }).click();
    await expect(toast(page, MANAGE_MESSAGES.userTypeCreated)).toBeVisible();
    await expect(roleForm).toBeHidden();
    await page.getByLabel('Search roles').fill(run);
    const roleRow = rowWith(page, roleName);
    await expect(roleRow).toHaveCount(1);
    await expect(roleRow.getByText('0 admins')).toBeVisible();
    await page.getByLabel('Search roles').fill('');
    await expect(rowWith(page, 'Super Admin')).toBeVisible();
    await shotBoth(page, 'manage-roles');

    // ── Its permissions: itineraries and image libraries only.
    await page.getByLabel('Search roles').fill(run);
    await roleRow.getByRole('link', { name: `Permissions of ${roleName}` }).click();
    await expect(page).toHaveURL(/\/add-role-permission\?type=/);
    await expect(page.getByRole('heading', { name: 'Add Permission', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue(/.+/);
    await expect(page.getByRole('heading', { name: roleName, level: 2 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Itineraries: every action' }).check();
    await page.getByRole('checkbox', { name: 'Image libraries: every action' }).check();
    for (const action of ['view', 'create', 'update', 'delete']) {
      await expect(page.getByRole('checkbox', { name: `Itineraries: ${action}` })).toBeChecked();
      await expect(
        page.getByRole('checkbox', { name: `Image libraries: ${action}` }),
      ).toBeChecked();
    }
    await expect(page.getByRole('checkbox', { name: 'Dashboard: view' })).not.toBeChecked();
    // … plus geography.view, which the itinerary form needs (ticked and locked).
    await expect(
      page.getByRole('checkbox', { name: 'Countries, states & places: view' }),
    ).toBeChecked();
    await expect(page.getByText(/^9 of \d+ permissions$/)).toBeVisible();
    await shotBoth(page, 'manage-permissions');
    await page.getByRole('button', { name: 'Save Permissions' }).click();
    await expect(toast(page, MANAGE_MESSAGES.permissionsSaved)).toBeVisible();
    const overview = page.getByRole('region', { name: 'Permissions of every role' });
    await expect(overview.getByRole('list', { name: `${roleName} permissions` })).toContainText(
      'Itineraries: view, create, update, delete',
    );
    // The Super Admin role is read-only.
    await overview.getByRole('button', { name: 'Open Super Admin' }).click();
    await expect(
      page.getByText('The built-in Super Admin role holds every permission.'),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Dashboard: view' })).toBeDisabled();

    // ── Invite an admin with the role.
    await page.goto('/add-user');
    await expect(page.getByRole('heading', { name: 'Add User', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Invite Admin' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Admin' });
    await invite.getByLabel('Name *').fill(editor.name);
    await invite.getByLabel('E-mail *').fill(editor.email);
    await invite.getByLabel('Phone').fill('+91 98765 43210');
    await invite.getByLabel('Role *').selectOption({ label: roleName });
    await shot(page, 'manage-invite');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, MANAGE_MESSAGES.userCreated)).toBeVisible();
    await expect(invite).toBeHidden();
    await page.getByLabel('Search admins').fill(editor.email);
    const adminRow = rowWith(page, editor.email);
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow.getByText('Invitation pending')).toBeVisible();
    await expect(adminRow.getByText(roleName)).toBeVisible();
    await expect(adminRow.getByText('Off')).toBeVisible();
    await page.getByLabel('Search admins').fill('');
    await expect(rowWith(page, 'You')).toHaveCount(1);
    await shotBoth(page, 'manage-admins');

    // ── The invitation arrives; its link opens the set-password form in another browser.
    const mail = await waitForMail(editor.email);
    expect(mail.link, mail.raw).toBeTruthy();
    const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const them = await editorContext.newPage();
    await them.goto(mail.link ?? '');
    await them.getByLabel('New password', { exact: true }).fill(editor.password);
    await them.getByLabel('Confirm new password', { exact: true }).fill(editor.password);
    await them.getByRole('button', { name: 'Create password' }).click();
    await expect(them).toHaveURL(/\/login/);

    // ── They sign in and see only their pages (plus their own account and the apps).
    await them.getByLabel('Email').fill(editor.email);
    await them.getByLabel('Password', { exact: true }).fill(editor.password);
    await them.getByRole('button', { name: 'Sign in' }).click();
    await expect(them.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => sidebarLinks(them)).toEqual(expect.arrayContaining(EDITOR_PAGES));
    const links = await sidebarLinks(them);
    for (const link of links) expect([...EDITOR_PAGES, ...SELF_SERVICE]).toContain(link);
    for (const forbidden of FORBIDDEN_PAGES) expect(links).not.toContain(forbidden);
    // `/` opens the first page they may open.
    await them.goto('/');
    await expect(them).toHaveURL(/\/services\/addCountries$/);
    await them.goto('/services/itineraries');
    await expect(them.getByRole('button', { name: 'Add New Itinerary' })).toBeVisible();
    // A page they may not open shows the 403 screen.
    await them.goto('/add-user');
    await expect(them.getByText('Access Denied')).toBeVisible();
    await expect(them.getByText("You don't have permission to view this page.")).toBeVisible();
    await shot(them, 'manage-editor-403');
    await them
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Image Library' })
      .click();
    await expect(them.getByRole('heading', { name: 'Image Library Management' })).toBeVisible();
    await expect(them.getByRole('button', { name: 'Add New Library' })).toBeVisible();
    await shot(them, 'manage-editor-view');

    // ── The super admin sees them signed in, then disables them: their open page goes to /login.
    await page.getByLabel('Search admins').fill(editor.email);
    await expect(adminRow.getByText('Invitation pending')).toBeHidden();
    await adminRow.getByRole('button', { name: `Active: deactivate ${editor.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Deactivate ${editor.name}?` });
    await expect(confirm).toContainText('signed out of every session at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, MANAGE_MESSAGES.userStatus)).toBeVisible();
    await expect(
      adminRow.getByRole('button', { name: `Inactive: activate ${editor.name}` }),
    ).toBeVisible();
    // The realtime socket's session-revoked sends the open page to /login without a click.
    await expect(them).toHaveURL(/\/login/, { timeout: 15_000 });
    await editorContext.close();

    // ── Their page: profile, sign-ins and (none of) their actions.
    await adminRow.getByRole('link', { name: editor.name }).click();
    await expect(page.getByRole('heading', { name: 'Admin User Info', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: editor.name, level: 2 })).toBeVisible();
    const logins = page.getByRole('region', { name: 'Login activity' });
    await expect(logins.getByText('Signed in').first()).toBeVisible();
    await shotBoth(page, 'manage-admin-info');

    // ── The activity log shows the changes, with their field diff.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin Activities' })
      .click();
    await expect(page.getByRole('heading', { name: 'Admin Activities', level: 1 })).toBeVisible();
    await page.getByLabel('Search admin activities').fill(run);
    // The debounced search has applied: only this run's few entries are left (one page).
    await expect(page.getByText(/^Page 1 of 1 · \d+ entr(y|ies)$/)).toBeVisible();
    await expect(page.getByText(`Created user type '${roleName}'`)).toBeVisible();
    await expect(
      page.getByText(`Changed the permissions of user type '${roleName}'`),
    ).toBeVisible();
    await expect(page.getByText(`Deactivated admin user '${editor.name}'`)).toBeVisible();
    const permissionsRow = rowWith(page, `Changed the permissions of user type '${roleName}'`);
    await permissionsRow.getByRole('button', { name: /Changes|Details/ }).click();
    const diff = page.getByRole('table', { name: 'Changed fields' });
    await expect(diff).toBeVisible();
    await expect(diff).toContainText('itineraries.create');
    await shotBoth(page, 'manage-activity');

    // ── The dashboard's latest admin activity leads with the newest change.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const latest = page.getByRole('region', { name: 'Latest admin activity' });
    await expect(latest.getByRole('listitem').first()).toContainText(
      `Deactivated admin user '${editor.name}'`,
    );
    await expect(latest.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/admins-activities',
    );
    await latest.scrollIntoViewIfNeeded();
    await shot(page, 'manage-dashboard-activity', { fullPage: false });
  });
});
