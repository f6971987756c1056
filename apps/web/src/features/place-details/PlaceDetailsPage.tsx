import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS, type PlaceDetails } from '@safarnama/contract';
import { Button, buttonClasses } from '../../components/ui/Button';
import {
  DataTable,
  HeaderCell,
  ListPageShell,
  OverlaySpinner,
  StatusToggle,
} from '../../components/ui/ListPageShell';
import { getErrorMessage, toastError } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useCan } from '../auth/useCan';
import { galleryPath, monthName } from './format';
import { buildPlaceDetailsForm } from './placeDetails.form';
import { useListPlaceDetailsQuery, useUpdatePlaceDetailsMutation } from './placeDetails.api';

const PlaceDetailsFormModal = lazy(() =>
  import('./PlaceDetailsFormModal').then((module) => ({ default: module.PlaceDetailsFormModal })),
);

type Dialog = { kind: 'none' } | { kind: 'form'; record: PlaceDetails | null };

const td = 'px-3 py-2 text-slate-700 dark:text-slate-300';

/**
 * /services/addPlaceDetails, 'Place Details': the monthly details of each place in a searchable,
 * paged table (place, state, country, month, library, status toggle, gallery count), with the
 * create/edit modal and a link to each record's gallery.
 */
export const PlaceDetailsPage = () => {
  const canCreate = useCan('place-details.create');
  const canUpdate = useCan('place-details.update');

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const { data, isLoading, isFetching, error } = useListPlaceDetailsQuery({
    page,
    limit: PAGE_SIZE,
    search,
  });
  const rows = data?.placeDetails ?? [];
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [update] = useUpdatePlaceDetailsMutation();
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const handleToggle = (record: PlaceDetails): void => {
    setTogglingId(record._id);
    // imageLibraryId always travels on update (spec §5): keep the record's.
    const body = buildPlaceDetailsForm(
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
    update({ id: record._id, body })
      .unwrap()
      .catch((failure: unknown) => {
        toastError(failure, 'Failed to update place details status');
      })
      .finally(() => {
        setTogglingId(null);
      });
  };

  return (
    <>
      <ListPageShell
        title="Place Details"
        description="What each place is like month by month, with its cover photo and gallery."
        actions={
          canCreate ? (
            <Button
              onClick={() => {
                setDialog({ kind: 'form', record: null });
              }}
            >
              Add Place Details
            </Button>
          ) : null
        }
        searchText={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by place, state, country or month..."
        searchLabel="Search place details"
        search={search}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error ? getErrorMessage(error, 'Failed to fetch place details') : null}
        isEmpty={rows.length === 0}
        emptyTitle="No place details found"
        emptyMessage="Add the details of a place for a month to get started."
        pagination={data?.pagination}
        page={page}
        onPageChange={(next) => {
          setPaging({ search, page: next });
        }}
        countLabel={['record', 'records']}
      >
        <DataTable
          head={
            <>
              <HeaderCell>Place</HeaderCell>
              <HeaderCell>State</HeaderCell>
              <HeaderCell>Country</HeaderCell>
              <HeaderCell>Month</HeaderCell>
              <HeaderCell>Image Library</HeaderCell>
              <HeaderCell>Status</HeaderCell>
              <HeaderCell>Gallery</HeaderCell>
              <HeaderCell>
                <span className="sr-only">Actions</span>
              </HeaderCell>
            </>
          }
        >
          {rows.map((record) => (
            <tr key={record._id} className="align-middle">
              <td className={`${td} font-medium text-slate-900 dark:text-white`}>
                <span className="flex items-center gap-2">
                  {record.coverPhoto ? (
                    <img
                      src={record.coverPhoto.variants[0]?.url ?? record.coverPhoto.publicUrl}
                      alt=""
                      className="h-9 w-12 rounded object-cover"
                      style={{ backgroundColor: record.coverPhoto.placeholder }}
                    />
                  ) : null}
                  {record.place.name}
                </span>
              </td>
              <td className={td}>{record.state.name}</td>
              <td className={td}>{record.country.name}</td>
              <td className={`${td} whitespace-nowrap`}>{monthName(record.month)}</td>
              <td className={td}>
                {record.imageLibrary?.title ?? (
                  <span className="text-slate-400 dark:text-slate-500">None</span>
                )}
              </td>
              <td className={td}>
                <StatusToggle
                  active={record.status === 'active'}
                  name={`${record.place.name} (${monthName(record.month)})`}
                  readOnly={!canUpdate}
                  disabled={togglingId === record._id}
                  onToggle={() => {
                    handleToggle(record);
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
              <td className={`${td} text-right`}>
                {canUpdate ? (
                  <button
                    type="button"
                    aria-label={`Edit ${record.place.name} (${monthName(record.month)})`}
                    className={buttonClasses('ghost', 'sm')}
                    onClick={() => {
                      setDialog({ kind: 'form', record });
                    }}
                  >
                    Edit
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPageShell>

      <Suspense fallback={<OverlaySpinner />}>
        {dialog.kind === 'form' ? (
          <PlaceDetailsFormModal
            record={dialog.record}
            onClose={() => {
              setDialog({ kind: 'none' });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
};

export { PlaceDetailsPage as Component };
