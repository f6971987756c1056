import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button';
import { AuthCard } from './AuthCard';

export const ForgotPasswordPage = () => (
  <AuthCard title="Forgot password">
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Resetting a forgotten password by e-mail arrives with the account-security release. Until
      then, ask another administrator to help you regain access.
    </p>
    <Link to="/login" className={`${buttonClasses('secondary')} mt-6 w-full`}>
      Back to Login
    </Link>
  </AuthCard>
);

export { ForgotPasswordPage as Component };
