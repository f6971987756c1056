import { useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  FIRST_PAGE,
  HOMEPAGE_SETTINGS_ID,
  PAGE_SIZE,
  REVISION_PERMISSION_MODULE,
  type Image,
  type PermissionKey,
  type RevisionDetail,
  type RevisionEntity,
  type RevisionSummary,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorEnvelope, getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatDateTime, useDisplaySettings } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useHasUnsavedChanges } from '../../lib/useUnsavedChanges';
import { useCan } from '../auth/useCan';
import {
  useActiveCountriesQuery,
  useActivePlacesQuery,
  useActiveStatesQuery,
} from '../geography/geography.api';
import { FieldDiff } from './FieldDiff';
import {
  actionLabel,
  changedFieldsText,
  collectImages,
  collectNames,
  diffRows,
  isJson,
  missingText,
  onlyImagesMissing,
  type Names,
} from './revisionFormat';
import {
  useGetRevisionQuery,
  useListRevisionsQuery,
  useRestoreRevisionMutation,
} from './revisions.api';

/** The panel's own texts ('History' and 'Restore this version' as issue 21 words them). */
export const HISTORY_TEXTS = {
  title: 'History',
  restore: 'Restore this version',
  confirmTitle: 'Restore this version',
  confirm: 'Restore',
  confirmMessage: (version: number) =>
    `Restore version ${version}? The current version stays in the history.`,
  unsavedNote: 'Your unsaved changes will be discarded.',
  restored: (version: number, now: number) =>
    `Version ${version} restored. It is now version ${now}.`,
  restoreFailed: 'The version could not be restored.',
  missing: (things: string) =>
    `This version cannot be restored: it refers to things that no longer exist (${things}).`,
  withoutImages: 'Restore without the missing images',
  withoutImagesHint: 'The current images stay where this version’s images are gone.',
  empty: 'No versions yet. Every save from now on is kept here.',
  loadFailed: 'The history could not be loaded.',
  detailFailed: 'This version could not be loaded.',
  current: 'Current',
  isCurrent: 'This is the current version.',
  noChanges: 'No field changed in this version.',
  versions: 'Versions',
  choose: 'Choose a version to see what changed.',
} as const;

type Json = Record<string, unknown>;
type Missing = { kind: string; id: string };

export interface HistoryPanelProps {
  entity: RevisionEntity;
  /** The record's id (not needed for the homepage settings, which are one record). */
  id?: string | undefined;
  /** The record's name, said under the title. */
  name?: string | undefined;
  /**
   * The record as the form has it: the ids of the places, library, packages… it refers to are
   * shown by the names found in it, and its images as thumbnails.
   */
  record?: unknown;
  onClose: () => void;
  /** After a restore (the new version); the form closes or reloads so it shows the restored values. */
  onRestored?: ((version: number) => void) | undefined;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Names of the country, state and place a snapshot points at, from the active lists the forms'
 * location fields load anyway (cached): a version whose place has changed says which place.
 */
const useGeoNames = (snapshot: Json | undefined): Names => {
  const countryId = str(snapshot?.countryId);
  const stateId = str(snapshot?.stateId);
  const countries = useActiveCountriesQuery(countryId ? undefined : skipToken);
  const states = useActiveStatesQuery(countryId || skipToken);
  const places = useActivePlacesQuery(countryId && stateId ? { countryId, stateId } : skipToken);
  return useMemo(
    () =>
      new Map(
        [...(countries.data ?? []), ...(states.data ?? []), ...(places.data ?? [])].map((geo) => [
          geo._id,
          geo.name,
        ]),
      ),
    [countries.data, states.data, places.data],
  );
};

const missingOf = (error: unknown): Missing[] | null => {
  const data = getErrorEnvelope(error)?.data;
  if (getErrorStatus(error) !== 409 || !isJson(data) || !Array.isArray(data.missing)) return null;
  return data.missing.flatMap((item) =>
    isJson(item) && typeof item.kind === 'string' && typeof item.id === 'string'
      ? [{ kind: item.kind, id: item.id }]
      : [],
  );
};

const muted = 'text-slate-500 dark:text-slate-400';

/** "Restored from v2", the version looked up when it is not on the page shown. */
const RestoredFrom = ({
  revisionId,
  versions,
}: {
  revisionId: string;
  versions: ReadonlyMap<string, number>;
}) => {
  const known = versions.get(revisionId);
  const { data } = useGetRevisionQuery(known === undefined ? revisionId : skipToken);
  const version = known ?? data?.version;
  return (
    <span className="block text-xs text-teal-700 dark:text-teal-300">
      {version === undefined ? 'Restored an earlier version' : `Restored from v${version}`}
    </span>
  );
};

interface DetailProps {
  entity: RevisionEntity;
  entityId: string;
  revisionId: string;
  isCurrent: boolean;
  names: Names;
  images: ReadonlyMap<string, Image>;
  onRestored: (version: number) => void;
}

/** One version: what changed against the one before, side by side, and its restore. */
const RevisionDetailView = ({
  entity,
  entityId,
  revisionId,
  isCurrent,
  names,
  images,
  onRestored,
}: DetailProps) => {
  const { data, isLoading, isError, refetch } = useGetRevisionQuery(revisionId);
  const canRestore = useCan(`${REVISION_PERMISSION_MODULE[entity]}.update` as PermissionKey);
  const unsaved = useHasUnsavedChanges();
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState<Missing[] | null>(null);
  const [restore, { isLoading: restoring }] = useRestoreRevisionMutation();
  const before = useMemo<Json | undefined>(
    () =>
      data
        ? { ...data.snapshot, ...Object.fromEntries(data.diff.map((d) => [d.field, d.from])) }
        : undefined,
    [data],
  );
  const geoAfter = useGeoNames(data?.snapshot);
  const geoBefore = useGeoNames(before);
  const allNames = useMemo(
    () => new Map([...geoBefore, ...geoAfter, ...names]),
    [geoBefore, geoAfter, names],
  );

  if (isLoading) {
    return (
      <div className={`flex items-center gap-2 py-8 text-sm ${muted}`}>
        <Spinner label="Loading the version" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div role="alert" className="space-y-2 text-sm text-red-600 dark:text-red-400">
        <p>{HISTORY_TEXTS.detailFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  const detail: RevisionDetail = data;
  const rows = diffRows(entity, detail.diff);
  const single = detail.previousId === null;
  const handleRestore = async (withoutMissingImages = false) => {
    setMissing(null);
    try {
      const result = await restore({
        revisionId: detail._id,
        entity,
        entityId,
        withoutMissingImages,
      }).unwrap();
      showToast('success', HISTORY_TEXTS.restored(detail.version, result.version));
      onRestored(result.version);
    } catch (error) {
      const gone = missingOf(error);
      if (gone && gone.length > 0) setMissing(gone);
      else showToast('error', getErrorMessage(error, HISTORY_TEXTS.restoreFailed));
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900 dark:text-white">
            Version {detail.version} · {actionLabel(detail.action)}
          </h3>
          <p className={`text-sm ${muted}`}>
            {detail.admin.name} · {formatDateTime(detail.createdAt)}
          </p>
        </div>
        {isCurrent ? (
          <p className={`text-sm ${muted}`}>{HISTORY_TEXTS.isCurrent}</p>
        ) : canRestore ? (
          <Button
            variant="secondary"
            size="sm"
            loading={restoring}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {HISTORY_TEXTS.restore}
          </Button>
        ) : null}
      </div>

      {missing ? (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
        >
          <p>{HISTORY_TEXTS.missing(missingText(missing, allNames))}</p>
          {onlyImagesMissing(missing) && canRestore ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                loading={restoring}
                onClick={() => void handleRestore(true)}
              >
                {HISTORY_TEXTS.withoutImages}
              </Button>
              <span className="text-xs">{HISTORY_TEXTS.withoutImagesHint}</span>
            </div>
          ) : null}
        </div>
      ) : null}

      {rows.length === 0 ? (
        <p className={`text-sm ${muted}`}>{HISTORY_TEXTS.noChanges}</p>
      ) : (
        <div className="space-y-3">
          {rows.map((row) => (
            <FieldDiff
              key={row.key}
              entity={entity}
              row={row}
              names={allNames}
              images={images}
              single={single}
              beforeLabel="Before"
              afterLabel={single ? `Version ${detail.version}` : 'After'}
            />
          ))}
        </div>
      )}

      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={HISTORY_TEXTS.confirmTitle}
        message={
          unsaved
            ? `${HISTORY_TEXTS.confirmMessage(detail.version)} ${HISTORY_TEXTS.unsavedNote}`
            : HISTORY_TEXTS.confirmMessage(detail.version)
        }
        confirmLabel={HISTORY_TEXTS.confirm}
        destructive={false}
        onConfirm={() => void handleRestore()}
      />
    </div>
  );
};

const RevisionItem = ({
  entity,
  revision,
  selected,
  current,
  versions,
  controls,
  onSelect,
}: {
  entity: RevisionEntity;
  revision: RevisionSummary;
  selected: boolean;
  current: boolean;
  versions: ReadonlyMap<string, number>;
  controls: string;
  onSelect: () => void;
}) => (
  <li>
    <button
      type="button"
      aria-pressed={selected}
      aria-controls={controls}
      onClick={onSelect}
      className={`w-full rounded-md border px-3 py-2 text-left text-sm transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${
        selected
          ? 'border-teal-600 bg-teal-50 dark:border-teal-400 dark:bg-teal-950/40'
          : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800'
      }`}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900 dark:text-white">
          v{revision.version} · {actionLabel(revision.action)}
        </span>
        {current ? (
          <span className="rounded-full bg-teal-700 px-2 py-0.5 text-xs font-medium text-white dark:bg-teal-500 dark:text-slate-950">
            {HISTORY_TEXTS.current}
          </span>
        ) : null}
      </span>
      <span className={`block text-xs ${muted}`}>
        {revision.admin.name} ·{' '}
        <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
      </span>
      {revision.changedFields.length > 0 && revision.action !== 'delete' ? (
        <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">
          {changedFieldsText(entity, revision.changedFields)}
        </span>
      ) : null}
      {revision.restoredFrom ? (
        <RestoredFrom revisionId={revision.restoredFrom} versions={versions} />
      ) : null}
    </button>
  </li>
);

/**
 * Issue 21's History panel (loaded lazily through `LazyHistoryPanel`): a record's versions newest
 * first (version, what happened, who, when, the changed fields), paged; the chosen one shows each
 * changed field before and after side by side (rich text compared as text, images as thumbnails,
 * ids by name) and, for admins who may update the record, 'Restore this version' after a confirm.
 */
export const HistoryPanel = ({
  entity,
  id,
  name,
  record,
  onClose,
  onRestored,
}: HistoryPanelProps) => {
  useDisplaySettings(); // dates follow the Basic Settings' time zone live
  const entityId = entity === 'homepage-settings' ? HOMEPAGE_SETTINGS_ID : (id ?? '');
  const [page, setPage] = useState(FIRST_PAGE);
  const [chosen, setChosen] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const detailId = `history-detail-${entity}`;
  const { data, error, isLoading, isFetching, isError, refetch } = useListRevisionsQuery(
    { entity, id: entityId, page, limit: PAGE_SIZE },
    // Saves made since the panel was last open are in the list.
    { refetchOnMountOrArgChange: true },
  );
  const names = useMemo(() => collectNames(record), [record]);
  const images = useMemo(() => collectImages(record), [record]);
  const revisions = useMemo(() => data?.revisions ?? [], [data]);
  const versions = useMemo(
    () => new Map(revisions.map((revision) => [revision._id, revision.version])),
    [revisions],
  );
  const currentId = page === FIRST_PAGE ? revisions[0]?._id : undefined;
  const selected =
    chosen !== null && revisions.some((revision) => revision._id === chosen)
      ? chosen
      : (revisions[0]?._id ?? null);

  const handleSelect = (revisionId: string) => {
    setChosen(revisionId);
    // Stacked on a narrow screen: bring the version into view.
    const element = detailRef.current;
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={HISTORY_TEXTS.title}
      description={
        name ? `Saved versions of “${name}”, newest first.` : 'Saved versions, newest first.'
      }
      size="max-w-4xl"
    >
      {isLoading ? (
        <div className={`flex items-center gap-2 py-8 text-sm ${muted}`}>
          <Spinner label="Loading the history" />
        </div>
      ) : isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-600 dark:text-red-400">
          <p>
            {HISTORY_TEXTS.loadFailed} {getErrorMessage(error, '')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : revisions.length === 0 ? (
        <p className={`py-6 text-center text-sm ${muted}`}>{HISTORY_TEXTS.empty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
          <div className="space-y-3">
            <ol
              aria-label={HISTORY_TEXTS.versions}
              aria-busy={isFetching || undefined}
              className="space-y-2"
            >
              {revisions.map((revision) => (
                <RevisionItem
                  key={revision._id}
                  entity={entity}
                  revision={revision}
                  selected={revision._id === selected}
                  current={revision._id === currentId}
                  versions={versions}
                  controls={detailId}
                  onSelect={() => {
                    handleSelect(revision._id);
                  }}
                />
              ))}
            </ol>
            {data && data.pagination.totalPages > 1 ? (
              <Pagination
                page={page}
                totalPages={data.pagination.totalPages}
                hasNextPage={data.pagination.hasNextPage}
                label="History pages"
                siblings={0}
                onPageChange={(next) => {
                  setPage(next);
                  setChosen(null);
                }}
              />
            ) : null}
          </div>
          <div
            id={detailId}
            ref={detailRef}
            className="min-w-0 scroll-mt-4 border-t border-slate-200 pt-4 md:border-t-0 md:border-l md:pt-0 md:pl-4 dark:border-slate-700"
          >
            {selected ? (
              <RevisionDetailView
                key={selected}
                entity={entity}
                entityId={entityId}
                revisionId={selected}
                isCurrent={selected === currentId}
                names={names}
                images={images}
                onRestored={(version) => {
                  onRestored?.(version);
                  onClose();
                }}
              />
            ) : (
              <p className={`text-sm ${muted}`}>{HISTORY_TEXTS.choose}</p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
};
