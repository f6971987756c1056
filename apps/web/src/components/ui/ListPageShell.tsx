import { Suspense, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { ListPage } from '../../lib/useListPage';
import { Button } from './Button';
import { Card } from './Card';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';
import { Pagination, totalText } from './Pagination';
import { SearchBox } from './SearchBox';
import { Spinner } from './Spinner';

/** The words of a list page (spec §2 quotes many of them: keep them as they are). */
export interface ListPageTexts {
  title: string;
  description?: ReactNode;
  searchPlaceholder: string;
  searchLabel: string;
  emptyTitle: string;
  emptyMessage: string;
  /** What the rows are, singular and plural, for 'Page 1 of 3 · 25 countries'. */
  countLabel: readonly [one: string, other: string];
  /** The spinners' accessible name (default 'Loading'). */
  loadingLabel?: string;
  /** The header's add button ('Add Blog'), shown when the page passes `onAdd`. */
  addLabel?: string;
}

interface ListPageShellProps {
  /** The list's state, from `useListPage`. */
  list: ListPage<unknown>;
  texts: ListPageTexts;
  /** Opens the form of a new record (the `texts.addLabel` button); unset when the admin may not. */
  onAdd?: () => void;
  /** Other buttons of the header ('Mark all as read'). */
  actions?: ReactNode;
  /** Content between the header and the search box (a form that adds rows, a status card). */
  intro?: ReactNode;
  /** Controls beside the search box that narrow the list (a status select). */
  filters?: ReactNode;
  /** The page's dialogs (its lazily loaded forms, confirmations), over the list. */
  dialogs?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/**
 * The frame of a searchable, paged list page (spec §2's list pages): header with actions, search
 * box, the red error banner of the list's one error (with 'Retry'), the table in a card (spinner
 * while loading, empty state), and Previous / numbers / Next only when there is more than one page
 * (Next follows the server's `hasNextPage`; an estimated total reads 'about N').
 */
export const ListPageShell = ({
  list,
  texts,
  onAdd,
  actions,
  intro,
  filters,
  dialogs,
  children,
}: ListPageShellProps) => {
  const { search, pagination, page, error } = list;
  const loadingLabel = texts.loadingLabel ?? 'Loading';
  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          onAdd ? (
            <>
              <Button
                onClick={() => {
                  onAdd();
                }}
              >
                {texts.addLabel}
              </Button>
              {actions}
            </>
          ) : (
            actions
          )
        }
      />
      {intro}

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div
          className={
            filters ? 'flex w-full flex-col gap-3 sm:flex-row sm:items-center' : 'contents'
          }
        >
          <SearchBox
            className="w-full sm:max-w-md"
            value={list.searchText}
            onChange={list.setSearchText}
            placeholder={texts.searchPlaceholder}
            label={texts.searchLabel}
          />
          {filters}
        </div>
        {list.isFetching && !list.isLoading ? (
          <span className="text-teal-600 dark:text-teal-400">
            <Spinner label={loadingLabel} />
          </span>
        ) : null}
      </div>

      {error ? (
        <div
          role="alert"
          className="mb-4 flex items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
        >
          <span>{error}</span>
          <Button size="sm" variant="secondary" onClick={list.retry}>
            Retry
          </Button>
        </div>
      ) : null}

      <Card className="overflow-hidden">
        {list.isLoading ? (
          <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
            <Spinner className="size-6" label={loadingLabel} />
          </div>
        ) : list.isEmpty ? (
          <EmptyState
            title={texts.emptyTitle}
            message={
              search ? `Nothing matches "${search}". Try another search.` : texts.emptyMessage
            }
          />
        ) : (
          // relative: the sr-only header texts (absolute) stay inside the scroller, not widen the page.
          <div className="relative overflow-x-auto">{children}</div>
        )}
      </Card>

      {pagination && pagination.total > 0 ? (
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Page {page} of {Math.max(1, pagination.totalPages)} · {totalText(pagination)}{' '}
            {texts.countLabel[pagination.total === 1 && !pagination.totalIsEstimate ? 0 : 1]}
          </p>
          {list.alwaysShowPages || pagination.totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={pagination.totalPages}
              hasNextPage={pagination.hasNextPage}
              onPageChange={list.setPage}
            />
          ) : null}
        </div>
      ) : null}

      {/* A dialog's module loads when first opened: the page dims until it is there. */}
      <Suspense fallback={<OverlaySpinner />}>{dialogs}</Suspense>
    </>
  );
};

interface StatusToggleProps {
  active: boolean;
  /** What the pill switches, for its accessible name ('Deactivate India'). */
  name: string;
  disabled?: boolean;
  /** Shows the status as a plain badge, not a button (the admin may not change it). */
  readOnly?: boolean;
  onToggle: () => void;
  labels?: { active: string; inactive: string };
}

/**
 * Dims the page while a lazily loaded dialog loads (the `Suspense` fallback of list pages). Kept
 * here, not in Spinner.tsx, so that it stays out of the main chunk.
 */
export const OverlaySpinner = () => (
  <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/30 text-white">
    <Spinner className="size-8" label="Loading..." />
  </div>
);

/**
 * A column heading of a `DataTable`: its text, or the text with classes (`text-right`) or only for
 * screen readers (`srOnly`: an 'Actions' column). `false` leaves the column out (a permission).
 */
export type Column =
  | string
  /** `content`: what the heading shows instead of its label (issue 24's select-all checkbox). */
  | { label: string; className?: string; srOnly?: boolean; content?: ReactNode }
  | false;

/** A list page's table: the heading row of `columns` over the body rows. */
export const DataTable = ({
  columns,
  children,
}: {
  columns: readonly Column[];
  children: ReactNode;
}) => (
  <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
    <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-900/60 dark:text-slate-400">
      <tr>
        {columns.map((column) => {
          if (column === false) return null;
          const {
            label,
            className = '',
            srOnly = false,
            content,
          } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={`px-3 py-3 ${className}`}>
              {srOnly ? <span className="sr-only">{label}</span> : (content ?? label)}
            </th>
          );
        })}
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
  </table>
);

/** The 'Actions' heading of the row actions' column, read only by screen readers. */
export const ACTIONS_COLUMN: Column = { label: 'Actions', srOnly: true };

const ROW_ACTION_TONES = {
  teal: 'text-teal-700 hover:bg-teal-50 dark:text-teal-300 dark:hover:bg-teal-400/10',
  red: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10',
  amber: 'text-amber-700 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-amber-400/10',
  indigo: 'text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-400/10',
};

interface RowActionProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'type'
> {
  tone: keyof typeof ROW_ACTION_TONES;
  children: ReactNode;
}

/** A coloured text button of a row's Actions column ('Edit', 'Delete', 'Preview'...). */
export const RowAction = ({ tone, children, ...rest }: RowActionProps) => (
  <button
    type="button"
    className={`rounded px-1.5 py-0.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:opacity-50 ${ROW_ACTION_TONES[tone]}`}
    {...rest}
  >
    {children}
  </button>
);

interface RecordActionProps<T> {
  record: T;
  /** The record's name, for the screen readers' 'Edit <name>'. */
  name: string;
  /** Unset (the admin may not) leaves the action out. */
  onClick: ((record: T) => void) | undefined;
}

/** A row's 'Edit' action ('Edit <name>' to screen readers). */
export const EditAction = <T,>({ record, name, onClick }: RecordActionProps<T>) =>
  onClick ? (
    <RowAction
      tone="teal"
      aria-label={`Edit ${name}`}
      onClick={() => {
        onClick(record);
      }}
    >
      Edit
    </RowAction>
  ) : null;

/** A row's 'Delete' action ('Delete <name>'), disabled while an action of the row runs. */
export const DeleteAction = <T,>({
  record,
  name,
  busy,
  onClick,
}: RecordActionProps<T> & { busy: boolean }) =>
  onClick ? (
    <RowAction
      tone="red"
      aria-label={`Delete ${name}`}
      disabled={busy}
      onClick={() => {
        onClick(record);
      }}
    >
      Delete
    </RowAction>
  ) : null;

/** The person a row names (author, owner): a small round picture, if any, and the name. */
export const PersonCell = ({ name, image }: { name: string; image?: string | null }) => (
  <span className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
    {image ? <img src={image} alt="" className="size-6 rounded-full object-cover" /> : null}
    {name}
  </span>
);

const pillTone = (active: boolean) =>
  active
    ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
    : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';

/**
 * The clickable Active/Inactive pill of list rows (spec §2, §4: toggles and reloads); with
 * `readOnly` a plain badge for admins who may not change it.
 */
export const StatusToggle = ({
  active,
  name,
  disabled = false,
  readOnly = false,
  onToggle,
  labels = { active: 'Active', inactive: 'Inactive' },
}: StatusToggleProps) =>
  readOnly ? (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${pillTone(active)}`}
    >
      {active ? labels.active : labels.inactive}
    </span>
  ) : (
    <button
      type="button"
      disabled={disabled}
      onClick={onToggle}
      aria-label={`${active ? labels.active : labels.inactive}: ${active ? 'deactivate' : 'activate'} ${name}`}
      title={active ? 'Click to deactivate' : 'Click to activate'}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-default ${
        active
          ? 'bg-green-100 text-green-800 enabled:hover:bg-green-200 dark:bg-green-500/15 dark:text-green-300 dark:enabled:hover:bg-green-500/25'
          : 'bg-slate-100 text-slate-700 enabled:hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:enabled:hover:bg-slate-700'
      }`}
    >
      {active ? labels.active : labels.inactive}
    </button>
  );
