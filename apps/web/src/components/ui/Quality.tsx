import { useEffect, useId, useRef } from 'react';
import { QUALITY_TEXTS } from '@safarnama/contract';

/**
 * Issue 23: what the content-quality rules (contract `quality.ts`) say, shown in the lists and the
 * forms: a failed rule is a code and a message. Readable without colour: an icon and words.
 */
export interface QualityIssueView {
  code: string;
  message: string;
}

const WarningIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg
    viewBox="0 0 20 20"
    fill="currentColor"
    aria-hidden="true"
    className={`${className} shrink-0`}
  >
    <path
      fillRule="evenodd"
      d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      clipRule="evenodd"
    />
  </svg>
);

const CheckIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 shrink-0">
    <path
      fillRule="evenodd"
      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * The forms' live checklist: the rules the record fails as it stands in the form, or that all
 * pass. The count is a polite live region (a fixed rule is announced once, not every keystroke's
 * list). Inside a dialog (`Modal`'s p-6 scroller) it stays at the top while the form scrolls, so
 * the rule an admin is fixing stays in view as they type.
 */
export const QualityChecklist = ({ issues }: { issues: readonly QualityIssueView[] }) => {
  const headingId = useId();
  const failing = issues.length > 0;
  const ref = useRef<HTMLDivElement>(null);
  // The dialog scrolls a focused field into view below the panel, not under it.
  useEffect(() => {
    const panel = ref.current;
    const scroller = panel?.closest<HTMLElement>('[role="dialog"]');
    if (!panel || !scroller || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      scroller.style.scrollPaddingTop = `${String(panel.offsetHeight)}px`;
    });
    observer.observe(panel);
    return () => {
      observer.disconnect();
      scroller.style.scrollPaddingTop = '';
    };
  }, []);
  return (
    <div ref={ref} className="sticky -top-6 z-10 -mx-6 bg-white px-6 py-2 dark:bg-slate-900">
      <section
        aria-labelledby={headingId}
        className={`rounded-lg border px-4 py-2.5 ${
          failing
            ? 'border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10'
            : 'border-green-300 bg-green-50 dark:border-green-500/40 dark:bg-green-500/10'
        }`}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
            {QUALITY_TEXTS.checklistTitle}
          </h3>
          <p
            aria-live="polite"
            className={`flex items-center gap-1.5 text-sm font-medium ${
              failing ? 'text-amber-800 dark:text-amber-200' : 'text-green-800 dark:text-green-300'
            }`}
          >
            {failing ? <WarningIcon /> : <CheckIcon />}
            {failing ? `${QUALITY_TEXTS.rowNote(issues.length)} to fix` : QUALITY_TEXTS.allPassed}
          </p>
        </div>
        {failing ? (
          <ul className="mt-1.5 grid gap-x-6 gap-y-1 text-sm text-amber-900 sm:grid-cols-2 dark:text-amber-100">
            {issues.map((issue) => (
              <li key={issue.code} data-code={issue.code} className="flex items-start gap-2">
                <span aria-hidden="true" className="mt-0.5 text-amber-700 dark:text-amber-300">
                  <WarningIcon className="size-3.5" />
                </span>
                {issue.message}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
};

/**
 * A list row's note: '⚠ 2 issues' (the messages in its title, and read out after 'Needs
 * attention:'); nothing for a record that passes or whose server sends no quality.
 */
export const QualityNote = ({ issues }: { issues?: readonly QualityIssueView[] | undefined }) => {
  if (!issues || issues.length === 0) return null;
  return (
    <span
      title={issues.map((issue) => issue.message).join('\n')}
      className="mt-0.5 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 text-[11px] font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200"
    >
      <WarningIcon className="size-3" />
      <span className="sr-only">{QUALITY_TEXTS.filter}: </span>
      {QUALITY_TEXTS.rowNote(issues.length)}
    </span>
  );
};

interface NeedsAttentionFilterProps {
  active: boolean;
  onChange: (active: boolean) => void;
  /** Records needing attention over the whole list (the answer's `needsAttention`). */
  count?: number | undefined;
}

/** The lists' 'Needs attention' toggle with its count badge (a pressed button, not a colour). */
export const NeedsAttentionFilter = ({ active, onChange, count }: NeedsAttentionFilterProps) => (
  <button
    type="button"
    aria-pressed={active}
    onClick={() => {
      onChange(!active);
    }}
    className={`inline-flex shrink-0 items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${
      active
        ? 'border-amber-500 bg-amber-100 text-amber-900 dark:border-amber-400 dark:bg-amber-500/20 dark:text-amber-100'
        : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
    }`}
  >
    <WarningIcon />
    {QUALITY_TEXTS.filter}
    {/* The name reads 'Needs attention 3', as the button shows it. */}
    {count !== undefined ? ' ' : null}
    {count !== undefined ? (
      <span
        className={`rounded-full px-2 text-xs tabular-nums ${
          active
            ? 'bg-amber-700 text-white dark:bg-amber-300 dark:text-amber-950'
            : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
        }`}
      >
        {count}
      </span>
    ) : null}
  </button>
);
