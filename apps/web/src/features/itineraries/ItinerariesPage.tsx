import { lazy, Suspense, useState } from 'react';
import {
  ITINERARY_MESSAGES,
  ITINERARY_TEXTS,
  PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  type Itinerary,
} from '@safarnama/contract';
import { useAppSelector } from '../../app/store';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ListPageShell, RowAction, StatusToggle } from '../../components/ui/ListPageShell';
import { Spinner } from '../../components/ui/Spinner';
import { toastError } from '../../lib/errors';
import { loadWithTimeout } from '../../app/lazy';
import { showToast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useCan } from '../auth/useCan';
import { formatLocation, formatPrice } from './format';
import {
  useDeleteItineraryMutation,
  useListItinerariesQuery,
  useToggleItineraryStatusMutation,
} from './itineraries.api';
import { selectItineraryOperation } from './itineraries.slice';

const ItineraryFormModal = lazy(() =>
  loadWithTimeout(() => import('./ItineraryFormModal')).then((module) => ({
    default: module.ItineraryFormModal,
  })),
);
const ItineraryGalleryModal = lazy(() =>
  loadWithTimeout(() => import('./ItineraryGalleryModal')).then((module) => ({
    default: module.ItineraryGalleryModal,
  })),
);

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; record: Itinerary | null }
  | { kind: 'gallery'; record: Itinerary }
  | { kind: 'delete'; record: Itinerary };

const th = 'px-3 py-3';
const td = 'px-3 py-2 text-slate-700 dark:text-slate-300';

/**
 * /services/itineraries, 'Itinerary Management' (spec §2): the searchable, paged table of tour
 * packages (Title, Duration, Type, Location, Price, Status pill, Gallery, Actions), with the lazy
 * create/edit and gallery modals and the delete confirmation.
 */
export const ItinerariesPage = () => {
  const canCreate = useCan('itineraries.create');
  const canUpdate = useCan('itineraries.update');
  const canDelete = useCan('itineraries.delete');

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  // A new search starts again at page 1 (spec §2).
  const page = paging.search === search ? paging.page : 1;
  const { data, isLoading, isFetching } = useListItinerariesQuery({
    page,
    limit: PAGE_SIZE,
    search,
  });
  const listState = useAppSelector((state) => selectItineraryOperation(state, 'list'));
  const rows = data?.itineraries ?? [];
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [toggle] = useToggleItineraryStatusMutation();
  const [remove] = useDeleteItineraryMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const closeDialog = (): void => {
    setDialog({ kind: 'none' });
  };

  const handleToggle = (record: Itinerary): void => {
    setBusyId(record._id);
    toggle(record._id)
      .unwrap()
      .catch((failure: unknown) => {
        toastError(failure, 'Failed to update itinerary status');
      })
      .finally(() => {
        setBusyId(null);
      });
  };

  const handleDelete = (record: Itinerary): void => {
    setBusyId(record._id);
    remove(record._id)
      .unwrap()
      .then(() => {
        showToast('success', ITINERARY_MESSAGES.deleted);
      })
      .catch((failure: unknown) => {
        toastError(failure, 'Failed to delete itinerary');
      })
      .finally(() => {
        setBusyId(null);
      });
  };

  // The gallery modal follows the reloaded list, so its images and the row's count agree.
  const galleryRecord =
    dialog.kind === 'gallery'
      ? (rows.find((row) => row._id === dialog.record._id) ?? dialog.record)
      : null;

  return (
    <>
      <ListPageShell
        title={ITINERARY_TEXTS.pageTitle}
        description="Tour packages with their daily plans, FAQs, prices in rupees and photo galleries."
        actions={
          canCreate ? (
            <Button
              onClick={() => {
                setDialog({ kind: 'form', record: null });
              }}
            >
              {ITINERARY_TEXTS.addButton}
            </Button>
          ) : null
        }
        searchText={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder={ITINERARY_TEXTS.searchPlaceholder}
        searchLabel="Search itineraries"
        search={search}
        isLoading={isLoading}
        isFetching={isFetching}
        error={listState.success === false ? listState.error : null}
        isEmpty={rows.length === 0}
        emptyTitle="No itineraries found"
        emptyMessage="Add a tour package to get started."
        pagination={data?.pagination}
        page={page}
        onPageChange={(next) => {
          setPaging({ search, page: next });
        }}
        countLabel={['itinerary', 'itineraries']}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-900/60 dark:text-slate-400">
            <tr>
              <th scope="col" className={th}>
                Title
              </th>
              <th scope="col" className={th}>
                Duration
              </th>
              <th scope="col" className={th}>
                Type
              </th>
              <th scope="col" className={th}>
                Location
              </th>
              <th scope="col" className={`${th} text-right`}>
                Price
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Gallery
              </th>
              <th scope="col" className={`${th} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((record) => (
              <tr key={record._id} className="align-middle">
                <td
                  className={`${td} max-w-56 min-w-32 font-medium text-slate-900 dark:text-white`}
                >
                  <span className="line-clamp-2 break-words" title={record.title}>
                    {record.title}
                  </span>
                  {record.visibility === 'private' ? (
                    <span className="mt-0.5 inline-block rounded bg-slate-100 px-1.5 text-[11px] font-normal text-slate-600 dark:bg-slate-800 dark:text-slate-400">
                      Private
                    </span>
                  ) : null}
                </td>
                <td className={`${td} min-w-24`}>{record.duration}</td>
                <td className={`${td} whitespace-nowrap`}>{record.type}</td>
                <td className={td}>{formatLocation(record)}</td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
                  {formatPrice(record.pricePerPerson)}
                </td>
                <td className={td}>
                  <StatusToggle
                    active={record.isActive}
                    name={record.title}
                    readOnly={!canUpdate}
                    disabled={busyId === record._id}
                    onToggle={() => {
                      handleToggle(record);
                    }}
                  />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <button
                    type="button"
                    className="font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300"
                    onClick={() => {
                      setDialog({ kind: 'gallery', record });
                    }}
                  >
                    {ITINERARY_TEXTS.manageGallery(record.gallery.length)}
                  </button>
                </td>
                <td className={`${td} space-x-1 text-right whitespace-nowrap`}>
                  {canUpdate ? (
                    <RowAction
                      tone="teal"
                      aria-label={`Edit ${record.title}`}
                      onClick={() => {
                        setDialog({ kind: 'form', record });
                      }}
                    >
                      Edit
                    </RowAction>
                  ) : null}
                  {canDelete ? (
                    <RowAction
                      tone="red"
                      aria-label={`Delete ${record.title}`}
                      disabled={busyId === record._id}
                      onClick={() => {
                        setDialog({ kind: 'delete', record });
                      }}
                    >
                      Delete
                    </RowAction>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListPageShell>

      <ConfirmDialog
        open={dialog.kind === 'delete'}
        onOpenChange={(open) => {
          if (!open) closeDialog();
        }}
        title="Delete Itinerary"
        message={ITINERARY_MESSAGES.deleteConfirm}
        onConfirm={() => {
          if (dialog.kind === 'delete') handleDelete(dialog.record);
          closeDialog();
        }}
      />

      <Suspense
        fallback={
          <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/30 text-white">
            <Spinner className="size-8" label="Loading..." />
          </div>
        }
      >
        {dialog.kind === 'form' ? (
          <ItineraryFormModal record={dialog.record} onClose={closeDialog} />
        ) : null}
        {galleryRecord ? (
          <ItineraryGalleryModal itinerary={galleryRecord} onClose={closeDialog} />
        ) : null}
      </Suspense>
    </>
  );
};

export { ItinerariesPage as Component };
