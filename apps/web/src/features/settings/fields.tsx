import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { FieldNotes, inputClasses, labelClasses } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** A labelled input with its hint and error under it (both announced with it). */
export const TextField = ({
  label,
  value,
  onChange,
  hint,
  error,
  className,
  ...rest
}: TextFieldProps) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClasses(Boolean(error))}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
};

interface SelectFieldProps<T extends string> {
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

/** A labelled native select with its hint and error. */
export const SelectField = <T extends string>({
  label,
  value,
  onChange,
  options,
  hint,
  error,
  disabled,
  className,
}: SelectFieldProps<T>) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value as T);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClasses(Boolean(error))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
};

/** A titled section of a settings form. */
export const SectionTitle = ({ children, hint }: { children: ReactNode; hint?: ReactNode }) => (
  <div>
    <h2 className="text-base font-semibold text-slate-900 dark:text-white">{children}</h2>
    {hint ? <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{hint}</p> : null}
  </div>
);

/** A settings page that could not load: the reason in red and 'Retry'. */
export const LoadFailed = ({ message, onRetry }: { message: string; onRetry: () => void }) => (
  <div
    role="alert"
    className="flex items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
  >
    <span>{message}</span>
    <Button size="sm" variant="secondary" onClick={onRetry}>
      Retry
    </Button>
  </div>
);

/** The spinner of a settings page (or tab) while it loads. */
export const LoadingBlock = ({ label }: { label: string }) => (
  <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
    <Spinner className="size-6" label={label} />
  </div>
);
