import { lazy, Suspense, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { ALT_TEXT_MAX, IMAGE_UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { DiscardScopeContext, useDiscardGuard } from '../../lib/useUnsavedChanges';
import { Button } from './Button';
import { ProgressBar } from './ProgressBar';
import type { SingleImageField } from './SingleImageField';

/** A text input's, textarea's or select's classes, red when invalid. */
export const inputClasses = (invalid = false) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-900 dark:disabled:text-slate-500 ${
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-500'
      : 'border-slate-300 focus:border-teal-500 focus:ring-teal-500/30 dark:border-slate-700'
  }`;

export const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** The smaller label of a field inside a list item (a day's title, a price band's months). */
export const compactLabelClasses =
  'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';

/** The message under a field that is wrong. */
export const fieldErrorClasses = 'mt-1 text-sm text-red-600 dark:text-red-400';

/** A short hint under a field. */
export const hintClasses = 'mt-1 text-xs text-slate-500 dark:text-slate-400';

/** What `SingleImageField` takes for any image of the media pipeline. */
export const IMAGE_UPLOAD_PROPS = {
  accept: IMAGE_UPLOAD_ACCEPT,
  maxSize: UPLOAD_LIMITS.maxFileBytes,
  minSize: UPLOAD_LIMITS.minFileBytes,
  typesLabel: 'JPEG, PNG, GIF or WebP',
} as const;

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

/** The props a `FormField` gives its control: its id, description, validity and classes. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FormFieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** 'n/max' beside the label (red past the limit). */
  counter?: { length: number; max: number };
  className?: string;
  /** The control (input, textarea, `FormSelect`), given its `ControlProps`. */
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and error under it (both announced with it). */
export const FormField = ({ label, error, hint, counter, className, children }: FormFieldProps) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  const labelElement = (
    <label htmlFor={id} className={labelClasses}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {counter ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          <span
            aria-hidden="true"
            className={`text-xs tabular-nums ${counter.length > counter.max ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
          >
            {counter.length}/{counter.max}
          </span>
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
        className: inputClasses(Boolean(error)),
      })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
};

interface FormSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  /** The first option, standing for nothing chosen (''). */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The form's select: a placeholder for nothing chosen, then the options; red when `aria-invalid`.
 * Given `register`'s props and the `value` the form holds, it shows that value even while its
 * options are still loading (what a `Controller` did).
 */
export const FormSelect = ({ placeholder, options, className, ...rest }: FormSelectProps) => (
  <select {...rest} className={className ?? inputClasses(rest['aria-invalid'] === true)}>
    {placeholder === undefined ? null : <option value="">{placeholder}</option>}
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </select>
);

type FieldProps = Omit<FormFieldProps, 'children'>;

/** A labelled input with its hint and error: `<TextField label="Name" {...register('name')} />`. */
export const TextField = ({
  label,
  hint,
  error,
  counter,
  className,
  ...rest
}: FieldProps & Omit<ComponentProps<'input'>, 'className'>) => (
  <FormField label={label} hint={hint} error={error} counter={counter} className={className}>
    {(control) => <input {...control} {...rest} />}
  </FormField>
);

/** A labelled `FormSelect` with its hint and error. */
export const SelectField = ({
  label,
  hint,
  error,
  counter,
  className,
  ...rest
}: FieldProps & Omit<FormSelectProps, 'className'>) => (
  <FormField label={label} hint={hint} error={error} counter={counter} className={className}>
    {(control) => <FormSelect {...control} {...rest} />}
  </FormField>
);

const LoadedImageField = lazy(() =>
  loadWithTimeout(() => import('./SingleImageField')).then((module) => ({
    default: module.SingleImageField,
  })),
);

type ImageFieldProps = Omit<
  ComponentProps<typeof SingleImageField>,
  keyof typeof IMAGE_UPLOAD_PROPS
>;

/**
 * An image of the media pipeline on a page (a logo, a photo): `SingleImageField` loaded on first
 * use, so its dropzone stays out of the page's chunk (the 60 KB budget), a placeholder meanwhile.
 */
export const LazyImageField = (props: ImageFieldProps) => (
  <Suspense
    fallback={
      <div aria-busy="true">
        <p className={labelClasses}>{props.label}</p>
        <div className="h-28 animate-pulse rounded-lg border border-dashed border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800/60">
          <span className="sr-only">Loading the {props.label.toLowerCase()} field…</span>
        </div>
      </div>
    }
  >
    <LoadedImageField {...IMAGE_UPLOAD_PROPS} {...props} />
  </Suspense>
);

/** Options whose label is their value. */
export const textOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

interface RemoveImageToggleProps {
  /** 'photo', 'logo', 'image'. */
  noun: string;
  /** A saved image exists and no new file is chosen: it may be removed. */
  removable: boolean;
  removing: boolean;
  onToggle: () => void;
  disabled?: boolean;
  /** The hint shown while nothing is to be removed. */
  hint?: ReactNode;
}

/** 'Remove current <noun>' / 'Keep current <noun>' under an image field, and what a save does. */
export const RemoveImageToggle = ({
  noun,
  removable,
  removing,
  onToggle,
  disabled = false,
  hint,
}: RemoveImageToggleProps) => (
  <>
    {removable ? (
      <button
        type="button"
        disabled={disabled}
        onClick={onToggle}
        className="mt-2 rounded text-sm font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none dark:text-red-400"
      >
        {removing ? `Keep current ${noun}` : `Remove current ${noun}`}
      </button>
    ) : null}
    {removable && removing ? (
      <p className={hintClasses}>The {noun} will be removed when you save.</p>
    ) : hint ? (
      <p className={hintClasses}>{hint}</p>
    ) : null}
  </>
);

/** A square icon button beside a field or list item (move, delete). */
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

/**
 * Inside a `Modal` (whose content is the scroll container, p-6): stuck to the panel's bottom edge
 * while the form scrolls, full width over the padding, with the panel's background and a top
 * border; at the end of the form it sits in its place below the last field.
 */
const stickyFooterClasses =
  'sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 pt-4 pb-6 dark:border-slate-800 dark:bg-slate-900';

/**
 * A dialog form's bottom row (its buttons as children): in a `Modal` it stays in view at the
 * bottom of the panel, so Save and Cancel are reachable in a long form (issue 20).
 */
export const FormFooter = ({
  children,
  className = 'flex justify-end gap-3',
}: {
  children: ReactNode;
  /** The row's layout classes. */
  className?: string;
}) => {
  // A `Modal` provides the discard scope: its presence says the footer is in a modal's panel.
  const inModal = useContext(DiscardScopeContext) !== null;
  return (
    <div
      className={`${className} ${inModal ? stickyFooterClasses : 'border-t border-slate-200 pt-4 dark:border-slate-800'}`}
    >
      {children}
    </div>
  );
};

/**
 * A dialog form's bottom row: 'Cancel' and the save button, disabled while saving, in a
 * `FormFooter`. In a modal with unsaved changes, Cancel asks 'Discard unsaved changes?' first.
 */
export const FormActions = ({ saving, onCancel, saveLabel, onSave }: FormActionsProps) => (
  <FormFooter>
    <CancelButton onCancel={onCancel} disabled={saving} />
    <Button type={onSave ? 'button' : 'submit'} loading={saving} onClick={onSave}>
      {saving ? 'Saving...' : saveLabel}
    </Button>
  </FormFooter>
);

/**
 * A dialog form's 'Cancel': in a `Modal` with unsaved changes it asks 'Discard unsaved changes?'
 * before `onCancel` (closing); a clean form closes at once.
 */
export const CancelButton = ({
  onCancel,
  disabled = false,
}: {
  onCancel: () => void;
  disabled?: boolean;
}) => {
  const cancel = useDiscardGuard(onCancel);
  return (
    <Button variant="secondary" onClick={cancel} disabled={disabled}>
      Cancel
    </Button>
  );
};

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
      <p className="mt-0.5 text-right text-[11px] text-slate-500 dark:text-slate-400">
        {value.length}/{ALT_TEXT_MAX}
      </p>
    </div>
  );
};
