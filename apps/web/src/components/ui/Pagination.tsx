import type { Pagination as PaginationInfo } from '@safarnama/contract';

interface PaginationProps {
  page: number;
  totalPages: number;
  /**
   * The server's `hasNextPage` (it read a row past the page): when given, it alone enables Next,
   * even where an estimated `totalPages` says this is the last page.
   */
  hasNextPage?: boolean | undefined;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Page numbers shown around the current one (the first and last are always shown). */
  siblings?: number;
}

type PageItem = number | 'gap-start' | 'gap-end';

/** A list's total as shown: 'about 1100' when the server's total is an estimate, else '1100'. */
export const totalText = ({
  total,
  totalIsEstimate,
}: Pick<PaginationInfo, 'total' | 'totalIsEstimate'>) =>
  totalIsEstimate ? `about ${total}` : String(total);

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and `siblings` around the current page. */
export const pageItems = (page: number, totalPages: number, siblings = 1): PageItem[] => {
  const items: PageItem[] = [];
  const from = Math.max(2, page - siblings);
  const to = Math.min(totalPages - 1, page + siblings);
  items.push(1);
  if (from > 2) items.push(from === 3 ? 2 : 'gap-start');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to < totalPages - 1) items.push(to === totalPages - 2 ? totalPages - 1 : 'gap-end');
  if (totalPages > 1) items.push(totalPages);
  return items;
};

const base =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';
const idle =
  'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const current = 'bg-teal-700 text-white dark:bg-teal-500 dark:text-slate-950';

/** Previous, numbered pages, Next (spec §2). */
export const Pagination = ({
  page,
  totalPages,
  hasNextPage,
  onPageChange,
  label = 'Pagination',
  siblings = 1,
}: PaginationProps) => {
  // Never fewer pages than the next one the server has seen a row of.
  const pages = Math.max(1, totalPages, hasNextPage ? page + 1 : 1);
  const hasNext = hasNextPage ?? page < pages;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        className={`${base} ${idle}`}
        disabled={page <= 1}
        onClick={() => {
          onPageChange(page - 1);
        }}
      >
        Previous
      </button>
      {pageItems(page, pages, siblings).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={`${base} ${item === page ? current : idle}`}
            onClick={() => {
              if (item !== page) onPageChange(item);
            }}
          >
            {item}
          </button>
        ) : (
          <span
            key={item}
            aria-hidden="true"
            className="px-1 text-sm text-slate-500 dark:text-slate-400"
          >
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={`${base} ${idle}`}
        disabled={!hasNext}
        onClick={() => {
          onPageChange(page + 1);
        }}
      >
        Next
      </button>
    </nav>
  );
};
