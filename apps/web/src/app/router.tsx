import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadWithTimeout } from './lazy';
import { ADMIN_PAGES, type AdminPage } from './navigation';
import { DocumentTitle, type RouteHandle } from './pageTitle';
import { RequireAuth } from './RequireAuth';
import { RequirePermission } from './RequirePermission';
import { InlineRouteErrorScreen, RouteErrorScreen } from './RouteErrorScreen';
import { FullScreenSpinner } from '../components/ui/Spinner';

/** The lazy part of an admin page: its own screen, or the shared ComingSoon screen. */
const lazyPage = (page: AdminPage): RouteObject['lazy'] => {
  switch (page.kind) {
    case 'tasks':
      return () => loadWithTimeout(() => import('../features/apps/TasksPage'));
    case 'faq':
      return () => loadWithTimeout(() => import('../features/apps/FaqPage'));
    case 'chat':
      return () => loadWithTimeout(() => import('../features/apps/ChatPage'));
    case 'image-library':
      return () => loadWithTimeout(() => import('../features/image-libraries/ImageLibraryPage'));
    case 'blogs':
      return () => loadWithTimeout(() => import('../features/blogs/BlogsPage'));
    case 'countries':
    case 'states':
    case 'places': {
      const exported = (
        { countries: 'CountriesPage', states: 'StatesPage', places: 'PlacesPage' } as const
      )[page.kind];
      return async () => {
        const module = await loadWithTimeout(() => import('../features/geography/GeoPage'));
        return { Component: module[exported] };
      };
    }
    case 'place-details':
      return () => loadWithTimeout(() => import('../features/place-details/PlaceDetailsPage'));
    case 'coverage':
      return () => loadWithTimeout(() => import('../features/content-coverage/CoveragePage'));
    case 'place-details-gallery':
      return () =>
        loadWithTimeout(() => import('../features/place-details/PlaceDetailsGalleryPage'));
    case 'itineraries':
      return () => loadWithTimeout(() => import('../features/itineraries/ItinerariesPage'));
    case 'homepage':
      return () => loadWithTimeout(() => import('../features/homepage/HomepageSettingsPage'));
    case 'dashboard':
      return () => loadWithTimeout(() => import('../features/dashboard/DashboardPage'));
    case 'user-types':
      return () => loadWithTimeout(() => import('../features/manage/UserTypesPage'));
    case 'role-permissions':
      return () => loadWithTimeout(() => import('../features/manage/RolePermissionsPage'));
    case 'admin-users':
      return () => loadWithTimeout(() => import('../features/manage/AdminUsersPage'));
    case 'admin-user':
      return () => loadWithTimeout(() => import('../features/manage/AdminUserPage'));
    case 'admin-activities':
      return () => loadWithTimeout(() => import('../features/manage/ActivitiesPage'));
    case 'profile':
      return () => loadWithTimeout(() => import('../features/account/ProfilePage'));
    case 'login-activity':
      return () => loadWithTimeout(() => import('../features/account/LoginActivityPage'));
    case 'authenticator':
      return () => loadWithTimeout(() => import('../features/account/AuthenticatorPage'));
    case 'notifications':
      return () => loadWithTimeout(() => import('../features/notifications/NotificationsPage'));
    case 'ip-block':
      return () => loadWithTimeout(() => import('../features/settings/IpBlockPage'));
    case 'communication-settings':
      return () => loadWithTimeout(() => import('../features/settings/CommunicationSettingsPage'));
    case 'basic-settings':
      return () => loadWithTimeout(() => import('../features/settings/BasicSettingsPage'));
    case 'policy-settings':
      return () => loadWithTimeout(() => import('../features/settings/PolicySettingsPage'));
    case 'marketing-notifications':
      return () =>
        loadWithTimeout(() => import('../features/marketing/MarketingNotificationsPage'));
    case 'coming-soon':
      return async () => {
        const { ComingSoonPage } = await loadWithTimeout(
          () => import('../features/coming-soon/ComingSoonPage'),
        );
        return { element: <ComingSoonPage title={page.title} description={page.description} /> };
      };
  }
};

/** A route's heading, read by the tab title (`pageTitle.tsx`) and pages shared by two routes. */
const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

const adminRoutes: RouteObject[] = ADMIN_PAGES.map((page) => ({
  path: page.path,
  ...titled(page.title),
  element: <RequirePermission permission={page.permission} />,
  children: [{ index: true, lazy: lazyPage(page) }],
}));

/** The pages that never ask for the signed-in admin's profile (main.tsx fetches it early). */
export const PROFILE_FREE_PATHS = ['/forgot-password', '/set-password', '/service-unavailable'];

/** Every page is a lazy route (chunks load with the 120 s time-out and a retry screen). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <DocumentTitle />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        path: 'login',
        ...titled('Sign in'),
        lazy: () => loadWithTimeout(() => import('../features/auth/LoginPage')),
      },
      {
        path: 'forgot-password',
        ...titled('Forgot password'),
        lazy: () => loadWithTimeout(() => import('../features/auth/ForgotPasswordPage')),
      },
      {
        path: 'set-password',
        ...titled('Set password'),
        lazy: () => loadWithTimeout(() => import('../features/auth/SetPasswordPage')),
      },
      {
        path: 'service-unavailable',
        ...titled('Service Unavailable'),
        lazy: () => loadWithTimeout(() => import('../features/system/ServiceUnavailablePage')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => loadWithTimeout(() => import('./layout/AppLayout')),
            children: [
              {
                errorElement: <InlineRouteErrorScreen />,
                children: [
                  { index: true, lazy: () => loadWithTimeout(() => import('./HomeRedirect')) },
                  ...adminRoutes,
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ...titled('Page Not Found'),
        lazy: () => loadWithTimeout(() => import('../features/system/NotFoundPage')),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
