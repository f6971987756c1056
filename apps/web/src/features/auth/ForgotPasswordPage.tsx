import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { Button, buttonClasses } from '../../components/ui/Button';
import { FormError, fieldErrorClasses, inputClasses, labelClasses } from '../../components/ui/Form';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { AuthCard } from './AuthCard';
import { useForgotPasswordMutation } from './auth.api';

/** A light check before the call; the server applies the contract's e-mail rule. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const backLinkClasses =
  'rounded font-medium text-teal-700 hover:text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-400 dark:hover:text-teal-300';

/**
 * /forgot-password: one e-mail field. Whatever the address, the same confirmation follows
 * (SECURITY.md case 3), so the page never tells whether an account exists.
 */
export const ForgotPasswordPage = () => {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestReset, { isLoading }] = useForgotPasswordMutation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setFieldError('Enter a valid e-mail address');
      return;
    }
    setFieldError(null);
    setFormError(null);
    try {
      await requestReset({ email: address }).unwrap();
      setSentTo(address);
    } catch (error) {
      setFieldError(getFieldErrors(error).email ?? null);
      setFormError(getErrorMessage(error, 'The request could not be sent. Please try again.'));
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <div role="status" className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
          <p>{ACCOUNT_MESSAGES.forgotPassword}</p>
          <p>
            We sent it to{' '}
            <span className="font-medium text-slate-900 dark:text-white">{sentTo}</span> if that
            address belongs to an admin. No e-mail? Check the spam folder, or ask again.
          </p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/login" className={`${buttonClasses('primary')} w-full`}>
            Back to Login
          </Link>
          <Button
            variant="ghost"
            onClick={() => {
              setSentTo(null);
            }}
          >
            Use another e-mail address
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter the e-mail address of your admin account and we will send you a link to set a new
        password.
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-6 space-y-5">
        <FormError message={formError} />
        <div>
          <label htmlFor={`${id}-email`} className={labelClasses}>
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
            placeholder="you@example.com"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-email-error` : undefined}
            className={inputClasses(Boolean(fieldError))}
          />
          {fieldError ? (
            <p id={`${id}-email-error`} className={fieldErrorClasses}>
              {fieldError}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" loading={isLoading} className="w-full">
          {isLoading ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it?{' '}
        <Link to="/login" className={backLinkClasses}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
};

export { ForgotPasswordPage as Component };
