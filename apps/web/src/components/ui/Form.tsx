import { useId, type ReactNode } from 'react';
import { ALT_TEXT_MAX } from '@safarnama/contract';
import { Button } from './Button';
import { ProgressBar } from './ProgressBar';

/** A text input's or textarea's classes, red when invalid. */
export const inputClasses = (invalid = false) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-900 ${
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-500'
      : 'border-slate-300 focus:border-teal-500 focus:ring-teal-500/30 dark:border-slate-700'
  }`;

export const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** The message under a field that is wrong. */
export const fieldErrorClasses = 'mt-1 text-sm text-red-600 dark:text-red-400';

/** A short hint under a field. */
export const hintClasses = 'mt-1 text-xs text-slate-500 dark:text-slate-400';

/** A square icon button beside a field or list item (move, delete). */
/**
 * The hint and the error under a field, with the ids its `aria-describedby` points at
 * (`<id>-hint`, `<id>-error`).
 */
export const FieldNotes = ({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: ReactNode;
}) => (
  <>
    {hint ? (
      <p id={`${id}-hint`} className={hintClasses}>
        {hint}
      </p>
    ) : null}
    {error ? (
      <p id={`${id}-error`} className={fieldErrorClasses}>
        {error}
      </p>
    ) : null}
  </>
);

export const iconButtonClasses =
  'inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800';

const alertClasses =
  'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300';

/** The red box above a form's buttons saying why the save failed; nothing when `message` is empty. */
export const FormError = ({ message, id }: { message: string | null; id?: string }) =>
  message ? (
    <p id={id} role="alert" className={alertClasses}>
      {message}
    </p>
  ) : null;

/** A red list of messages (files a dropzone refused); nothing when there are none. */
export const ErrorList = ({ label, messages }: { label: string; messages: readonly string[] }) =>
  messages.length > 0 ? (
    <ul role="alert" aria-label={label} className={`space-y-1 ${alertClasses}`}>
      {messages.map((message, index) => (
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  ) : null;

/** '<label> (42%)...' above a progress bar, while an upload runs. */
export const UploadProgress = ({ label, progress }: { label: string; progress: number }) => (
  <div className="space-y-1" aria-live="polite">
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {label} ({Math.round(progress * 100)}%)...
    </p>
    <ProgressBar value={progress} label="Upload progress" />
  </div>
);

interface FormActionsProps {
  saving: boolean;
  onCancel: () => void;
  /** The save button's text ('Saving...' while saving). */
  saveLabel: string;
  /** Without it the save button submits the form. */
  onSave?: () => void;
}

/** A dialog form's bottom row: 'Cancel' and the save button, disabled while saving. */
export const FormActions = ({ saving, onCancel, saveLabel, onSave }: FormActionsProps) => (
  <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
    <Button variant="secondary" onClick={onCancel} disabled={saving}>
      Cancel
    </Button>
    <Button type={onSave ? 'button' : 'submit'} loading={saving} onClick={onSave}>
      {saving ? 'Saving...' : saveLabel}
    </Button>
  </div>
);

interface AltTextInputProps {
  label: ReactNode;
  value: string;
  onChange: (altText: string) => void;
  disabled?: boolean;
  /** The id of the hint the input is described by. */
  hintId?: string;
  className?: string;
}

/** An image's alt text: label, input (at most ALT_TEXT_MAX characters) and its 'n/100' counter. */
export const AltTextInput = ({
  label,
  value,
  onChange,
  disabled = false,
  hintId,
  className,
}: AltTextInputProps) => {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="mb-1 block truncate text-xs font-medium text-slate-700 dark:text-slate-300"
      >
        {label}
      </label>
      <input
        id={id}
        value={value}
        maxLength={ALT_TEXT_MAX}
        disabled={disabled}
        aria-describedby={hintId}
        placeholder="Describe the image"
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500"
      />
      <p className="mt-0.5 text-right text-[11px] text-slate-400 dark:text-slate-500">
        {value.length}/{ALT_TEXT_MAX}
      </p>
    </div>
  );
};
