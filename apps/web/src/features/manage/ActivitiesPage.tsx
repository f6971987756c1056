import { ListPageShell } from '../../components/ui/ListPageShell';
import { useListPage, useSearchPaging } from '../../lib/useListPage';
import { ActivityTable } from './ActivityTable';
import { useListAdminActivitiesQuery } from './manage.api';

const TEXTS = {
  title: 'Admin Activities',
  description:
    'Who changed what and when, from which address. Open an entry to see the fields it changed; secrets are never shown.',
  searchPlaceholder: 'Search by admin, action or entity...',
  searchLabel: 'Search admin activities',
  emptyTitle: 'No activity found',
  emptyMessage: 'Changes made by admins appear here.',
  countLabel: ['entry', 'entries'],
  loadingLabel: 'Loading activities',
} as const;

/**
 * /admins-activities, 'Admin Activities' (spec §2): the audit log, newest first, searchable over
 * admin name, action and entity (500 ms, back to page 1) and paged; each entry opens its field
 * diff. Read-only: nobody edits or deletes the log.
 */
export const ActivitiesPage = () => {
  const paging = useSearchPaging();
  const list = useListPage(
    paging,
    // Every change anywhere writes an entry: never show a stale log on arrival.
    useListAdminActivitiesQuery(paging.args, { refetchOnMountOrArgChange: true }),
    { rows: (data) => data.activities, errorFallback: 'Failed to fetch admin activities' },
  );
  return (
    <ListPageShell list={list} texts={TEXTS}>
      <ActivityTable activities={list.rows} />
    </ListPageShell>
  );
};

export { ActivitiesPage as Component };
