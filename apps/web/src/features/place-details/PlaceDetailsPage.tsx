import { lazy } from 'react';
import { Link } from 'react-router';
import type { PlaceDetails } from '@safarnama/contract';
import { buttonClasses } from '../../components/ui/Button';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { LazyDependantsDialog } from '../../components/ui/LazyDependantsDialog';
import {
  ACTIONS_COLUMN,
  DataTable,
  DeleteAction,
  ListPageShell,
  StatusToggle,
  type Column,
} from '../../components/ui/ListPageShell';
import { formatCount } from '../../lib/format';
import { useDeleteRow } from '../../lib/useDeleteRow';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useNeedsAttention } from '../../lib/useNeedsAttention';
import { NeedsAttentionFilter, QualityNote } from '../../components/ui/Quality';
import { useCan } from '../auth/useCan';
import { BulkActionBar, SelectRowCell, selectionColumn } from '../../components/ui/BulkActionBar';
import { useRowSelection } from '../../lib/useRowSelection';
import { galleryPath, monthName } from './format';
import { buildPlaceDetailsForm } from './placeDetails.form';
import {
  useDeletePlaceDetailsMutation,
  useListPlaceDetailsQuery,
  useUpdatePlaceDetailsMutation,
} from './placeDetails.api';
import { Img } from '../../components/ui/Img';
import { EditingBadge } from '../../app/realtime/EditingNote';
import { CsvActions } from '../csv/CsvActions';

const PlaceDetailsFormModal = lazy(() =>
  import('./PlaceDetailsFormModal').then((module) => ({ default: module.PlaceDetailsFormModal })),
);

const td = 'px-3 py-2 text-slate-700 dark:text-slate-300';

const TEXTS = {
  title: 'Place Details',
  description: 'What each place is like month by month, with its cover photo and gallery.',
  searchPlaceholder: 'Search by place, state, country or month...',
  searchLabel: 'Search place details',
  emptyTitle: 'No place details found',
  emptyMessage: 'Add the details of a place for a month to get started.',
  countLabel: ['record', 'records'],
  addLabel: 'Add Place Details',
} as const;

const COLUMNS: Column[] = [
  'Place',
  'State',
  'Country',
  'Month',
  'Image Library',
  'Status',
  'Gallery',
  ACTIONS_COLUMN,
];

/** What a person calls a record: its place and month ('Panaji (March)'). */
const recordName = (record: PlaceDetails) => `${record.place.name} (${monthName(record.month)})`;

/** The update body that switches a record's status (imageLibraryId always travels: spec §5). */
const toggleBody = (record: PlaceDetails) =>
  buildPlaceDetailsForm(
    'update',
    {
      countryId: record.countryId,
      stateId: record.stateId,
      placeId: record.placeId,
      imageLibraryId: record.imageLibraryId,
      status: record.status === 'active' ? 'inactive' : 'active',
    },
    record,
  );

/**
 * /services/addPlaceDetails, 'Place Details': the monthly details of each place in a searchable,
 * paged table (place, state, country, month, library, status toggle, gallery count), with the
 * create/edit modal, a link to each record's gallery and 'Delete' (issue 20: the record goes with
 * its cover and gallery).
 */
export const PlaceDetailsPage = () => {
  const canCreate = useCan('place-details.create');
  const canUpdate = useCan('place-details.update');
  const canDelete = useCan('place-details.delete');

  // Issue 23: the 'Needs attention' filter (in the URL), its count and each row's note.
  const attention = useNeedsAttention();
  const paging = useSearchPaging(attention.key);
  const query = useListPlaceDetailsQuery({ ...paging.args, needsAttention: attention.active });
  const list = useListPage(paging, query, {
    rows: (data) => data.placeDetails,
    errorFallback: 'Failed to fetch place details',
  });
  // Issue 24: row checkboxes and the bulk action bar.
  const selection = useRowSelection(list, {
    enabled: canUpdate || canDelete,
    filter: attention.key,
  });
  const { dialog, openForm, close, onAdd } = useListDialog<PlaceDetails>(canCreate);
  const [update] = useUpdatePlaceDetailsMutation();
  const toggle = useRowAction({
    run: (record: PlaceDetails) => update({ id: record._id, body: toggleBody(record) }).unwrap(),
    failure: 'Failed to update place details status',
  });
  const [deletePlaceDetails] = useDeletePlaceDetailsMutation();
  const remove = useDeleteRow({
    run: (record: PlaceDetails) => deletePlaceDetails(record._id).unwrap(),
    noun: 'Place details',
    name: recordName,
  });
  const isBusy = (record: PlaceDetails) => toggle.isBusy(record) || remove.isBusy(record);

  const dialogs = (
    <>
      <LazyConfirmDialog {...remove.confirmDialog} />
      <LazyDependantsDialog {...remove.refusalDialog} />
      {dialog.kind === 'form' ? (
        <PlaceDetailsFormModal record={dialog.record} onClose={close} />
      ) : null}
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
            entity="place-details"
            params={{ search: paging.search, needsAttention: attention.active }}
          />
        </>
      }
    >
      <BulkActionBar
        selection={selection}
        entity="place-details"
        can={{ update: canUpdate, delete: canDelete }}
        nameOf={(id) => {
          const row = list.rows.find((each) => each._id === id);
          return row ? recordName(row) : undefined;
        }}
      />
      <DataTable columns={[selectionColumn(selection), ...COLUMNS]}>
        {list.rows.map((record) => (
          <tr key={record._id} className="align-middle">
            <SelectRowCell selection={selection} id={record._id} name={recordName(record)} />
            <td className={`${td} font-medium text-slate-900 dark:text-white`}>
              <span className="flex items-center gap-2">
                {record.coverPhoto ? (
                  <Img image={record.coverPhoto} alt="" className="h-9 w-12 rounded object-cover" />
                ) : null}
                {record.place.name}
              </span>
              <QualityNote issues={record.quality?.issues} />
              <EditingBadge entity="place-details" id={record._id} />
            </td>
            <td className={td}>{record.state.name}</td>
            <td className={td}>{record.country.name}</td>
            <td className={`${td} whitespace-nowrap`}>{monthName(record.month)}</td>
            <td className={td}>
              {record.imageLibrary?.title ?? (
                <span className="text-slate-500 dark:text-slate-400">None</span>
              )}
            </td>
            <td className={td}>
              <StatusToggle
                active={record.status === 'active'}
                name={recordName(record)}
                readOnly={!canUpdate}
                disabled={isBusy(record)}
                onToggle={() => {
                  toggle.start(record);
                }}
              />
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <Link
                to={galleryPath(record._id)}
                className="font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300"
                aria-label={`Gallery of ${record.place.name} (${monthName(record.month)})`}
              >
                Gallery ({formatCount(record.gallery.length, 'image')})
              </Link>
            </td>
            <td className={`${td} text-right whitespace-nowrap`}>
              {canUpdate ? (
                <button
                  type="button"
                  aria-label={`Edit ${recordName(record)}`}
                  className={buttonClasses('ghost', 'sm')}
                  onClick={() => {
                    openForm(record);
                  }}
                >
                  Edit
                </button>
              ) : null}
              <DeleteAction
                record={record}
                name={recordName(record)}
                busy={isBusy(record)}
                onClick={canDelete ? remove.start : undefined}
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </ListPageShell>
  );
};

export { PlaceDetailsPage as Component };
