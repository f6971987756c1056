import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';

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
