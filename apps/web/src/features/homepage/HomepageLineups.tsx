import { lazy, Suspense, useState } from 'react';
import {
  FIRST_PAGE,
  HOMEPAGE_LINEUP_TEXTS,
  MAX_PAGE_SIZE,
  type DroppedItem,
  type HomepageLineup,
} from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage } from '../../lib/errors';
import { formatIst } from '../../lib/ist';
import { showToast } from '../../lib/toast';
import { useListItinerariesQuery } from '../itineraries/itineraries.api';
import { Badge } from '../manage/parts';
import { useGetHomepageSettingsQuery } from './homepage.api';
import { selectionFromSettings, type HomepageSelection } from './homepage.selection';
import {
  useCancelHomepageLineupMutation,
  useListHomepageLineupsQuery,
} from './homepageLineups.api';
import { knownItems, lineupCounts, selectionFromLineup } from './homepageLineups.selection';

const ScheduleLineupDialog = lazy(() =>
  loadWithTimeout(() => import('./ScheduleLineupDialog')).then((module) => ({
    default: module.ScheduleLineupDialog,
  })),
);

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const small = 'text-xs text-slate-500 dark:text-slate-400';
const RECENT_LIMIT = 5;

export interface HomepageLineupsProps {
  /** The editor's selection: what 'Schedule this lineup…' schedules. */
  selection: HomepageSelection;
  /** It holds changes not saved anywhere ('Load into editor' asks before replacing them). */
  dirty: boolean;
  /** The waiting lineup loaded into the editor (its dialog then changes it), or null. */
  editing: HomepageLineup | null;
  /** The page's 'Schedule this lineup…' was pressed: the dialog is open. */
  scheduling: boolean;
  onCloseScheduling: () => void;
  /** Puts a waiting lineup's selection in the editor. */
  onLoad: (lineup: HomepageLineup, selection: HomepageSelection) => void;
  /** Scheduled, changed or no longer edited: the editor goes back to the live homepage. */
  onDone: () => void;
}

const lineupLabel = (lineup: HomepageLineup) => `lineup of ${formatIst(lineup.startsAt)}`;

const names = (items: readonly { name: string }[]) =>
  items.length > 0 ? items.map((item) => item.name).join(', ') : '—';

/** The chosen items of a lineup by section, with their names as saved. */
const LineupItems = ({ lineup }: { lineup: HomepageLineup }) => (
  <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-xs text-slate-600 sm:grid-cols-[auto_1fr] dark:text-slate-400">
    <dt className="font-medium">Destinations</dt>
    <dd className="break-words">{names(lineup.trendingDestinations)}</dd>
    <dt className="font-medium">Packages</dt>
    <dd className="break-words">
      {names([...lineup.tourPackages].sort((a, b) => a.displayOrder - b.displayOrder))}
    </dd>
    <dt className="font-medium">Blogs</dt>
    <dd className="break-words">{names(lineup.blogs)}</dd>
  </dl>
);

const countsOf = (lineup: HomepageLineup) =>
  lineupCounts({
    places: lineup.trendingDestinations.length,
    packages: lineup.tourPackages.length,
    blogs: lineup.blogs.length,
  });

const DROPPED_KIND = { place: 'destination', itinerary: 'package', blog: 'blog' } as const;

const DroppedList = ({ items }: { items: readonly DroppedItem[] }) =>
  items.length === 0 ? null : (
    <div className="mt-1 text-xs text-amber-900 dark:text-amber-200">
      <p className="font-medium">Dropped when applied:</p>
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={`${item.kind}-${item._id}`}>
            {item.name} ({DROPPED_KIND[item.kind]}): {item.reason}
          </li>
        ))}
      </ul>
    </div>
  );

type Confirm = { kind: 'cancel' | 'load'; lineup: HomepageLineup } | null;

/**
 * Homepage lineups (issue 21), loaded lazily with the editor: a configuration scheduled to
 * replace the live homepage at its start. Shows the note while a waiting lineup is in the editor,
 * the 'Scheduled lineups' section (the waiting ones soonest first, each with 'Load into editor'
 * and 'Cancel', then the recently applied or failed ones with what was dropped) and the dialog
 * that schedules the editor's selection (or changes the loaded lineup) at an IST start time.
 */
export const HomepageLineups = ({
  selection,
  dirty,
  editing,
  scheduling,
  onCloseScheduling,
  onLoad,
  onDone,
}: HomepageLineupsProps) => {
  const waiting = useListHomepageLineupsQuery({ status: 'scheduled' });
  const applied = useListHomepageLineupsQuery({ status: 'applied', limit: RECENT_LIMIT });
  const failed = useListHomepageLineupsQuery({ status: 'failed', limit: RECENT_LIMIT });
  // Details for 'Load into editor': the live settings and the package picker's list (both cached).
  const live = useGetHomepageSettingsQuery(undefined);
  const packages = useListItinerariesQuery({
    page: FIRST_PAGE,
    limit: MAX_PAGE_SIZE,
    search: '',
    publishable: true,
  });
  const [cancelLineup] = useCancelHomepageLineupMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const load = (lineup: HomepageLineup) => {
    const known = knownItems(
      [selection, ...(live.data ? [selectionFromSettings(live.data)] : [])],
      packages.data?.itineraries ?? [],
    );
    onLoad(lineup, selectionFromLineup(lineup, known));
  };

  const cancel = async (lineup: HomepageLineup) => {
    setBusyId(lineup._id);
    try {
      await cancelLineup(lineup._id).unwrap();
      showToast('success', HOMEPAGE_LINEUP_TEXTS.cancelled);
      if (editing?._id === lineup._id) onDone();
    } catch (error) {
      showToast('error', getErrorMessage(error, 'The lineup could not be cancelled.'));
    } finally {
      setBusyId(null);
    }
  };

  const recent = [...(applied.data?.lineups ?? []), ...(failed.data?.lineups ?? [])]
    .sort((a, b) => (b.appliedAt ?? b.updatedAt).localeCompare(a.appliedAt ?? a.updatedAt))
    .slice(0, RECENT_LIMIT);
  const lineups = waiting.data?.lineups ?? [];

  return (
    <>
      {editing ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-700 dark:bg-sky-950/60 dark:text-sky-100"
        >
          <span>
            The editor holds the lineup scheduled for {formatIst(editing.startsAt)}. Change it, then
            &lsquo;Reschedule lineup…&rsquo; saves it; &lsquo;Save Changes&rsquo; would publish it
            now.
          </span>
          <Button variant="secondary" size="sm" onClick={onDone}>
            Back to the live homepage
          </Button>
        </p>
      ) : null}

      <Card className="p-5">
        <section aria-label="Scheduled lineups">
          <h2 className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">
            Scheduled lineups
          </h2>
          <p className={`mb-4 ${muted}`}>
            A lineup replaces the whole homepage selection at its start time (India Standard Time).
            Items deleted or no longer shown on the site by then are dropped.
          </p>
          {waiting.isLoading ? (
            <Spinner label="Loading scheduled lineups" />
          ) : waiting.error ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              Scheduled lineups could not be loaded.{' '}
              {getErrorMessage(waiting.error, 'Please try again.')}
            </p>
          ) : lineups.length === 0 ? (
            <p className={muted}>No lineups are waiting.</p>
          ) : (
            <ul aria-label="Waiting lineups" className="space-y-3">
              {lineups.map((lineup) => (
                <li
                  key={lineup._id}
                  aria-label={`Lineup starting ${formatIst(lineup.startsAt)}`}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-slate-700"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900 dark:text-white">
                      Starts <time dateTime={lineup.startsAt}>{formatIst(lineup.startsAt)}</time>{' '}
                      {editing?._id === lineup._id ? (
                        <Badge tone="indigo">In the editor</Badge>
                      ) : null}
                    </p>
                    <p className={small}>
                      {countsOf(lineup)} · scheduled by {lineup.createdBy.name}
                    </p>
                    <LineupItems lineup={lineup} />
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Load the ${lineupLabel(lineup)} into the editor`}
                      disabled={busyId === lineup._id}
                      onClick={() => {
                        if (dirty) setConfirm({ kind: 'load', lineup });
                        else load(lineup);
                      }}
                    >
                      Load into editor
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Cancel the ${lineupLabel(lineup)}`}
                      loading={busyId === lineup._id}
                      onClick={() => {
                        setConfirm({ kind: 'cancel', lineup });
                      }}
                    >
                      Cancel
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}

          {recent.length > 0 ? (
            <>
              <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900 dark:text-white">
                Recently applied
              </h3>
              <ul aria-label="Recent lineups" className="space-y-3">
                {recent.map((lineup) => (
                  <li
                    key={lineup._id}
                    className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                  >
                    <p className="text-sm text-slate-900 dark:text-white">
                      {lineup.status === 'failed' ? (
                        <Badge tone="red">Failed</Badge>
                      ) : (
                        <Badge tone="green">Applied</Badge>
                      )}{' '}
                      <time dateTime={lineup.appliedAt ?? lineup.startsAt}>
                        {formatIst(lineup.appliedAt ?? lineup.startsAt)}
                      </time>
                    </p>
                    <p className={small}>
                      {countsOf(lineup)} · scheduled by {lineup.createdBy.name}
                    </p>
                    {lineup.failureReason ? (
                      <p className="mt-1 text-xs text-red-700 dark:text-red-300">
                        {lineup.failureReason}
                      </p>
                    ) : null}
                    <DroppedList items={lineup.dropped} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </Card>

      {confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirm(null);
          }}
          title={confirm.kind === 'cancel' ? 'Cancel lineup?' : 'Replace your changes?'}
          message={
            confirm.kind === 'cancel'
              ? `The ${lineupLabel(confirm.lineup)} will not be applied.`
              : `The editor's unsaved changes are replaced by the ${lineupLabel(confirm.lineup)}.`
          }
          confirmLabel={confirm.kind === 'cancel' ? 'Cancel Lineup' : 'Load Lineup'}
          cancelLabel={confirm.kind === 'cancel' ? 'Keep It' : 'Keep Editing'}
          destructive={confirm.kind === 'cancel'}
          onConfirm={() => {
            const { kind, lineup } = confirm;
            setConfirm(null);
            if (kind === 'cancel') void cancel(lineup);
            else load(lineup);
          }}
        />
      ) : null}

      {scheduling ? (
        <Suspense fallback={null}>
          <ScheduleLineupDialog
            selection={selection}
            editing={editing}
            onClose={onCloseScheduling}
            onSaved={onDone}
          />
        </Suspense>
      ) : null}
    </>
  );
};
