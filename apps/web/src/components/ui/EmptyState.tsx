import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  children?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export const EmptyState = ({ title, message, children }: EmptyStateProps) => (
  <div className="flex flex-col items-center px-6 py-12 text-center">
    <span
      aria-hidden="true"
      className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
        <path
          fillRule="evenodd"
          d="M1 5.25A2.25 2.25 0 0 1 3.25 3h13.5A2.25 2.25 0 0 1 19 5.25v9.5A2.25 2.25 0 0 1 16.75 17H3.25A2.25 2.25 0 0 1 1 14.75v-9.5Zm1.5 5.81v3.69c0 .414.336.75.75.75h13.5a.75.75 0 0 0 .75-.75v-2.69l-2.22-2.219a.75.75 0 0 0-1.06 0l-1.91 1.909.47.47a.75.75 0 1 1-1.06 1.06L6.53 8.091a.75.75 0 0 0-1.06 0l-2.97 2.97ZM12 7a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z"
          clipRule="evenodd"
        />
      </svg>
    </span>
    <p className="mt-3 text-sm font-semibold text-slate-900 dark:text-white">{title}</p>
    {message ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{message}</p> : null}
    {children ? <div className="mt-4">{children}</div> : null}
  </div>
);
