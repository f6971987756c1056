import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AlertDialog, AlertDialogAction } from '../../components/ui/AlertDialog';
import { Button, buttonClasses } from '../../components/ui/Button';
import { FullScreenSpinner } from '../../components/ui/Spinner';
import { AuthCard } from './AuthCard';
import { useValidateForgotPasswordTokenQuery } from './auth.api';

/**
 * /set-password?token=… (spec §2): no token → /login; otherwise the link is checked (pending,
 * valid on status 200, invalid on anything else).
 */
export const SetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <SetPasswordForToken token={token} />;
};

const SetPasswordForToken = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const { data: isValid, isLoading } = useValidateForgotPasswordTokenQuery(token);

  if (isLoading) return <FullScreenSpinner label="Checking your link..." />;

  if (isValid !== true) {
    const handleBackToLogin = (): void => {
      void navigate('/login', { replace: true });
    };
    return (
      <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
        <AlertDialog
          open
          dismissible={false}
          title="Invalid or Expired Link"
          description="The reset link is either invalid or has expired. Please request a new one."
        >
          <AlertDialogAction asChild>
            <Button onClick={handleBackToLogin}>Back to Login</Button>
          </AlertDialogAction>
        </AlertDialog>
      </div>
    );
  }

  return (
    <AuthCard title="Set a new password">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your link is valid. The form to choose a new password arrives with the account-security
        release.
      </p>
      <Link to="/login" className={`${buttonClasses('secondary')} mt-6 w-full`}>
        Back to Login
      </Link>
    </AuthCard>
  );
};

export { SetPasswordPage as Component };
