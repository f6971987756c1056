import { useId, type ReactNode } from 'react';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label beside the switch; also its accessible name. */
  label: ReactNode;
  /** A line under the label, linked with aria-describedby. */
  description?: ReactNode;
  disabled?: boolean;
  /** Colour of the 'on' state: teal (default) or amber (a risky setting such as maintenance). */
  tone?: 'teal' | 'amber';
}

const ON = {
  teal: 'bg-teal-600 dark:bg-teal-500',
  amber: 'bg-amber-500 dark:bg-amber-400',
} as const;

/** An on/off switch (`role="switch"`) with its label: Space or Enter toggles it. */
export const Switch = ({
  checked,
  onChange,
  label,
  description,
  disabled = false,
  tone = 'teal',
}: SwitchProps) => {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => {
          onChange(!checked);
        }}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-slate-950 ${
          checked ? ON[tone] : 'bg-slate-300 dark:bg-slate-700'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow-sm transition-transform ${
            checked ? 'translate-x-5.5' : 'translate-x-0.5'
          }`}
        />
      </button>
      <div className="min-w-0">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-800 select-none dark:text-slate-200"
        >
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-slate-500 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
};
