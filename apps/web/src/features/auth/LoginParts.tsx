/** Pieces shared by the sign-in password step and the two-factor code step. */

/** The sign-in inputs' classes (a little taller than the app's forms), red when invalid. */
export const loginInputClasses = (invalid: boolean) =>
  `block h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:ring-2 focus-visible:outline-none dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 ${
    invalid
      ? 'border-red-500 focus-visible:ring-red-500/40 dark:border-red-400'
      : 'border-slate-300 focus-visible:border-teal-600 focus-visible:ring-teal-500/30 dark:border-slate-700 dark:focus-visible:border-teal-400'
  }`;

/** The red message above the sign-in forms (wrong password, wrong code, challenge ended). */
export const LoginAlert = ({ message }: { message: string | null }) =>
  message ? (
    <div
      role="alert"
      className="mb-5 flex gap-2.5 rounded-md border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        className="mt-0.5 size-4 shrink-0"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{message}</span>
    </div>
  ) : null;
