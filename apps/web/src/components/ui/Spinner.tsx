interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the surrounding text already says it. */
  label?: string;
}

export const Spinner = ({ className = 'size-4', label }: SpinnerProps) => (
  <span role={label ? 'status' : undefined} className="inline-flex items-center">
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
    {label ? <span className="sr-only">{label}</span> : null}
  </span>
);

/** Fills the viewport while something the whole screen depends on loads. */
export const FullScreenSpinner = ({ label = 'Loading...' }: { label?: string }) => (
  <div className="flex min-h-dvh items-center justify-center bg-slate-50 text-teal-600 dark:bg-slate-950 dark:text-teal-400">
    <Spinner className="size-8" label={label} />
  </div>
);
