import { Navigate } from 'react-router';
import { hasPermission, useProfile } from '../features/auth/auth.api';
import { ADMIN_PAGES } from './navigation';

/** `/` opens the dashboard, or the first page this admin may open when the dashboard is closed. */
export const HomeRedirect = () => {
  const { data: profile } = useProfile();
  const target =
    ADMIN_PAGES.find((page) => page.nav && hasPermission(profile, page.permission))?.nav?.to ??
    '/dashboard';
  return <Navigate to={target} replace />;
};

export { HomeRedirect as Component };
