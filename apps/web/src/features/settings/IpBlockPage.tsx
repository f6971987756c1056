import { lazy, Suspense, useState } from 'react';
import { SETTINGS_MESSAGES, type AllowedIp } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import {
  ACTIONS_COLUMN,
  DataTable,
  ListPageShell,
  RowAction,
} from '../../components/ui/ListPageShell';
import { loadWithTimeout } from '../../app/lazy';
import { getErrorMessage } from '../../lib/errors';
import { useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { Badge, DateTimeCell } from '../manage/parts';
import { useDeleteIpMutation, useListIpsQuery } from './settings.api';

const td = 'px-3 py-3 text-slate-700 dark:text-slate-300';

// The add form (with react-hook-form) loads beside the page: in its chunk it would pass the 60 KB
// budget (PERFORMANCE.md).
const AddIpForm = lazy(() =>
  loadWithTimeout(() => import('./AddIpForm')).then((module) => ({ default: module.AddIpForm })),
);

/** The entry is exactly the caller's address (a range that holds it is not detected here). */
const isOwnAddress = (entry: AllowedIp, currentIp: string): boolean =>
  currentIp !== '' &&
  (entry.ip === currentIp || entry.ip === `${currentIp}/32` || entry.ip === `${currentIp}/128`);

const CurrentIpCard = ({
  currentIp,
  total,
  isKnown,
}: {
  currentIp: string;
  /** Entries in the whole list (unknown while searching or loading). */
  total: number | null;
  isKnown: boolean;
}) => (
  <Card className="p-5">
    <p className="text-sm text-slate-600 dark:text-slate-400">Your current IP address:</p>
    <p
      className="mt-1 font-mono text-2xl font-semibold break-all text-slate-900 dark:text-white"
      aria-label={`Your current IP address: ${currentIp || 'unknown'}`}
    >
      {currentIp || (isKnown ? 'unknown' : '…')}
    </p>
    <div className="mt-4 space-y-2 text-sm text-slate-600 dark:text-slate-400">
      {total === 0 ? (
        <p>
          <Badge tone="green">Open to every address</Badge>
        </p>
      ) : total !== null ? (
        <p>
          <Badge tone="amber">
            Restricted to {total} {total === 1 ? 'entry' : 'entries'}
          </Badge>
        </p>
      ) : null}
      <p>
        An empty list allows every address. Once it holds an entry, only the listed addresses and
        ranges can use the admin API and the realtime connection; everyone else is refused.
      </p>
      <p>
        Add your own address (or a range that holds it) first: a change that would shut you out is
        refused.
      </p>
    </div>
  </Card>
);

const REMOVE_FAILED = 'The address could not be removed. Please try again.';

const TEXTS = {
  title: 'Ip Blocking',
  description: 'Limit the back-office to the addresses and ranges you list.',
  searchPlaceholder: 'Search by address or label...',
  searchLabel: 'Search allowed addresses',
  emptyTitle: 'No allowed addresses',
  emptyMessage: 'The list is empty, so every address is allowed.',
  countLabel: ['address', 'addresses'],
  loadingLabel: 'Loading allowed addresses',
} as const;

/**
 * /settings/ip-block, 'Ip Blocking' (spec §2, DESIGN §4): the caller's own address, the add form
 * (IP or CIDR + label, format checked as it is typed), and the searchable, paged list with Remove
 * (asked first). The server refuses a change that would block the caller's own address; its
 * message names that address and is shown where the admin acted (the form, or above the list).
 */
export const IpBlockPage = () => {
  const canUpdate = useCan('settings.update');
  const paging = useSearchPaging();
  const query = useListIpsQuery(paging.args, { refetchOnMountOrArgChange: true });
  const list = useListPage(paging, query, {
    rows: (data) => data.ips,
    errorFallback: 'Failed to fetch the allowed IP addresses',
  });
  const { data } = query;
  const currentIp = data?.currentIp ?? '';
  const [deleteIp] = useDeleteIpMutation();
  // A refused removal (it would lock the admin out) is shown above the list, where they acted.
  const [removeError, setRemoveError] = useState<string | null>(null);
  // Each removal makes the add form's old errors stale (and an add, the removal's).
  const [removals, setRemovals] = useState(0);
  const remove = useRowAction({
    run: (entry: AllowedIp) => {
      setRemoveError(null);
      return deleteIp({ id: entry._id }).unwrap();
    },
    confirm: {
      title: (entry) => `Remove ${entry.ip}?`,
      message: (entry) => (
        <>
          Admins connecting from this {entry.ip.includes('/') ? 'range' : 'address'} lose access
          unless another entry allows them. Removing the last entry opens the back-office to every
          address.
        </>
      ),
      confirmLabel: 'Remove',
    },
    success: SETTINGS_MESSAGES.ipDeleted,
    failure: REMOVE_FAILED,
    onSuccess: () => {
      setRemovals((count) => count + 1);
    },
    onError: (cause) => {
      setRemoveError(getErrorMessage(cause, REMOVE_FAILED));
      return true;
    },
  });

  return (
    <>
      <ListPageShell
        list={list}
        texts={TEXTS}
        intro={
          <>
            <div className="mb-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <CurrentIpCard
                currentIp={currentIp}
                total={data && !list.search ? data.pagination.total : null}
                isKnown={Boolean(data)}
              />
              {canUpdate ? (
                <Suspense fallback={<Card className="min-h-64" />}>
                  <AddIpForm
                    currentIp={currentIp}
                    listChanges={removals}
                    onAdded={() => {
                      setRemoveError(null);
                    }}
                  />
                </Suspense>
              ) : null}
            </div>
            {removeError ? (
              <div
                role="alert"
                className="mb-4 flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
              >
                <span>{removeError}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setRemoveError(null);
                  }}
                >
                  Dismiss
                </Button>
              </div>
            ) : null}
            <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
              Allowed addresses
            </h2>
          </>
        }
      >
        <DataTable
          columns={['Address or range', 'Label', 'Added', 'Added by', canUpdate && ACTIONS_COLUMN]}
        >
          {list.rows.map((entry) => (
            <tr key={entry._id} className="align-middle">
              <td className={`${td} whitespace-nowrap`}>
                <span className="flex items-center gap-2">
                  <span className="font-mono text-slate-900 dark:text-white">{entry.ip}</span>
                  {isOwnAddress(entry, currentIp) ? <Badge tone="teal">Your address</Badge> : null}
                </span>
              </td>
              <td className={`${td} max-w-xs min-w-32 break-words`}>
                {entry.label || <span className="text-slate-500 dark:text-slate-400">—</span>}
              </td>
              <td className={td}>
                <DateTimeCell value={entry.createdAt} />
              </td>
              <td className={td}>
                {entry.createdBy?.name ?? (
                  <span className="text-slate-500 dark:text-slate-400">—</span>
                )}
              </td>
              {canUpdate ? (
                <td className={`${td} text-right whitespace-nowrap`}>
                  <RowAction
                    tone="red"
                    aria-label={`Remove ${entry.ip}`}
                    disabled={remove.isBusy(entry)}
                    onClick={() => {
                      remove.start(entry);
                    }}
                  >
                    Remove
                  </RowAction>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </ListPageShell>

      <ConfirmDialog {...remove.confirmDialog} />
    </>
  );
};

export { IpBlockPage as Component };
