import { lazy } from 'react';
import {
  ITINERARY_MESSAGES,
  ITINERARY_TEXTS,
  SHARE_LINK_TEXTS,
  type Itinerary,
} from '@safarnama/contract';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { BulkActionBar, SelectRowCell, selectionColumn } from '../../components/ui/BulkActionBar';
import { useRowSelection } from '../../lib/useRowSelection';
import { EditingBadge } from '../../app/realtime/EditingNote';
import { ScheduledBadge } from '../../components/ui/ScheduledBadge';
import {
  DataTable,
  DeleteAction,
  EditAction,
  ListPageShell,
  RowAction,
  StatusToggle,
  type Column,
} from '../../components/ui/ListPageShell';
import { loadWithTimeout } from '../../app/lazy';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useNeedsAttention } from '../../lib/useNeedsAttention';
import { NeedsAttentionFilter, QualityNote } from '../../components/ui/Quality';
import { useCan } from '../auth/useCan';
import { formatLocation, formatPrice } from './format';
import {
  useCloneItineraryMutation,
  useDeleteItineraryMutation,
  useListItinerariesQuery,
  useToggleItineraryStatusMutation,
} from './itineraries.api';
import { ADMIN_SERVICE_FALLBACK } from './itineraries.slice';
import { LazyShareLinksDialog } from './LazyShareLinksDialog';
import { useDisplaySettings } from '../../lib/format';
import { CsvActions } from '../csv/CsvActions';

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

const TEXTS = {
  title: ITINERARY_TEXTS.pageTitle,
  description: 'Tour packages with their daily plans, FAQs, prices in rupees and photo galleries.',
  searchPlaceholder: ITINERARY_TEXTS.searchPlaceholder,
  searchLabel: 'Search itineraries',
  emptyTitle: 'No itineraries found',
  emptyMessage: 'Add a tour package to get started.',
  countLabel: ['itinerary', 'itineraries'],
  addLabel: ITINERARY_TEXTS.addButton,
} as const;

const COLUMNS: Column[] = [
  'Title',
  'Duration',
  'Type',
  'Location',
  { label: 'Price', className: 'text-right' },
  'Status',
  'Gallery',
  { label: 'Actions', className: 'text-right' },
];

const td = 'px-3 py-2 text-slate-700 dark:text-slate-300';

/**
 * /services/itineraries, 'Itinerary Management' (spec §2): the searchable, paged table of tour
 * packages (Title, Duration, Type, Location, Price, Status pill, Gallery, Actions), with the lazy
 * create/edit and gallery modals and the delete confirmation; issue 22: 'Duplicate' (an inactive
 * copy, with `itineraries.create`), 'Share' (public links, ShareLinksDialog) and, under the price, 'from ₹x' when bands or GST make the
 * lowest customer price another.
 */
export const ItinerariesPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canCreate = useCan('itineraries.create');
  const canUpdate = useCan('itineraries.update');
  const canDelete = useCan('itineraries.delete');

  // Issue 23: the 'Needs attention' filter (in the URL), its count and each row's note.
  const attention = useNeedsAttention();
  const paging = useSearchPaging(attention.key);
  const query = useListItinerariesQuery({ ...paging.args, needsAttention: attention.active });
  const list = useListPage(paging, query, {
    rows: (data) => data.itineraries,
    errorFallback: ADMIN_SERVICE_FALLBACK,
  });
  const rows = list.rows;
  // Issue 24: row checkboxes and the bulk action bar.
  const selection = useRowSelection(list, {
    enabled: canUpdate || canDelete,
    filter: attention.key,
  });
  const { dialog, open, openForm, close, onAdd } = useListDialog<
    Itinerary,
    { kind: 'gallery'; record: Itinerary } | { kind: 'share'; record: Itinerary }
  >(canCreate);
  const [toggleStatus] = useToggleItineraryStatusMutation();
  const [deleteItinerary] = useDeleteItineraryMutation();
  const [cloneItinerary] = useCloneItineraryMutation();
  const toggle = useRowAction({
    run: (record: Itinerary) => toggleStatus(record._id).unwrap(),
    failure: 'Failed to update itinerary status',
  });
  const remove = useRowAction({
    run: (record: Itinerary) => deleteItinerary(record._id).unwrap(),
    confirm: { title: 'Delete Itinerary', message: ITINERARY_MESSAGES.deleteConfirm },
    success: ITINERARY_MESSAGES.deleted,
    failure: 'Failed to delete itinerary',
  });
  // Issue 22: an inactive 'Copy of <title>'; the list reloads through the mutation's tag.
  const duplicate = useRowAction({
    run: (record: Itinerary) => cloneItinerary(record._id).unwrap(),
    success: ITINERARY_MESSAGES.cloned,
    failure: 'Failed to duplicate itinerary',
  });
  const isBusy = (record: Itinerary): boolean =>
    toggle.isBusy(record) || remove.isBusy(record) || duplicate.isBusy(record);

  // The gallery modal follows the reloaded list, so its images and the row's count agree.
  const galleryRecord =
    dialog.kind === 'gallery'
      ? (rows.find((row) => row._id === dialog.record._id) ?? dialog.record)
      : null;

  const dialogs = (
    <>
      <LazyConfirmDialog {...remove.confirmDialog} />

      {dialog.kind === 'form' ? (
        <ItineraryFormModal record={dialog.record} onClose={close} />
      ) : null}
      {galleryRecord ? <ItineraryGalleryModal itinerary={galleryRecord} onClose={close} /> : null}
      <LazyShareLinksDialog
        itinerary={dialog.kind === 'share' ? dialog.record : null}
        onClose={close}
      />
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={
        <>
          <NeedsAttentionFilter {...attention} count={query.data?.needsAttention} />
          <CsvActions
            entity="itineraries"
            params={{ search: paging.search, needsAttention: attention.active }}
            canImport={canCreate}
          />
        </>
      }
    >
      <BulkActionBar
        selection={selection}
        entity="itinerary"
        can={{ update: canUpdate, delete: canDelete }}
        nameOf={(id) => rows.find((row) => row._id === id)?.title}
      />
      <DataTable columns={[selectionColumn(selection), ...COLUMNS]}>
        {rows.map((record) => (
          <tr key={record._id} className="align-middle">
            <SelectRowCell selection={selection} id={record._id} name={record.title} />
            <td className={`${td} max-w-56 min-w-32 font-medium text-slate-900 dark:text-white`}>
              <span className="line-clamp-2 break-words" title={record.title}>
                {record.title}
              </span>
              {record.visibility === 'private' ? (
                <span className="mt-0.5 inline-block rounded bg-slate-100 px-1.5 text-[11px] font-normal text-slate-600 dark:bg-slate-800 dark:text-slate-400">
                  Private
                </span>
              ) : null}
              <QualityNote issues={record.quality?.issues} />
              <EditingBadge entity="itinerary" id={record._id} />
            </td>
            <td className={`${td} min-w-24`}>{record.duration}</td>
            <td className={`${td} whitespace-nowrap`}>{record.type}</td>
            <td className={td}>{formatLocation(record)}</td>
            <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
              {formatPrice(record.pricePerPerson)}
              {record.fromPrice !== undefined && record.fromPrice !== record.pricePerPerson ? (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  from {formatPrice(record.fromPrice)}
                </span>
              ) : null}
            </td>
            <td className={td}>
              <div className="flex flex-col items-start gap-1">
                <StatusToggle
                  active={record.isActive}
                  name={record.title}
                  readOnly={!canUpdate}
                  disabled={isBusy(record)}
                  onToggle={() => {
                    toggle.start(record);
                  }}
                />
                <ScheduledBadge publishAt={record.publishAt} unpublishAt={record.unpublishAt} />
              </div>
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <button
                type="button"
                className="font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300"
                onClick={() => {
                  open({ kind: 'gallery', record });
                }}
              >
                {ITINERARY_TEXTS.manageGallery(record.gallery.length)}
              </button>
            </td>
            <td className={td}>
              {/* Four actions since issue 22: they wrap rather than push the table wider. */}
              <div className="flex flex-wrap justify-end gap-1">
                <EditAction
                  record={record}
                  name={record.title}
                  onClick={canUpdate ? openForm : undefined}
                />
                {canCreate ? (
                  <RowAction
                    tone="indigo"
                    aria-label={`Duplicate ${record.title}`}
                    disabled={isBusy(record)}
                    onClick={() => {
                      duplicate.start(record);
                    }}
                  >
                    Duplicate
                  </RowAction>
                ) : null}
                <RowAction
                  tone="indigo"
                  aria-label={`Share ${record.title}`}
                  onClick={() => {
                    open({ kind: 'share', record });
                  }}
                >
                  {SHARE_LINK_TEXTS.action}
                </RowAction>
                <DeleteAction
                  record={record}
                  name={record.title}
                  busy={isBusy(record)}
                  onClick={canDelete ? remove.start : undefined}
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </ListPageShell>
  );
};

export { ItinerariesPage as Component };
