import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePagination, PAGE_SIZE, type Pagination as PaginationInfo } from '@safarnama/contract';
import type { ListPage } from '../../lib/useListPage';
import { ListPageShell } from './ListPageShell';
import { Pagination } from './Pagination';

const texts = {
  title: 'Itinerary Management',
  searchPlaceholder: 'Search itineraries',
  searchLabel: 'Search itineraries',
  emptyTitle: 'No itineraries',
  emptyMessage: 'Nothing yet.',
  countLabel: ['itinerary', 'itineraries'] as const,
};

const listOf = (pagination: PaginationInfo, setPage = vi.fn()): ListPage<unknown> => ({
  searchText: '',
  setSearchText: vi.fn(),
  search: '',
  page: pagination.page,
  setPage,
  args: { page: pagination.page, limit: PAGE_SIZE, search: '' },
  rows: [{}],
  pagination,
  isEmpty: false,
  isLoading: false,
  isFetching: false,
  error: null,
  retry: vi.fn(),
  alwaysShowPages: false,
});

const next = () => screen.getByRole('button', { name: 'Next' });

describe('Pagination', () => {
  it('enables Next on hasNextPage even when the (estimated) page count says this is the last', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={11} totalPages={11} hasNextPage onPageChange={onPageChange} />);
    expect(next()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Page 12' })).toBeInTheDocument();
    await user.click(next());
    expect(onPageChange).toHaveBeenCalledWith(12);
  });

  it('disables Next when the server saw no further row, whatever the page count', () => {
    render(<Pagination page={3} totalPages={5} hasNextPage={false} onPageChange={vi.fn()} />);
    expect(next()).toBeDisabled();
  });

  it('falls back to the page count without hasNextPage', () => {
    const { rerender } = render(<Pagination page={2} totalPages={3} onPageChange={vi.fn()} />);
    expect(next()).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} onPageChange={vi.fn()} />);
    expect(next()).toBeDisabled();
  });
});

describe('ListPageShell pagination', () => {
  it("reads 'about N' for an estimated total and lets Next follow hasNextPage", async () => {
    const user = userEvent.setup();
    const setPage = vi.fn();
    // An estimate that, taken alone, would make page 11 the last.
    const estimated: PaginationInfo = {
      total: 1100,
      page: 11,
      limit: 100,
      totalPages: 11,
      hasPrevPage: true,
      hasNextPage: true,
      totalIsEstimate: true,
    };
    render(
      <ListPageShell list={listOf(estimated, setPage)} texts={texts}>
        <table />
      </ListPageShell>,
    );
    expect(screen.getByText('Page 11 of 11 · about 1100 itineraries')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(setPage).toHaveBeenCalledWith(12);
  });

  it('shows an exact total as it is, with Next off on the last page', () => {
    render(
      <ListPageShell list={listOf(makePagination(25, 3, 10))} texts={texts}>
        <table />
      </ListPageShell>,
    );
    expect(screen.getByText('Page 3 of 3 · 25 itineraries')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
  });
});
