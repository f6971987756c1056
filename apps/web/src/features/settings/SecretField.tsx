import { useId, useState } from 'react';
import { isMaskedSecret } from '@safarnama/contract';
import {
  fieldErrorClasses,
  hintClasses,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { PasswordInput } from '../auth/PasswordFields';

interface SecretFieldProps {
  label: string;
  /** What the form will send: the masked value (keep the stored secret) or a new one. */
  value: string;
  onChange: (value: string) => void;
  /** The stored secret as the server returned it (masked), '' when none is stored. */
  stored: string;
  disabled?: boolean;
  error?: string;
}

/**
 * A channel's secret (SMTP password, SMS token, WhatsApp access token). A stored secret shows only
 * masked, as the server returned it, and stays untouched (the masked value is sent back, so the
 * server keeps it) until the admin presses 'Replace'; 'Keep current' undoes that.
 */
export const SecretField = ({
  label,
  value,
  onChange,
  stored,
  disabled = false,
  error,
}: SecretFieldProps) => {
  const id = useId();
  const [isReplacing, setIsReplacing] = useState(false);
  const hasStored = stored !== '' && isMaskedSecret(stored);

  if (hasStored && !isReplacing) {
    return (
      <div>
        <label htmlFor={id} className={labelClasses}>
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            readOnly
            value={stored}
            aria-describedby={`${id}-hint`}
            className={`${inputClasses(false)} bg-slate-50 font-mono tracking-wider text-slate-600 dark:bg-slate-900 dark:text-slate-300`}
          />
          <button
            type="button"
            disabled={disabled}
            aria-label={`Replace ${label.toLowerCase()}`}
            onClick={() => {
              setIsReplacing(true);
              onChange('');
            }}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            Replace
          </button>
        </div>
        <p id={`${id}-hint`} className={hintClasses}>
          Stored encrypted. It is kept as it is unless you replace it.
        </p>
        {error ? <p className={fieldErrorClasses}>{error}</p> : null}
      </div>
    );
  }

  return (
    <div>
      <PasswordInput
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled}
        autoComplete="new-password"
        autoFocus={isReplacing}
        error={error}
        hint={hasStored ? 'Type the new value; it is stored encrypted.' : 'Stored encrypted.'}
      />
      {hasStored ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            setIsReplacing(false);
            onChange(stored);
          }}
          className="mt-1 rounded text-sm font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-400"
        >
          Keep current {label.toLowerCase()}
        </button>
      ) : null}
    </div>
  );
};
