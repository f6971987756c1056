import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  PASSWORD_POLICY,
  PASSWORD_STRENGTH_LABELS,
  passwordLength,
  passwordStrength,
} from '@safarnama/contract';
import {
  fieldErrorClasses,
  hintClasses,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';

interface PasswordInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'value' | 'onChange'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Shown under the input (and announced with it). */
  hint?: string;
  /** Extra content under the input, e.g. the strength meter. */
  children?: ReactNode;
}

/** A labelled password input with a show/hide button and its error under it. */
export const PasswordInput = ({
  label,
  value,
  onChange,
  error,
  hint,
  children,
  ...rest
}: PasswordInputProps) => {
  const id = useId();
  const [isVisible, setIsVisible] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <div className="relative">
        <input
          {...rest}
          id={id}
          type={isVisible ? 'text' : 'password'}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClasses(Boolean(error))} pr-11`}
        />
        <button
          type="button"
          onClick={() => {
            setIsVisible((visible) => !visible);
          }}
          aria-controls={id}
          aria-label={`${isVisible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-slate-100"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
            {isVisible ? (
              <path
                fillRule="evenodd"
                d="M3.28 2.22a.75.75 0 0 0-1.06 1.06l14.5 14.5a.75.75 0 1 0 1.06-1.06l-1.745-1.745a10.029 10.029 0 0 0 3.3-4.38 1.651 1.651 0 0 0 0-1.185A10.004 10.004 0 0 0 9.999 3a9.956 9.956 0 0 0-4.744 1.194L3.28 2.22ZM7.752 6.69l1.092 1.092a2.5 2.5 0 0 1 3.374 3.373l1.091 1.092a4 4 0 0 0-5.557-5.557ZM10.748 13.93l2.523 2.523a9.987 9.987 0 0 1-3.27.547c-4.258 0-7.894-2.66-9.337-6.41a1.651 1.651 0 0 1 0-1.186A10.007 10.007 0 0 1 2.839 6.02L6.07 9.252a4 4 0 0 0 4.678 4.678Z"
                clipRule="evenodd"
              />
            ) : (
              <path
                fillRule="evenodd"
                d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM.664 10.59a1.651 1.651 0 0 1 0-1.186A10.004 10.004 0 0 1 10 3c4.257 0 7.893 2.66 9.336 6.41.147.381.146.804 0 1.186A10.004 10.004 0 0 1 10 17c-4.257 0-7.893-2.66-9.336-6.41ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
                clipRule="evenodd"
              />
            )}
          </svg>
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
};

const STRENGTH_COLOURS = [
  'bg-red-500',
  'bg-amber-500',
  'bg-yellow-500',
  'bg-teal-500',
  'bg-green-600 dark:bg-green-500',
];

/**
 * Four bars and a word (the contract's `passwordStrength`: 0 refused … 4 very strong), with the
 * reason when the password would be refused.
 */
export const PasswordStrengthMeter = ({ password }: { password: string }) => {
  if (!password) return null;
  const score = passwordStrength(password);
  const label = PASSWORD_STRENGTH_LABELS[score] ?? '';
  const length = passwordLength(password);
  const reason =
    score > 0
      ? null
      : length < PASSWORD_POLICY.minLength
        ? `${PASSWORD_POLICY.messages.tooShort} (${length} so far)`
        : length > PASSWORD_POLICY.maxLength
          ? PASSWORD_POLICY.messages.tooLong
          : PASSWORD_POLICY.messages.common;
  return (
    <div className="mt-2" aria-live="polite">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
        className="flex gap-1"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 flex-1 rounded-full ${
              score === 0 && bar === 1
                ? STRENGTH_COLOURS[0]
                : bar <= score
                  ? STRENGTH_COLOURS[score]
                  : 'bg-slate-200 dark:bg-slate-700'
            }`}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Strength: <span className="font-medium text-slate-800 dark:text-slate-200">{label}</span>
        {reason ? <span> · {reason}</span> : null}
      </p>
    </div>
  );
};

export const PASSWORD_HINT = `At least ${PASSWORD_POLICY.minLength} characters. A few unrelated words make a strong, memorable password.`;
export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The client-side checks of a new password and its confirmation (the server checks again). */
export const checkNewPassword = (
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } => {
  const errors: { password?: string; confirmation?: string } = {};
  const length = passwordLength(password);
  if (length < PASSWORD_POLICY.minLength) errors.password = PASSWORD_POLICY.messages.tooShort;
  else if (length > PASSWORD_POLICY.maxLength) errors.password = PASSWORD_POLICY.messages.tooLong;
  else if (passwordStrength(password) === 0) errors.password = PASSWORD_POLICY.messages.common;
  if (!confirmation) errors.confirmation = 'Confirm the new password';
  else if (confirmation !== password) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
};

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError?: string | undefined;
  confirmationError?: string | undefined;
  autoFocus?: boolean;
}

/** 'New password' with its hint and strength meter, then 'Confirm new password'. */
export const NewPasswordFields = ({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  confirmationError,
  autoFocus,
}: NewPasswordFieldsProps) => (
  <>
    <PasswordInput
      label="New password"
      autoComplete="new-password"
      autoFocus={autoFocus}
      value={password}
      onChange={onPasswordChange}
      hint={PASSWORD_HINT}
      error={passwordError}
    >
      <PasswordStrengthMeter password={password} />
    </PasswordInput>
    <PasswordInput
      label="Confirm new password"
      autoComplete="new-password"
      value={confirmation}
      onChange={onConfirmationChange}
      error={confirmationError}
    />
  </>
);
