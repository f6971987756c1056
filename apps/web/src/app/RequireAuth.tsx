import { Navigate, Outlet, useLocation } from 'react-router';
import { useProfile } from '../features/auth/auth.api';
import { FullScreenSpinner } from '../components/ui/Spinner';
import { Button } from '../components/ui/Button';
import { StatusScreen } from '../components/ui/StatusScreen';
import { getErrorMessage, getErrorStatus, isNetworkError } from '../lib/errors';
import { loginPathFor } from '../lib/navigator';

/**
 * The access check of the protected routes: loads the signed-in admin's profile. Signed out (401)
 * goes to /login with the path to come back to; an unreachable server (or maintenance, 503) to
 * /service-unavailable.
 */
export const RequireAuth = () => {
  const location = useLocation();
  const { data, error, isLoading, refetch } = useProfile();

  if (error) {
    const status = getErrorStatus(error);
    if (status === 401) {
      return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
    }
    if (isNetworkError(error) || status === 503) {
      return <Navigate to="/service-unavailable" replace />;
    }
    const handleRetry = (): void => {
      void refetch();
    };
    return (
      <StatusScreen
        title="Something went wrong"
        message={getErrorMessage(error, 'Your profile could not be loaded.')}
      >
        <Button onClick={handleRetry}>Retry</Button>
      </StatusScreen>
    );
  }
  if (isLoading || !data) return <FullScreenSpinner />;
  return <Outlet />;
};
