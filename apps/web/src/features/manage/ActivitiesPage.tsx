import { PAGE_SIZE } from '@safarnama/contract';
import { ListPageShell } from '../../components/ui/ListPageShell';
import { getErrorMessage } from '../../lib/errors';
import { useSearchPaging } from '../../lib/useSearchPaging';
import { ActivityTable } from './ActivityTable';
import { useListAdminActivitiesQuery } from './manage.api';

/**
 * /admins-activities, 'Admin Activities' (spec §2): the audit log, newest first, searchable over
 * admin name, action and entity (500 ms, back to page 1) and paged; each entry opens its field
 * diff. Read-only: nobody edits or deletes the log.
 */
export const ActivitiesPage = () => {
  const { searchText, setSearchText, search, page, setPage } = useSearchPaging();
  const { data, error, isLoading, isFetching, refetch } = useListAdminActivitiesQuery(
    { page, limit: PAGE_SIZE, search },
    // Every change anywhere writes an entry: never show a stale log on arrival.
    { refetchOnMountOrArgChange: true },
  );
  const rows = data?.activities ?? [];
  return (
    <ListPageShell
      title="Admin Activities"
      description="Who changed what and when, from which address. Open an entry to see the fields it changed; secrets are never shown."
      searchText={searchText}
      onSearchChange={setSearchText}
      searchPlaceholder="Search by admin, action or entity..."
      searchLabel="Search admin activities"
      search={search}
      isLoading={isLoading}
      isFetching={isFetching}
      loadingLabel="Loading activities"
      error={error ? getErrorMessage(error, 'Failed to fetch admin activities') : null}
      onRetry={() => void refetch()}
      isEmpty={rows.length === 0}
      emptyTitle="No activity found"
      emptyMessage="Changes made by admins appear here."
      pagination={data?.pagination}
      page={page}
      onPageChange={setPage}
      countLabel={['entry', 'entries']}
    >
      <ActivityTable activities={rows} />
    </ListPageShell>
  );
};

export { ActivitiesPage as Component };
