import { lazy, Suspense, useState } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import { buttonClasses } from '../../components/ui/Button';
import type { HistoryPanelProps } from './HistoryPanel';

/** Starts loading the History panel's chunk (on hover or focus of its button). */
export const preloadHistoryPanel = () => loadWithTimeout(() => import('./HistoryPanel'));

const HistoryPanel = lazy(() =>
  preloadHistoryPanel().then((module) => ({ default: module.HistoryPanel })),
);

/**
 * The History panel (issue 21), loaded only once it opens: the edit forms and the homepage page
 * (near its 60 KB budget) carry only this wrapper, never the panel, its diff or its API.
 */
export const LazyHistoryPanel = ({ open, ...props }: HistoryPanelProps & { open: boolean }) =>
  open ? (
    <Suspense fallback={null}>
      <HistoryPanel {...props} />
    </Suspense>
  ) : null;

/**
 * 'History' for an edit form's header or a page's actions: opens the record's History panel. Not
 * for create forms (a new record has no history).
 */
export const HistoryButton = (props: Omit<HistoryPanelProps, 'onClose'>) => {
  const [open, setOpen] = useState(false);
  const preload = () => {
    preloadHistoryPanel().catch(() => undefined);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClasses('secondary', 'sm')}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z"
            clipRule="evenodd"
          />
        </svg>
        History
      </button>
      <LazyHistoryPanel
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
};
