import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { AlertDialog, AlertDialogAction } from '../../components/ui/AlertDialog';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/Form';
import { FullScreenSpinner } from '../../components/ui/Spinner';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useBranding } from '../../app/branding';
import { AuthCard } from './AuthCard';
import {
  useForgotSetPasswordMutation,
  useValidateForgotPasswordTokenQuery,
  type LinkCheck,
} from './auth.api';
import { checkNewPassword, NewPasswordFields } from './PasswordFields';

/** Spec §2's texts of the invalid-link alert. */
const INVALID_LINK = {
  title: 'Invalid or Expired Link',
  message: 'The reset link is either invalid or has expired. Please request a new one.',
} as const;

/**
 * /set-password?token=… (spec §2): no token → /login; otherwise the link is checked (pending →
 * loading screen, valid on status 200 → the form, invalid on anything else → the alert that
 * neither a click outside nor Escape dismisses). Reset and invitation links share the screen.
 */
export const SetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <SetPasswordForToken token={token} />;
};

const InvalidLinkAlert = () => {
  const navigate = useNavigate();
  const handleBackToLogin = (): void => {
    void navigate('/login', { replace: true });
  };
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <AlertDialog
        open
        dismissible={false}
        title={INVALID_LINK.title}
        description={INVALID_LINK.message}
      >
        <AlertDialogAction asChild>
          <Button onClick={handleBackToLogin}>Back to Login</Button>
        </AlertDialogAction>
      </AlertDialog>
    </div>
  );
};

const SetPasswordForToken = ({ token }: { token: string }) => {
  const { data: link, isLoading } = useValidateForgotPasswordTokenQuery(token);
  // The link can also run out while the form is open (used elsewhere, or past its time).
  const [hasExpired, setHasExpired] = useState(false);

  if (isLoading) return <FullScreenSpinner label="Checking your link..." />;
  if (!link || hasExpired) return <InvalidLinkAlert />;
  return (
    <SetPasswordForm
      token={token}
      link={link}
      onExpired={() => {
        setHasExpired(true);
      }}
    />
  );
};

interface SetPasswordFormProps {
  token: string;
  link: LinkCheck;
  onExpired: () => void;
}

const SetPasswordForm = ({ token, link, onExpired }: SetPasswordFormProps) => {
  const navigate = useNavigate();
  const { productName } = useBranding();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [setNewPassword, { isLoading }] = useForgotSetPasswordMutation();
  const isInvite = link.purpose === 'invite';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    const found = checkNewPassword(password, confirmation);
    setErrors(found);
    setFormError(null);
    if (found.password || found.confirmation) return;
    try {
      const message = await setNewPassword({ token, password }).unwrap();
      showToast('success', message || ACCOUNT_MESSAGES.passwordSet);
      await navigate('/login', { replace: true });
    } catch (error) {
      const fields = getFieldErrors(error);
      const message = getErrorMessage(error, 'Your password could not be set. Please try again.');
      if (fields.token || message === ACCOUNT_MESSAGES.linkInvalid) {
        onExpired();
        return;
      }
      setErrors({ password: fields.password });
      setFormError(fields.password ? null : message);
    }
  };

  return (
    <AuthCard title={isInvite ? 'Choose your password' : 'Set a new password'}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {isInvite
          ? `Welcome to ${productName}. Choose a password for `
          : 'Choose a new password for '}
        <span className="font-medium text-slate-900 dark:text-white">{link.email}</span>
        {isInvite
          ? ' to finish setting up your account.'
          : '. Every other session of the account will be signed out.'}
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-6 space-y-5">
        <FormError message={formError} />
        {/* Lets a password manager file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={link.email}
          readOnly
          hidden
        />
        <NewPasswordFields
          autoFocus
          password={password}
          confirmation={confirmation}
          onPasswordChange={(value) => {
            setPassword(value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          onConfirmationChange={(value) => {
            setConfirmation(value);
            setErrors((current) => ({ ...current, confirmation: undefined }));
          }}
          passwordError={errors.password}
          confirmationError={errors.confirmation}
        />
        <Button type="submit" size="lg" loading={isLoading} className="w-full">
          {isLoading ? 'Saving...' : isInvite ? 'Create password' : 'Set password'}
        </Button>
      </form>
    </AuthCard>
  );
};

export { SetPasswordPage as Component };
