import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { browserDiffersFromIst, formatLocal } from '../../lib/ist';
import { FieldNotes, inputClasses, labelClasses } from './Form';

const SUB_LABEL = 'mb-1 block text-xs text-slate-600 dark:text-slate-400';

interface IstDateTimeFieldProps {
  /** The group's name: 'Send at (India Standard Time) *', 'Publish at (IST)'. */
  legend: ReactNode;
  /** The two inputs' labels; default 'Date (IST)' and 'Time (IST)'. */
  labels?: { date: string; time: string };
  /** `register(...)` of the date ('YYYY-MM-DD') and the time ('HH:MM[:SS]') the form holds. */
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  /** The instant the two inputs make now (`istToIso`), null while they make none. */
  value: string | null;
  /** The time's error (the form's value-less field the schema's path names). */
  error?: string | undefined;
  required?: boolean;
  /** The hint while the browser is in IST itself (or nothing is chosen). */
  hint?: ReactNode;
  /** An optional time: a button that empties both inputs ('Clear publish time'). */
  clear?: { label: string; onClear: () => void; disabled?: boolean } | undefined;
}

/**
 * A date and a time entered in India Standard Time, whatever the browser's zone (`lib/ist.ts`
 * turns them into an instant by arithmetic): marketing's 'Send at', the forms' 'Publish at' /
 * 'Unpublish at', a homepage lineup's start. Seconds are allowed (a send can be a few seconds
 * ahead). When the browser is elsewhere the hint says the same instant in its own time.
 */
export const IstDateTimeField = ({
  legend,
  labels = { date: 'Date (IST)', time: 'Time (IST)' },
  date,
  time,
  value,
  error,
  required = false,
  hint = 'Asia/Kolkata, UTC+05:30. Seconds are allowed.',
  clear,
}: IstDateTimeFieldProps) => {
  const id = useId();
  const ids = { date: `${id}-date`, time: `${id}-time`, notes: `${id}-at` };
  const invalid = error ? true : undefined;
  const classes = `${inputClasses(Boolean(error))} dark:[color-scheme:dark]`;
  return (
    <fieldset aria-describedby={`${ids.notes}-hint${error ? ` ${ids.notes}-error` : ''}`}>
      <legend className={labelClasses}>{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.date} className={SUB_LABEL}>
            {labels.date}
          </label>
          <input
            id={ids.date}
            type="date"
            {...date}
            aria-required={required || undefined}
            aria-invalid={invalid}
            className={classes}
          />
        </div>
        <div>
          <label htmlFor={ids.time} className={SUB_LABEL}>
            {labels.time}
          </label>
          <input
            id={ids.time}
            type="time"
            step={1}
            {...time}
            aria-required={required || undefined}
            aria-invalid={invalid}
            className={classes}
          />
        </div>
      </div>
      <FieldNotes
        id={ids.notes}
        hint={
          value && browserDiffersFromIst(value)
            ? `Asia/Kolkata, UTC+05:30. That is ${formatLocal(value)} your time.`
            : hint
        }
        error={error}
      />
      {clear ? (
        <button
          type="button"
          disabled={clear.disabled}
          onClick={clear.onClear}
          className="mt-1 rounded text-sm font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:text-teal-300"
        >
          {clear.label}
        </button>
      ) : null}
    </fieldset>
  );
};
