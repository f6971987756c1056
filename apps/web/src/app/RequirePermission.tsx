import { Outlet, useNavigate } from 'react-router';
import type { PermissionKey } from '@safarnama/contract';
import { hasPermission, useProfile } from '../features/auth/auth.api';
import { Button } from '../components/ui/Button';
import { StatusScreen } from '../components/ui/StatusScreen';

export const ForbiddenScreen = () => {
  const navigate = useNavigate();
  const handleBackHome = (): void => {
    void navigate('/');
  };
  return (
    <StatusScreen
      fullScreen={false}
      code="403"
      title="Access Denied"
      message="You don't have permission to view this page."
    >
      <Button onClick={handleBackHome}>Back to Home</Button>
    </StatusScreen>
  );
};

/** Shows the page only when the admin holds `permission` (null: every signed-in admin). */
export const RequirePermission = ({ permission }: { permission: PermissionKey | null }) => {
  const { data: profile } = useProfile();
  if (!hasPermission(profile, permission)) return <ForbiddenScreen />;
  return <Outlet />;
};
