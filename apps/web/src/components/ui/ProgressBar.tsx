interface ProgressBarProps {
  /** 0..1; null shows an indeterminate bar. */
  value: number | null;
  label: string;
}

/** A labelled progress bar (uploads). */
export const ProgressBar = ({ value, label }: ProgressBarProps) => {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div
        className={`h-full rounded-full bg-teal-600 transition-[width] duration-200 dark:bg-teal-400 ${
          percent === null ? 'w-1/3 animate-pulse' : ''
        }`}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
};
