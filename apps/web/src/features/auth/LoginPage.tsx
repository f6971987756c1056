import { lazy, Suspense, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useBranding } from '../../app/branding';
import { ThemeSwitch } from '../../app/theme';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { startLocationLookup } from '../../lib/location';
import { safeReturnPath } from '../../lib/navigator';
import { isTwoFactorChallenge, useProfile, useLoginMutation } from './auth.api';
import { LoginAlert, loginInputClasses as inputClasses } from './LoginParts';
import type { LoginFieldErrors as FieldErrors } from './login.validation';

const loadValidation = () => import('./login.validation');
// The code step loads only when the server asks for it (it may use the contract's zod schemas).
const loadTwoFactorStep = () => import('./TwoFactorStep');
const TwoFactorStep = lazy(() =>
  loadTwoFactorStep().then((module) => ({ default: module.TwoFactorStep })),
);

/** The home route opens the dashboard, or the first page the admin may open without it. */
const DEFAULT_AFTER_LOGIN = '/';

/** Where to go after signing in: ?returnTo=, the redirect's state, or home. */
const useReturnPath = (): string => {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  return safeReturnPath(
    searchParams.get('returnTo') ?? (typeof fromState === 'string' ? fromState : null),
    DEFAULT_AFTER_LOGIN,
  );
};

export const LoginPage = () => {
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const ids = useId();
  const { productName, logoUrl } = useBranding();
  const logo = logoUrl ?? '/favicon.svg';
  const [login] = useLoginMutation();
  // Already signed in (also with a remembered, HttpOnly cookie session)? Then skip the form.
  const { data: profile } = useProfile();
  // The location step of spec §7 runs while the admin types; the submit waits for it briefly.
  const [locationLookup] = useState(() => startLocationLookup());
  const [isSubmitting, setIsSubmitting] = useState(false);
  /** Set when the password was right and the account asks for its second factor. */
  const [challenge, setChallenge] = useState<{ loginToken: string } | null>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Fetch the validation (and zod, 23 KB on the wire) at the first keystroke or autofill, not
  // with the page (the e-mail field has focus at once): the page alone stays within the 150 KB
  // sign-in budget (e2e/tests/wire-budget.spec.ts); submitting waits for it either way.
  const handleFormInput = (): void => {
    void loadValidation();
  };

  if (profile) return <Navigate to={returnTo} replace />;

  const handleEmailChange = (event: ChangeEvent<HTMLInputElement>): void => {
    setEmail(event.target.value);
    setFieldErrors((errors) => ({ ...errors, email: undefined }));
  };
  const handlePasswordChange = (event: ChangeEvent<HTMLInputElement>): void => {
    setPassword(event.target.value);
    setFieldErrors((errors) => ({ ...errors, password: undefined }));
  };
  const handleRememberMeChange = (event: ChangeEvent<HTMLInputElement>): void => {
    setRememberMe(event.target.checked);
  };
  const handleTogglePassword = (): void => setIsPasswordVisible((visible) => !visible);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    setIsSubmitting(true);
    try {
      const { validateLogin } = await loadValidation();
      const checked = validateLogin({ email, password, rememberMe });
      if (!checked.ok) {
        setFieldErrors(checked.errors);
        setIsSubmitting(false);
        return;
      }
      setFieldErrors({});
      const location = await locationLookup.settle();
      const answer = await login({ ...checked.data, location }).unwrap();
      if (isTwoFactorChallenge(answer)) {
        setPassword('');
        setChallenge({ loginToken: answer.loginToken });
        setIsSubmitting(false);
        return;
      }
      await navigate(returnTo, { replace: true });
    } catch (error) {
      setFormError(getErrorMessage(error, 'Sign-in failed. Please try again.'));
      const serverFieldErrors = getFieldErrors(error);
      setFieldErrors({ email: serverFieldErrors.email, password: serverFieldErrors.password });
      setIsSubmitting(false);
    }
  };

  const handleSignedIn = (): void => {
    void navigate(returnTo, { replace: true });
  };
  /** Back from the code step to the password, with the reason when the challenge ended. */
  const handleBackToPassword = (message?: string): void => {
    setChallenge(null);
    setFormError(message ?? null);
  };

  const emailId = `${ids}-email`;
  const passwordId = `${ids}-password`;
  const rememberId = `${ids}-remember`;

  return (
    <div className="flex min-h-dvh bg-slate-50 dark:bg-slate-950">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-teal-700 via-teal-800 to-slate-900 p-10 text-white lg:flex">
        <div className="flex items-center gap-2.5">
          <img
            src={logo}
            alt=""
            className="size-8 rounded-lg bg-white/10 object-contain ring-1 ring-white/20"
          />
          <span className="min-w-0 truncate text-lg font-semibold tracking-tight">
            {productName}
          </span>
        </div>
        <div>
          <p className="text-3xl leading-tight font-semibold tracking-tight">
            Every journey starts with a good plan.
          </p>
          <p className="mt-3 max-w-sm text-sm text-teal-100/80">
            Manage destinations, itineraries, Travelpedia stories and the homepage, all in one
            place.
          </p>
        </div>
        <p className="text-xs text-teal-100/60">{productName} admin back-office</p>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full border-[40px] border-white/5"
        />
      </aside>

      <div className="flex flex-1 flex-col">
        <header className="flex justify-end p-4 sm:p-6">
          <ThemeSwitch />
        </header>
        <main className="flex flex-1 items-center justify-center px-4 pb-16 sm:px-6">
          <div className="w-full max-w-sm">
            {challenge ? (
              <Suspense
                fallback={
                  <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
                    <Spinner className="size-6" label="Loading..." />
                  </div>
                }
              >
                <TwoFactorStep
                  loginToken={challenge.loginToken}
                  onSignedIn={handleSignedIn}
                  onBack={handleBackToPassword}
                />
              </Suspense>
            ) : (
              <>
                <div className="mb-8">
                  <img
                    src={logo}
                    alt=""
                    className="mb-6 size-10 rounded-lg object-contain lg:hidden"
                  />
                  <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
                    Sign in
                  </h1>
                  <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
                    Welcome back. Sign in to the {productName} back-office.
                  </p>
                </div>

                <LoginAlert message={formError} />

                <form
                  noValidate
                  onInput={handleFormInput}
                  onSubmit={(event) => void handleSubmit(event)}
                  className="space-y-5"
                >
                  <div>
                    <label
                      htmlFor={emailId}
                      className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
                    >
                      Email
                    </label>
                    <input
                      id={emailId}
                      name="email"
                      type="email"
                      autoComplete="username"
                      inputMode="email"
                      autoFocus
                      value={email}
                      onChange={handleEmailChange}
                      aria-invalid={fieldErrors.email ? true : undefined}
                      aria-describedby={fieldErrors.email ? `${emailId}-error` : undefined}
                      className={inputClasses(Boolean(fieldErrors.email))}
                      placeholder="you@example.com"
                    />
                    {fieldErrors.email ? (
                      <p
                        id={`${emailId}-error`}
                        className="mt-1.5 text-sm text-red-700 dark:text-red-400"
                      >
                        {fieldErrors.email}
                      </p>
                    ) : null}
                  </div>

                  <div>
                    <div className="mb-1.5 flex items-center justify-between">
                      <label
                        htmlFor={passwordId}
                        className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                      >
                        Password
                      </label>
                      <Link
                        to="/forgot-password"
                        className="rounded text-sm font-medium text-teal-700 hover:text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-400 dark:hover:text-teal-300"
                      >
                        Forgot password?
                      </Link>
                    </div>
                    <div className="relative">
                      <input
                        id={passwordId}
                        name="password"
                        type={isPasswordVisible ? 'text' : 'password'}
                        autoComplete="current-password"
                        value={password}
                        onChange={handlePasswordChange}
                        aria-invalid={fieldErrors.password ? true : undefined}
                        aria-describedby={fieldErrors.password ? `${passwordId}-error` : undefined}
                        className={`${inputClasses(Boolean(fieldErrors.password))} pr-11`}
                      />
                      <button
                        type="button"
                        onClick={handleTogglePassword}
                        aria-controls={passwordId}
                        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-slate-100"
                      >
                        {isPasswordVisible ? <EyeSlashIcon /> : <EyeIcon />}
                        <span className="sr-only">
                          {isPasswordVisible ? 'Hide password' : 'Show password'}
                        </span>
                      </button>
                    </div>
                    {fieldErrors.password ? (
                      <p
                        id={`${passwordId}-error`}
                        className="mt-1.5 text-sm text-red-700 dark:text-red-400"
                      >
                        {fieldErrors.password}
                      </p>
                    ) : null}
                  </div>

                  <div className="flex items-center gap-2">
                    <input
                      id={rememberId}
                      name="rememberMe"
                      type="checkbox"
                      checked={rememberMe}
                      onChange={handleRememberMeChange}
                      className="size-4 rounded border-slate-300 accent-teal-600 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 dark:border-slate-600 dark:accent-teal-500 dark:focus-visible:ring-offset-slate-950"
                    />
                    <label
                      htmlFor={rememberId}
                      className="text-sm text-slate-700 select-none dark:text-slate-300"
                    >
                      Remember me
                    </label>
                  </div>

                  <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
                    {isSubmitting ? 'Signing in...' : 'Sign in'}
                  </Button>
                </form>
              </>
            )}
          </div>
        </main>
      </div>
    </div>
  );
};

const EyeIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
    <path d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
    <path
      fillRule="evenodd"
      d="M.664 10.59a1.651 1.651 0 0 1 0-1.186A10.004 10.004 0 0 1 10 3c4.257 0 7.893 2.66 9.336 6.41.147.381.146.804 0 1.186A10.004 10.004 0 0 1 10 17c-4.257 0-7.893-2.66-9.336-6.41ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
      clipRule="evenodd"
    />
  </svg>
);

const EyeSlashIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
    <path
      fillRule="evenodd"
      d="M3.28 2.22a.75.75 0 0 0-1.06 1.06l14.5 14.5a.75.75 0 1 0 1.06-1.06l-1.745-1.745a10.029 10.029 0 0 0 3.3-4.38 1.651 1.651 0 0 0 0-1.185A10.004 10.004 0 0 0 9.999 3a9.956 9.956 0 0 0-4.744 1.194L3.28 2.22ZM7.752 6.69l1.092 1.092a2.5 2.5 0 0 1 3.374 3.373l1.091 1.092a4 4 0 0 0-5.557-5.557Z"
      clipRule="evenodd"
    />
    <path d="m10.748 13.93 2.523 2.523a9.987 9.987 0 0 1-3.27.547c-4.258 0-7.894-2.66-9.337-6.41a1.651 1.651 0 0 1 0-1.186A10.007 10.007 0 0 1 2.839 6.02L6.07 9.252a4 4 0 0 0 4.678 4.678Z" />
  </svg>
);

export { LoginPage as Component };
