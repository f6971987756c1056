import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { makePagination, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@safarnama/contract';
import { showToast } from './toast';
import { useListPage, useRowAction, useSearchPaging, type ListQuery } from './useListPage';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const toast = vi.mocked(showToast);

interface Row {
  _id: string;
  name: string;
}

const envelopeError = (message: string) => ({
  status: 409,
  data: { success: false, status: 409, code: 'CONFLICT', message },
});

/** A promise the test settles itself, to look at the state while a call runs. */
const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

/** Lets a settled call's then / catch / finally run. */
const settle = () =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

afterEach(() => {
  toast.mockClear();
});

describe('useSearchPaging', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces the trimmed search by 500 ms and starts a new search at page 1', () => {
    const { result } = renderHook(() => useSearchPaging());
    expect(result.current.args).toEqual({ page: 1, limit: PAGE_SIZE, search: '' });

    act(() => {
      result.current.setPage(3);
    });
    expect(result.current.page).toBe(3);

    act(() => {
      result.current.setSearchText('  goa ');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    // Still the old search, on the page chosen for it.
    expect(result.current.searchText).toBe('  goa ');
    expect(result.current.args).toEqual({ page: 3, limit: PAGE_SIZE, search: '' });

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.args).toEqual({ page: 1, limit: PAGE_SIZE, search: 'goa' });

    act(() => {
      result.current.setPage(2);
    });
    expect(result.current.page).toBe(2);
  });

  it('starts again at page 1 when the filter changes', () => {
    const { result, rerender } = renderHook(({ filter }) => useSearchPaging(filter), {
      initialProps: { filter: '' },
    });
    act(() => {
      result.current.setPage(4);
    });
    rerender({ filter: 'sent' });
    expect(result.current.page).toBe(1);
    act(() => {
      result.current.setPage(2);
    });
    expect(result.current.page).toBe(2);
  });
});

describe('useListPage', () => {
  const answer = (rows: Row[]) => ({ rows, pagination: makePagination(rows.length, 1, 10) });

  const render = (query: ListQuery<ReturnType<typeof answer>>, quietRefetch = false) =>
    renderHook(() =>
      useListPage(useSearchPaging(), query, {
        rows: (data) => data.rows,
        errorFallback: 'Failed to fetch rows',
        quietRefetch,
      }),
    ).result.current;

  const idle = { isLoading: false, isFetching: false, refetch: vi.fn() };

  it('gives the rows and the pagination of the answer', () => {
    const list = render({ ...idle, data: answer([{ _id: '1', name: 'Goa' }]) });
    expect(list.rows).toEqual([{ _id: '1', name: 'Goa' }]);
    expect(list.isEmpty).toBe(false);
    expect(list.pagination?.total).toBe(1);
    expect(list.error).toBeNull();
  });

  it("has one error: the list query's, in the server's words or the fallback", () => {
    expect(render({ ...idle, error: envelopeError('You do not have permission') }).error).toBe(
      'You do not have permission',
    );
    expect(render({ ...idle, error: { status: 500, data: { error: 'boom' } } }).error).toBe(
      'Failed to fetch rows',
    );
    const empty = render({ ...idle, error: { status: 500, data: null } });
    expect(empty.isEmpty).toBe(true);
    expect(empty.rows).toEqual([]);
  });

  it('retries through the query', () => {
    const refetch = vi.fn();
    render({ ...idle, refetch, error: { status: 500 } }).retry();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the spinner hidden while the same page reloads when asked to', () => {
    const data = answer([]);
    const reloading = { ...idle, isFetching: true, data, currentData: data };
    expect(render(reloading).isFetching).toBe(true);
    expect(render(reloading, true).isFetching).toBe(false);
    expect(render({ ...reloading, currentData: undefined }, true).isFetching).toBe(true);
  });
});

describe('useRowAction', () => {
  const goa: Row = { _id: 'a', name: 'Goa' };
  const kerala: Row = { _id: 'b', name: 'Kerala' };

  it('marks only the acting row busy until its call ends, then toasts the server message', async () => {
    const call = deferred<string>();
    const run = vi.fn(() => call.promise);
    const { result } = renderHook(() =>
      useRowAction<Row, string>({ run, success: 'Removed', failure: 'Failed to remove' }),
    );

    act(() => {
      result.current.start(goa);
    });
    expect(run).toHaveBeenCalledWith(goa);
    expect(result.current.isBusy(goa)).toBe(true);
    expect(result.current.isBusy(kerala)).toBe(false);

    await act(async () => {
      call.resolve('Goa removed');
      await call.promise;
    });
    expect(result.current.isBusy(goa)).toBe(false);
    expect(toast).toHaveBeenCalledWith('success', 'Goa removed');
  });

  it('falls back to its own success text when the answer is no message', async () => {
    const { result } = renderHook(() =>
      useRowAction<Row, { _id: string }>({
        run: (row) => Promise.resolve({ _id: row._id }),
        success: 'Removed',
        failure: 'Failed to remove',
      }),
    );
    await act(async () => {
      result.current.start(goa);
      await settle();
    });
    expect(toast).toHaveBeenCalledWith('success', 'Removed');
  });

  it('asks first: nothing runs until confirmed, and Cancel runs nothing', async () => {
    const run = vi.fn(() => Promise.resolve(''));
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useRowAction<Row, string>({
        run,
        confirm: {
          title: (row) => `Delete ${row.name}?`,
          message: 'Are you sure you want to delete this itinerary?',
        },
        failure: 'Failed to delete',
        onSuccess,
      }),
    );
    expect(result.current.confirmDialog.open).toBe(false);

    act(() => {
      result.current.start(goa);
    });
    expect(run).not.toHaveBeenCalled();
    expect(result.current.confirmDialog).toMatchObject({
      open: true,
      title: 'Delete Goa?',
      message: 'Are you sure you want to delete this itinerary?',
    });

    act(() => {
      result.current.confirmDialog.onOpenChange(false);
    });
    expect(result.current.confirmDialog.open).toBe(false);
    expect(run).not.toHaveBeenCalled();

    act(() => {
      result.current.start(kerala);
    });
    await act(async () => {
      result.current.confirmDialog.onConfirm();
      await settle();
    });
    expect(run).toHaveBeenCalledExactlyOnceWith(kerala);
    expect(result.current.confirmDialog.open).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith(kerala, '');
    // No success text: no success toast.
    expect(toast).not.toHaveBeenCalled();
  });

  it("toasts a failure in the server's words, else the fallback, and clears the busy state", async () => {
    const failures = [envelopeError('Role in use'), { status: 500, data: null }];
    const { result } = renderHook(() =>
      useRowAction<Row>({
        run: () => Promise.reject(failures.shift() ?? new Error('no more')),
        failure: 'Failed to update the status',
      }),
    );
    await act(async () => {
      result.current.start(goa);
      await settle();
    });
    expect(toast).toHaveBeenLastCalledWith('error', 'Role in use');
    expect(result.current.isBusy(goa)).toBe(false);

    await act(async () => {
      result.current.start(goa);
      await settle();
    });
    expect(toast).toHaveBeenLastCalledWith('error', 'Failed to update the status');
  });

  it('lets the page handle a failure itself (no toast) when onError says so', async () => {
    const onError = vi.fn((_error: unknown, row: Row) => row._id === 'a');
    const { result } = renderHook(() =>
      useRowAction<Row>({
        run: () => Promise.reject(envelopeError('Refused')),
        failure: 'Failed',
        onError,
      }),
    );
    await act(async () => {
      result.current.start(goa);
      await settle();
    });
    expect(onError).toHaveBeenCalledWith(envelopeError('Refused'), goa);
    expect(toast).not.toHaveBeenCalled();

    await act(async () => {
      result.current.start(kerala);
      await settle();
    });
    expect(toast).toHaveBeenCalledWith('error', 'Refused');
  });
});
