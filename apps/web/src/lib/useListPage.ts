import { useState, type ReactNode } from 'react';
import { FIRST_PAGE, PAGE_SIZE, SEARCH_DEBOUNCE_MS, type Pagination } from '@safarnama/contract';
import { getErrorMessage, toastError } from './errors';
import { showToast } from './toast';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The search box and page of a searchable, paged list (spec §2/§9): `search` is the trimmed text
 * once it has stopped changing for 500 ms, and a new search starts again at page 1 (the page
 * belongs to the search it was chosen for). `filter` (a status select, the kind of a record) does
 * the same: another filter is another list, from page 1. `args` is what the list query takes.
 */
export const useSearchPaging = (filter = '') => {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const key = `${search}\u0000${filter}`;
  const [paging, setPaging] = useState({ key: `\u0000${filter}`, page: FIRST_PAGE });
  const page = paging.key === key ? paging.page : FIRST_PAGE;
  const setPage = (next: number): void => {
    setPaging({ key, page: next });
  };
  return {
    searchText,
    setSearchText,
    search,
    page,
    setPage,
    args: { page, limit: PAGE_SIZE, search },
  };
};

export type SearchPaging = ReturnType<typeof useSearchPaging>;

/** What `useListPage` reads of an RTK Query list hook's result. */
export interface ListQuery<TData> {
  data?: TData | undefined;
  currentData?: TData | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ListPageOptions<TData, TRow> {
  /** The rows of an answer. */
  rows: (data: TData) => readonly TRow[];
  /** The banner's text when the failure carries no message of its own. */
  errorFallback: string;
  /** Reloads of the same page (polls, a row's change) keep the spinner hidden. */
  quietRefetch?: boolean;
  /** Show Previous / numbers / Next even when there is only one page. */
  alwaysShowPages?: boolean;
}

/** A list page's state: what `ListPageShell` shows and what the page's rows are built from. */
export interface ListPage<TRow> extends SearchPaging {
  rows: readonly TRow[];
  pagination: Pagination | undefined;
  isEmpty: boolean;
  isLoading: boolean;
  isFetching: boolean;
  /** The one error of the page: the list query's, as `getErrorMessage` words it. */
  error: string | null;
  retry: () => void;
  alwaysShowPages: boolean;
}

const NO_ROWS: readonly never[] = [];

/**
 * One searchable, paged list: `paging` (`useSearchPaging`) gives the query its arguments, `query`
 * is the list hook called with them (`useListBlogsQuery(paging.args)`), and the result carries
 * the rows, the loading states and the page's single error text.
 */
export const useListPage = <TData extends { pagination: Pagination }, TRow>(
  paging: SearchPaging,
  query: ListQuery<TData>,
  {
    rows,
    errorFallback,
    quietRefetch = false,
    alwaysShowPages = false,
  }: ListPageOptions<TData, TRow>,
): ListPage<TRow> => {
  const list = query.data ? rows(query.data) : NO_ROWS;
  return {
    ...paging,
    rows: list,
    pagination: query.data?.pagination,
    isEmpty: list.length === 0,
    isLoading: query.isLoading,
    isFetching: query.isFetching && (!quietRefetch || query.currentData === undefined),
    error: query.error ? getErrorMessage(query.error, errorFallback) : null,
    retry: () => {
      void query.refetch();
    },
    alwaysShowPages,
  };
};

/** The one dialog of a list page: none, the form of a record (`null`: a new one), or its own. */
export type ListDialog<TRecord, TOther = never> =
  { kind: 'none' } | { kind: 'form'; record: TRecord | null } | TOther;

/**
 * The dialog a list page has open: `openForm(record)` the form of a row, `open` one of the page's
 * own (`TOther`), `close`; `onAdd` (for `ListPageShell`) opens the form of a new record, when
 * `canAdd` (the admin may create).
 */
export const useListDialog = <TRecord, TOther extends { kind: string } = never>(
  canAdd: boolean,
) => {
  const [dialog, setDialog] = useState<ListDialog<TRecord, TOther>>({ kind: 'none' });
  const openForm = (record: TRecord | null): void => {
    setDialog({ kind: 'form', record });
  };
  return {
    dialog,
    open: setDialog,
    openForm,
    onAdd: canAdd
      ? () => {
          openForm(null);
        }
      : undefined,
    close: (): void => {
      setDialog({ kind: 'none' });
    },
  };
};

interface Confirmation<TRow> {
  title: string | ((row: TRow) => string);
  message: ReactNode | ((row: TRow) => ReactNode);
  /** The confirm button (default 'Delete'). */
  confirmLabel?: string;
}

interface RowActionOptions<TRow, TResult> {
  /** The call, e.g. `(row) => remove(row._id).unwrap()`. */
  run: (row: TRow) => Promise<TResult>;
  /** Ask first (spec §8's delete confirmations). */
  confirm?: Confirmation<TRow>;
  /** Success toast: the server's message (an answer that is a text), else this. None if unset. */
  success?: string;
  /** Failure toast: the server's message, else this (`toastError`). */
  failure: string;
  onSuccess?: (row: TRow, result: TResult) => void;
  /** Sees a failure first; returning true means it was handled there (no failure toast). */
  onError?: (error: unknown, row: TRow) => boolean;
}

/** The props of the `ConfirmDialog` a row action asks with. */
export interface RowActionConfirm {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
}

export interface RowAction<TRow> {
  /** Runs the action on a row, after the confirmation if there is one. */
  start: (row: TRow) => void;
  /** The row's action is running (its buttons are disabled). */
  isBusy: (row: TRow) => boolean;
  /** Spread on a `ConfirmDialog` (closed when there is nothing to confirm). */
  confirmDialog: RowActionConfirm;
}

/**
 * An action on one row of a list (toggle, delete, mark read): busy per row while its call runs,
 * an optional confirmation first, then a toast of the outcome with the server's message or the
 * fallback text. The list reloads through the mutation's tags.
 */
export const useRowAction = <TRow extends { _id: string }, TResult = unknown>({
  run,
  confirm,
  success,
  failure,
  onSuccess,
  onError,
}: RowActionOptions<TRow, TResult>): RowAction<TRow> => {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [asking, setAsking] = useState<TRow | null>(null);

  const setBusy = (id: string, busy: boolean): void => {
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const execute = (row: TRow): void => {
    setBusy(row._id, true);
    run(row)
      .then((result) => {
        if (success !== undefined) {
          showToast('success', typeof result === 'string' && result ? result : success);
        }
        onSuccess?.(row, result);
      })
      .catch((error: unknown) => {
        if (!onError?.(error, row)) toastError(error, failure);
      })
      .finally(() => {
        setBusy(row._id, false);
      });
  };

  // A text that depends on the row is empty while no row is asked about (the dialog is closed).
  const pick = <T>(value: T | ((row: TRow) => T), otherwise: T): T =>
    typeof value !== 'function' ? value : asking ? (value as (row: TRow) => T)(asking) : otherwise;

  return {
    start: (row) => {
      if (confirm) setAsking(row);
      else execute(row);
    },
    isBusy: (row) => busyIds.has(row._id),
    confirmDialog: {
      open: asking !== null,
      onOpenChange: (open) => {
        if (!open) setAsking(null);
      },
      title: confirm ? pick(confirm.title, '') : '',
      message: confirm ? pick<ReactNode>(confirm.message, '') : '',
      confirmLabel: confirm?.confirmLabel,
      onConfirm: () => {
        if (asking) execute(asking);
        setAsking(null);
      },
    },
  };
};
