import type { PermissionKey } from '@safarnama/contract';

/**
 * The one definition of the admin pages (spec §2 protected routes): path, title, the permission
 * that opens it (null = every signed-in admin), what it will do, and where it sits in the sidebar.
 * The router builds its protected routes and their permission checks from this list, and the
 * sidebar shows the `nav` entries the admin may open.
 */
export type PageKind =
  | 'coming-soon'
  | 'tasks'
  | 'faq'
  | 'chat'
  | 'image-library'
  | 'blogs'
  | 'countries'
  | 'states'
  | 'places'
  | 'place-details'
  | 'place-details-gallery'
  | 'coverage'
  | 'itineraries'
  | 'homepage'
  | 'dashboard'
  | 'user-types'
  | 'role-permissions'
  | 'admin-users'
  | 'admin-user'
  | 'admin-activities'
  | 'profile'
  | 'login-activity'
  | 'authenticator'
  | 'notifications'
  | 'ip-block'
  | 'communication-settings'
  | 'basic-settings'
  | 'policy-settings'
  | 'marketing-notifications';

export interface AdminPage {
  id: string;
  /** Route path (without the leading slash), as the router matches it. */
  path: string;
  title: string;
  permission: PermissionKey | null;
  description: string;
  kind: PageKind;
  /** Sidebar entry: group, label and the link target (for routes with parameters). */
  nav?: { group: NavGroupId; label: string; to: string };
}

export type NavGroupId =
  'main' | 'users' | 'services' | 'marketing' | 'settings' | 'account' | 'apps';

export const NAV_GROUPS: { id: NavGroupId; label: string | null }[] = [
  { id: 'main', label: null },
  { id: 'users', label: 'Users & Roles' },
  { id: 'services', label: 'Services' },
  { id: 'marketing', label: 'Marketing' },
  { id: 'settings', label: 'Settings' },
  { id: 'account', label: 'Account' },
  { id: 'apps', label: 'Apps' },
];

const page = (
  id: string,
  path: string,
  title: string,
  permission: PermissionKey | null,
  description: string,
  nav?: { group: NavGroupId; label?: string; to?: string },
  kind: PageKind = 'coming-soon',
): AdminPage => ({
  id,
  path,
  title,
  permission,
  description,
  kind,
  ...(nav
    ? { nav: { group: nav.group, label: nav.label ?? title, to: nav.to ?? `/${path}` } }
    : {}),
});

export const ADMIN_PAGES: AdminPage[] = [
  page(
    'dashboard',
    'dashboard',
    'Dashboard',
    'dashboard.view',
    'An overview of the content: counts of places, itineraries and image libraries, recent admin activity and scheduled notifications.',
    { group: 'main' },
    'dashboard',
  ),
  // Users & Roles
  page(
    'addUserType',
    'add-user-type',
    'Add Role',
    'roles.view',
    'Create user types (roles), list them with search and paging, and switch a role on or off. The built-in Super Admin role cannot be changed.',
    { group: 'users' },
    'user-types',
  ),
  page(
    'addRolePermission',
    'add-role-permission',
    'Add Permission',
    'roles.view',
    'Choose a role and grant or withdraw its permissions module by module (view, create, update, delete).',
    { group: 'users' },
    'role-permissions',
  ),
  page(
    'addUser',
    'add-user',
    'Add User',
    'admins.view',
    'Invite admin users with a role, list and search them, and activate or deactivate their accounts.',
    { group: 'users' },
    'admin-users',
  ),
  page(
    'adminUser',
    'admin/user/:id',
    'Admin User Info',
    'admins.view',
    "One admin user's details with their login activity and their recent actions.",
    undefined,
    'admin-user',
  ),
  page(
    'adminsActivities',
    'admins-activities',
    'Admin Activities',
    'activity.view',
    'The audit log: who changed what and when, from which address, with the changed fields.',
    { group: 'users' },
    'admin-activities',
  ),
  // Services
  page(
    'countries',
    'services/addCountries',
    'Countries',
    'geography.view',
    'Add and edit countries with their short name and flag, and switch them on or off.',
    { group: 'services' },
    'countries',
  ),
  page(
    'states',
    'services/addStates',
    'States',
    'geography.view',
    'Add and edit the states of each country with an image, and switch them on or off.',
    { group: 'services' },
    'states',
  ),
  page(
    'places',
    'services/addPlaces',
    'Places',
    'geography.view',
    'Add and edit places within a state with an image and a short description.',
    { group: 'services' },
    'places',
  ),
  page(
    'placeDetails',
    'services/addPlaceDetails',
    'Place Details',
    'place-details.view',
    'Monthly details of each place: description, temperature, location, best time to visit, cover photo and gallery.',
    { group: 'services' },
    'place-details',
  ),
  page(
    'coverage',
    'services/coverage',
    'Content Coverage',
    'place-details.view',
    'Every active place month by month: complete, incomplete or missing details, with totals per month.',
    { group: 'services' },
    'coverage',
  ),
  page(
    'placeDetailsGallery',
    'services/placeDetailsGallery/:id',
    'Place Details Gallery',
    'place-details.view',
    'The gallery images of one place-details record, with alt text and order.',
    undefined,
    'place-details-gallery',
  ),
  page(
    'placeBlogs',
    'services/addPlaceBlog',
    'Places Travelpedia',
    'blogs.view',
    'Write and publish Travelpedia articles about places, with cover image, tags and SEO fields.',
    { group: 'services' },
    'blogs',
  ),
  page(
    'itineraries',
    'services/itineraries',
    'Manage Itineraries',
    'itineraries.view',
    'Create, edit and search tour packages with daily plans, FAQs, prices in rupees and a photo gallery.',
    { group: 'services' },
    'itineraries',
  ),
  page(
    'homepage',
    'services/homepage-settings',
    'Homepage Settings',
    'homepage.view',
    'Choose the trending destinations, tour packages and Travelpedia blogs featured on the homepage.',
    { group: 'services' },
    'homepage',
  ),
  page(
    'imageLibrary',
    'services/image-library',
    'Image Library',
    'image-libraries.view',
    'Organise reusable photo libraries by month, upload images with alt text and reorder them.',
    { group: 'services' },
    'image-library',
  ),
  // Marketing
  page(
    'addNotification',
    'marketing/notification',
    'Add Notification',
    'marketing.view',
    'Schedule marketing notifications by push, e-mail, SMS or WhatsApp and follow their delivery.',
    { group: 'marketing' },
    'marketing-notifications',
  ),
  // Settings
  page(
    'settings',
    'settings',
    'Settings',
    'settings.view',
    'Update your profile details and password, and reach every settings page.',
    { group: 'settings' },
    'profile',
  ),
  page(
    'settingsProfile',
    'settings/profile-update',
    'Settings Profile',
    'settings.view',
    'Update your profile details and password, and reach every settings page.',
    undefined,
    'profile',
  ),
  page(
    'basicSettings',
    'settings/basic-settings',
    'Basic Settings',
    'settings.view',
    'General settings of the back-office, including maintenance mode.',
    { group: 'settings' },
    'basic-settings',
  ),
  page(
    'ipBlock',
    'settings/ip-block',
    'Ip Blocking',
    'settings.view',
    'Limit admin access to listed IP addresses and ranges. An empty list allows every address.',
    { group: 'settings' },
    'ip-block',
  ),
  page(
    'policySetting',
    'settings/policy-setting',
    'Policy Setting',
    'settings.view',
    'The privacy policy, terms and conditions, and cancellation and refund policy, as rich text.',
    { group: 'settings' },
    'policy-settings',
  ),
  page(
    'communicationSetting',
    'settings/communication-setting',
    'Communication Settings',
    'settings.view',
    'Credentials for e-mail, SMS and WhatsApp delivery, stored encrypted, each with a test send.',
    { group: 'settings' },
    'communication-settings',
  ),
  // Account
  page(
    'profile',
    'profile-details',
    'Profile',
    null,
    'Your name, e-mail, phone and photo.',
    { group: 'account' },
    'profile',
  ),
  page(
    'loginActivity',
    'login-activity',
    'Login Activity',
    null,
    'Where and when your account signed in, with the option to sign out every other device.',
    { group: 'account' },
    'login-activity',
  ),
  page(
    'authenticator',
    'authenticator',
    'Authenticator',
    null,
    'Turn two-factor authentication on with an authenticator app, or off again.',
    { group: 'account' },
    'authenticator',
  ),
  page(
    'notifications',
    'notification',
    'Notifications',
    null,
    'Your in-app notifications: new sign-ins, security changes and delivery reports, marked read one by one or all at once.',
    { group: 'account' },
    'notifications',
  ),
  // Apps (placeholder screens with sample data, spec §2)
  page('tasks', 'tasks', 'Tasks', null, 'Sample tasks.', { group: 'apps' }, 'tasks'),
  page('faq', 'questions', 'FAQ', null, 'Frequently asked questions.', { group: 'apps' }, 'faq'),
  page(
    'chat',
    'chat/:id',
    'Chat',
    null,
    'Sample conversations.',
    { group: 'apps', to: '/chat/1' },
    'chat',
  ),
];

export const navItemsFor = (group: NavGroupId) => ADMIN_PAGES.filter((p) => p.nav?.group === group);
