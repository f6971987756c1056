import { lazy, useEffect, useState } from 'react';
import {
  COVERAGE_PAGE_SIZE,
  COVERAGE_STATE_LABELS,
  MONTHS,
  qualityIssuesOf,
  type CoverageCell,
  type CoveragePlace,
  type CoverageState,
  type CoverageTotals,
} from '@safarnama/contract';
import {
  DataTable,
  ListPageShell,
  OverlaySpinner,
  type Column,
} from '../../components/ui/ListPageShell';
import { getErrorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useListDialog, useListPage, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { EMPTY_LOCATION, LocationFields, type LocationValue } from '../geography/LocationFields';
import { useGetPlaceDetailsQuery } from '../place-details/placeDetails.api';
import type { PlaceDetailsPrefill } from '../place-details/placeDetails.form';
import { useGetContentCoverageQuery } from './content-coverage.api';

const PlaceDetailsFormModal = lazy(() =>
  import('../place-details/PlaceDetailsFormModal').then((module) => ({
    default: module.PlaceDetailsFormModal,
  })),
);

const TEXTS = {
  title: 'Content Coverage',
  description:
    'Every active place month by month: which months have complete details, which need work and which are missing. Open a month to write it.',
  searchPlaceholder: 'Search by place...',
  searchLabel: 'Search places',
  emptyTitle: 'No places found',
  emptyMessage: 'Add active places to see their coverage.',
  countLabel: ['place', 'places'],
  loadingLabel: 'Loading coverage',
} as const;

/** Colour, icon and word for each state: the grid reads without its colours too. */
const STATE_STYLE: Record<CoverageState, string> = {
  complete:
    'border-emerald-300 bg-emerald-50 text-emerald-800 hover:bg-emerald-100 dark:border-emerald-500/40 dark:bg-emerald-500/15 dark:text-emerald-200 dark:hover:bg-emerald-500/25',
  incomplete:
    'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-500/40 dark:bg-amber-500/15 dark:text-amber-200 dark:hover:bg-amber-500/25',
  missing:
    'border-dashed border-slate-300 bg-white text-slate-500 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400 dark:hover:bg-slate-800',
};

export const StateIcon = ({ state }: { state: CoverageState }) => (
  <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0" fill="none">
    {state === 'complete' ? (
      <path d="M3 8.5l3 3 7-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : state === 'incomplete' ? (
      <>
        <path d="M8 3v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="8" cy="12.5" r="1.2" fill="currentColor" />
      </>
    ) : (
      <path d="M8 3.5v9M3.5 8h9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    )}
  </svg>
);

type CoverageDialog = { kind: 'new'; prefill: PlaceDetailsPrefill } | { kind: 'edit'; id: string };

/** What a cell says of itself (its button's name and tooltip). */
const cellTitle = (place: CoveragePlace, cell: CoverageCell, monthName: string) => {
  const base = `${place.name}, ${monthName}: ${COVERAGE_STATE_LABELS[cell.state]}`;
  if (cell.state === 'incomplete' && cell.issues?.length) {
    return `${base} (${qualityIssuesOf(cell.issues)
      .map((issue) => issue.message)
      .join('; ')})`;
  }
  return base;
};

const td = 'px-2 py-2 text-slate-700 dark:text-slate-300';
const count = (n: number) => n.toLocaleString('en-IN');

/** Loads a month's details, then opens their form; a failed load says why and closes. */
const EditPlaceDetails = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { data, error } = useGetPlaceDetailsQuery(id);
  useEffect(() => {
    if (!error) return;
    showToast('error', getErrorMessage(error, 'Failed to load the place details'));
    onClose();
  }, [error, onClose]);
  if (error) return null;
  return data ? <PlaceDetailsFormModal record={data} onClose={onClose} /> : <OverlaySpinner />;
};

const TotalsCell = ({ totals }: { totals: CoverageTotals }) => (
  <div className="flex flex-col items-center gap-0.5 text-[11px] leading-tight tabular-nums">
    <span className="text-emerald-700 dark:text-emerald-300" title="Complete">
      ✓ {count(totals.complete)}
    </span>
    <span className="text-amber-800 dark:text-amber-300" title="Incomplete">
      ! {count(totals.incomplete)}
    </span>
    <span className="text-slate-500 dark:text-slate-400" title="Missing">
      + {count(totals.missing)}
    </span>
  </div>
);

/**
 * /services/coverage, 'Content Coverage' (issue 23): places down, months across, each cell
 * complete, incomplete (with the rules it fails) or missing; country/state filters and a name
 * search; totals per month over every selected place. A cell opens that month's place-details
 * form: an existing record to edit, a missing month as a new record for that place and month.
 */
export const CoveragePage = () => {
  const canCreate = useCan('place-details.create');
  const canUpdate = useCan('place-details.update');
  const [location, setLocation] = useState<LocationValue>(EMPTY_LOCATION);
  const paging = useSearchPaging(`${location.countryId}/${location.stateId}`);
  const query = useGetContentCoverageQuery({
    ...paging.args,
    limit: COVERAGE_PAGE_SIZE,
    countryId: location.countryId,
    stateId: location.stateId,
  });
  const list = useListPage(paging, query, {
    rows: (data) => data.places,
    errorFallback: 'Failed to fetch content coverage',
  });
  const { dialog, open, close } = useListDialog<never, CoverageDialog>(false);
  const data = query.data;

  const openCell = (place: CoveragePlace, cell: CoverageCell) => {
    if (cell.placeDetailsId) {
      open({ kind: 'edit', id: cell.placeDetailsId });
    } else {
      open({
        kind: 'new',
        prefill: {
          countryId: place.country._id,
          stateId: place.state._id,
          placeId: place._id,
          month: cell.month,
        },
      });
    }
  };
  const canOpen = (cell: CoverageCell) => (cell.placeDetailsId ? canUpdate : canCreate);

  const columns: Column[] = [
    'Place',
    ...MONTHS.map((m) => ({ label: m.code, className: 'text-center' })),
  ];

  const dialogs =
    dialog.kind === 'new' ? (
      <PlaceDetailsFormModal record={null} prefill={dialog.prefill} onClose={close} />
    ) : dialog.kind === 'edit' ? (
      <EditPlaceDetails id={dialog.id} onClose={close} />
    ) : null;

  const intro = data ? (
    <section
      aria-label="Coverage summary"
      className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300"
    >
      <p>
        <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {data.totals.percentComplete}%
        </span>{' '}
        complete
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Legend">
        {(['complete', 'incomplete', 'missing'] as const).map((state) => (
          <li
            key={state}
            className={`inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs font-medium ${STATE_STYLE[state]}`}
          >
            <StateIcon state={state} />
            {COVERAGE_STATE_LABELS[state]}{' '}
            <span className="tabular-nums">{count(data.totals[state])}</span>
          </li>
        ))}
      </ul>
    </section>
  ) : null;

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      intro={intro}
      filters={
        <div className="grid w-full gap-3 sm:grid-cols-2 lg:max-w-xl">
          <LocationFields value={location} onChange={setLocation} showPlace={false} />
        </div>
      }
      dialogs={dialogs}
    >
      <DataTable columns={columns}>
        {list.rows.map((place) => (
          <tr key={place._id} className="align-middle">
            <th scope="row" className={`${td} min-w-40 text-left font-normal`}>
              <span className="block font-medium text-slate-900 dark:text-white">{place.name}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {place.state.name}, {place.country.name}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {formatCount(place.blogCount, 'blog')} ·{' '}
                {formatCount(place.activeItineraryCount, 'active itinerary', 'active itineraries')}
              </span>
            </th>
            {place.months.map((cell, index) => {
              const title = cellTitle(place, cell, MONTHS[index]?.name ?? cell.month);
              const content = (
                <>
                  <StateIcon state={cell.state} />
                  <span className="text-[10px] leading-none">
                    {COVERAGE_STATE_LABELS[cell.state]}
                  </span>
                </>
              );
              const classes = `flex h-11 w-full min-w-[3.25rem] flex-col items-center justify-center gap-1 rounded-md border ${STATE_STYLE[cell.state]}`;
              return (
                <td key={cell.month} className="px-0.5 py-1.5">
                  {canOpen(cell) ? (
                    <button
                      type="button"
                      title={title}
                      aria-label={title}
                      className={`${classes} cursor-pointer focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none`}
                      onClick={() => {
                        openCell(place, cell);
                      }}
                    >
                      {content}
                    </button>
                  ) : (
                    <span title={title} aria-label={title} role="img" className={classes}>
                      {content}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
        {data ? (
          <tr className="bg-slate-50 dark:bg-slate-900/60">
            <th scope="row" className={`${td} text-left text-xs font-semibold uppercase`}>
              All selected places
            </th>
            {data.monthTotals.map((totals) => (
              <td
                key={totals.month}
                className="px-0.5 py-2"
                aria-label={`${totals.month}: ${totals.complete} complete, ${totals.incomplete} incomplete, ${totals.missing} missing`}
              >
                <TotalsCell totals={totals} />
              </td>
            ))}
          </tr>
        ) : null}
      </DataTable>
    </ListPageShell>
  );
};

export { CoveragePage as Component };
