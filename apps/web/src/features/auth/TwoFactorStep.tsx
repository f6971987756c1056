import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { useValidateLoginTokenMutation } from './auth.api';
import { LoginAlert, loginInputClasses } from './LoginParts';

type Mode = 'code' | 'recovery';

const CODE_PATTERN = /^[0-9]{6}$/;
const RECOVERY_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** Answers after which this challenge is over: the admin starts again from the password. */
const CHALLENGE_OVER = new Set<string>([
  ACCOUNT_MESSAGES.loginChallengeExpired,
  ACCOUNT_MESSAGES.tooManyCodes,
]);

const TEXTS = {
  code: {
    intro: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication code',
    placeholder: '123456',
    invalid: 'Enter the 6-digit code',
    switchTo: 'Use a recovery code',
  },
  recovery: {
    intro:
      'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
    label: 'Recovery code',
    placeholder: 'xxxxx-xxxxx',
    invalid: 'Enter a recovery code (xxxxx-xxxxx)',
    switchTo: 'Use your authenticator app',
  },
} as const;

interface TwoFactorStepProps {
  loginToken: string;
  /** The session is open (kept by the mutation): go on into the app. */
  onSignedIn: () => void;
  /** Back to the password step, with a message when the challenge ended. */
  onBack: (message?: string) => void;
}

/**
 * The second sign-in step (DESIGN §4): a 6-digit TOTP code, or one of the recovery codes, sent
 * with the challenge's loginToken to `validate-login-token`. The answer opens the session exactly
 * like a normal login (Session → sessionStorage, Cookie → nothing stored).
 */
export const TwoFactorStep = ({ loginToken, onSignedIn, onBack }: TwoFactorStepProps) => {
  const ids = useId();
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [validate, { isLoading }] = useValidateLoginTokenMutation();
  const texts = TEXTS[mode];
  const inputId = `${ids}-otp`;

  const handleChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const next = event.target.value;
    setValue(mode === 'code' ? next.replace(/\D/g, '').slice(0, 6) : next.slice(0, 20));
    setFieldError(null);
  };

  const handleSwitchMode = (): void => {
    setMode((current) => (current === 'code' ? 'recovery' : 'code'));
    setValue('');
    setFieldError(null);
    setFormError(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    const otp = value.trim();
    if (!(mode === 'code' ? CODE_PATTERN : RECOVERY_PATTERN).test(otp)) {
      setFieldError(texts.invalid);
      return;
    }
    setFormError(null);
    try {
      await validate({ loginToken, otp }).unwrap();
      onSignedIn();
    } catch (error) {
      const message = getErrorMessage(error, 'The code could not be checked. Please try again.');
      const atCode = getFieldErrors(error).otp ?? null;
      const over = [message, atCode].find((text) => text !== null && CHALLENGE_OVER.has(text));
      if (over) {
        onBack(over);
        return;
      }
      // One field: its own message says it all; otherwise (429, network) the alert does.
      setFormError(atCode ? null : message);
      setFieldError(atCode);
      setValue('');
    }
  };

  return (
    <>
      <div className="mb-8">
        <span
          aria-hidden="true"
          className="mb-6 flex size-10 items-center justify-center rounded-lg bg-teal-100 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path
              fillRule="evenodd"
              d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
              clipRule="evenodd"
            />
          </svg>
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
          Two-factor authentication
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{texts.intro}</p>
      </div>

      <LoginAlert message={formError} />

      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <div>
          <label
            htmlFor={inputId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            {texts.label}
          </label>
          <input
            key={mode}
            id={inputId}
            name="otp"
            type="text"
            autoFocus
            autoComplete="one-time-code"
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            spellCheck={false}
            autoCapitalize="off"
            value={value}
            onChange={handleChange}
            placeholder={texts.placeholder}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
            className={`${loginInputClasses(Boolean(fieldError))} font-mono tracking-[0.3em]`}
          />
          {fieldError ? (
            <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {fieldError}
            </p>
          ) : null}
        </div>

        <Button type="submit" size="lg" loading={isLoading} className="w-full">
          {isLoading ? 'Verifying...' : 'Verify'}
        </Button>
      </form>

      <div className="mt-6 flex items-center justify-between text-sm">
        <button
          type="button"
          onClick={handleSwitchMode}
          className="rounded font-medium text-teal-700 hover:text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-400 dark:hover:text-teal-300"
        >
          {texts.switchTo}
        </button>
        <button
          type="button"
          onClick={() => {
            onBack();
          }}
          className="rounded text-slate-600 hover:text-slate-900 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-white"
        >
          Back to sign in
        </button>
      </div>
    </>
  );
};
