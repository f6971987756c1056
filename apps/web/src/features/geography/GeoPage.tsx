import { lazy } from 'react';
import { Button } from '../../components/ui/Button';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { LazyDependantsDialog } from '../../components/ui/LazyDependantsDialog';
import {
  ACTIONS_COLUMN,
  DataTable,
  DeleteAction,
  ListPageShell,
  StatusToggle,
} from '../../components/ui/ListPageShell';
import { formatShortDate, useDisplaySettings } from '../../lib/format';
import { useDeleteRow } from '../../lib/useDeleteRow';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { BulkActionBar, SelectRowCell, selectionColumn } from '../../components/ui/BulkActionBar';
import { useRowSelection } from '../../lib/useRowSelection';
import { GEO_PAGES, type GeoPageConfig } from './geo-config';
import {
  useListCountriesQuery,
  useListPlacesQuery,
  useListStatesQuery,
  type GeoKind,
  type GeoListArgs,
} from './geography.api';
import { buildToggleForm, type GeoRecord } from './geography.form';
import { useGeoDelete, useGeoSave } from './useGeoSave';
import { Img } from '../../components/ui/Img';
import { CsvActions } from '../csv/CsvActions';

// The form pulls in react-dropzone and zod-backed validation: it loads when first opened.
const GeoFormModal = lazy(() =>
  import('./GeoFormModal').then((module) => ({ default: module.GeoFormModal })),
);

/** Issue 24: the CSV export of each kind's list. */
const EXPORT_OF = { country: 'countries', state: 'states', place: 'places' } as const;

/** One list hook per kind (the other two are skipped), answering `{ rows, pagination }`. */
const useGeoList = (kind: GeoKind, args: GeoListArgs) => {
  const countries = useListCountriesQuery(args, { skip: kind !== 'country' });
  const states = useListStatesQuery(args, { skip: kind !== 'state' });
  const places = useListPlacesQuery(args, { skip: kind !== 'place' });
  const query = kind === 'country' ? countries : kind === 'state' ? states : places;
  const rows: GeoRecord[] | undefined =
    kind === 'country'
      ? countries.data?.countries
      : kind === 'state'
        ? states.data?.states
        : places.data?.places;
  return {
    data: query.data && rows ? { rows, pagination: query.data.pagination } : undefined,
    error: query.error,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
};

/**
 * Countries, States and Places (spec §2 /services/addCountries, addStates, addPlaces): a searchable
 * (500 ms debounce, back to page 1), paged (10) table with image, names, an Active/Inactive pill
 * that toggles, the creation date, 'Edit' and 'Delete' (refused with the dependants, issue 20);
 * the create/edit modal and the dialogs load lazily.
 */
export const GeoPage = ({ config }: { config: GeoPageConfig }) => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const { kind, noun } = config;
  const canCreate = useCan('geography.create');
  const canUpdate = useCan('geography.update');
  const canDelete = useCan('geography.delete');

  const paging = useSearchPaging(kind);
  const list = useListPage(paging, useGeoList(kind, paging.args), {
    rows: (data) => data.rows,
    errorFallback: `Failed to fetch ${config.plural}`,
  });
  // Issue 24: row checkboxes and the bulk action bar, on the places list.
  const selection = useRowSelection(list, {
    enabled: kind === 'place' && (canUpdate || canDelete),
    filter: kind,
  });
  const { dialog, openForm, close, onAdd } = useListDialog<GeoRecord>(canCreate);
  const { update } = useGeoSave(kind);
  const toggle = useRowAction({
    run: (record: GeoRecord) => update({ body: buildToggleForm(record) }).unwrap(),
    failure: `Failed to update ${noun.toLowerCase()} status`,
  });
  const deleteOne = useGeoDelete(kind);
  const remove = useDeleteRow({
    run: (record: GeoRecord) => deleteOne(record._id).unwrap(),
    noun,
    name: (record) => record.name,
  });

  const dialogs = (
    <>
      <LazyConfirmDialog {...remove.confirmDialog} />
      <LazyDependantsDialog {...remove.refusalDialog} />
      {dialog.kind === 'form' ? (
        <GeoFormModal config={config} record={dialog.record} onClose={close} />
      ) : null}
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={{
        title: config.title,
        description: config.description,
        searchPlaceholder: config.searchPlaceholder,
        searchLabel: `Search ${config.plural}`,
        emptyTitle: `No ${config.plural} found`,
        emptyMessage: `Add a ${noun.toLowerCase()} to get started.`,
        countLabel: [noun.toLowerCase(), config.plural],
        addLabel: `Add ${noun}`,
      }}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={
        <CsvActions
          entity={EXPORT_OF[kind]}
          params={{ search: paging.search }}
          canImport={kind === 'place' && canCreate}
        />
      }
    >
      <BulkActionBar
        selection={selection}
        entity="place"
        can={{ update: canUpdate, delete: canDelete }}
        nameOf={(id) => list.rows.find((row) => row._id === id)?.name}
      />
      <DataTable
        columns={[
          selectionColumn(selection),
          { label: config.imageLabel, className: 'w-20' },
          ...config.columns.map((column) => column.header),
          'Status',
          'Created',
          (canUpdate || canDelete) && ACTIONS_COLUMN,
        ]}
      >
        {list.rows.map((record) => {
          return (
            <tr key={record._id} className="align-middle">
              <SelectRowCell selection={selection} id={record._id} name={record.name} />
              <td className="px-3 py-2">
                {record.image ? (
                  <Img
                    image={record.image}
                    alt={`${config.imageLabel} of ${record.name}`}
                    className="h-10 w-14 rounded border border-slate-200 object-cover dark:border-slate-700"
                  />
                ) : (
                  <span className="flex h-10 w-14 items-center justify-center rounded border border-dashed border-slate-300 text-[10px] text-slate-500 dark:border-slate-700 dark:text-slate-400">
                    None
                  </span>
                )}
              </td>
              {config.columns.map((column, index) => (
                <td
                  key={column.header}
                  className={`max-w-xs px-3 py-2 break-words ${
                    index === 0
                      ? 'font-medium text-slate-900 dark:text-white'
                      : 'text-slate-700 dark:text-slate-300'
                  }`}
                >
                  {column.cell(record)}
                </td>
              ))}
              <td className="px-3 py-2">
                <StatusToggle
                  active={record.isActive}
                  name={record.name}
                  readOnly={!canUpdate}
                  disabled={toggle.isBusy(record) || remove.isBusy(record)}
                  onToggle={() => {
                    toggle.start(record);
                  }}
                />
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300">
                {formatShortDate(record.createdAt)}
              </td>
              {canUpdate || canDelete ? (
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {canUpdate ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${record.name}`}
                      onClick={() => {
                        openForm(record);
                      }}
                    >
                      Edit
                    </Button>
                  ) : null}
                  <DeleteAction
                    record={record}
                    name={record.name}
                    busy={toggle.isBusy(record) || remove.isBusy(record)}
                    onClick={canDelete ? remove.start : undefined}
                  />
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>
    </ListPageShell>
  );
};

export const CountriesPage = () => <GeoPage config={GEO_PAGES.country} />;
export const StatesPage = () => <GeoPage config={GEO_PAGES.state} />;
export const PlacesPage = () => <GeoPage config={GEO_PAGES.place} />;
