import { lazy, Suspense, useState, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { DragHandle, SortableArea, useSortableItem } from '../../components/ui/SortableArea';
import {
  FIRST_PAGE,
  HOMEPAGE_LIMITS,
  HOMEPAGE_SETTINGS_ID,
  HOMEPAGE_MESSAGES,
  HOMEPAGE_TEXTS as T,
  MAX_PAGE_SIZE,
  hiddenFlagText,
  hiddenSummaryText,
  UNSAVED_CHANGES_TEXTS,
  type HomepageLineup,
} from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { SearchBox } from '../../components/ui/SearchBox';
import { Spinner } from '../../components/ui/Spinner';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { getErrorEnvelope, getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useListPage, useSearchPaging } from '../../lib/useListPage';
import { sameValues, useUnsavedChanges } from '../../lib/useUnsavedChanges';
import { useVersionedSave } from '../../lib/useVersionedSave';
import { HOMEPAGE_CONFLICT_FIELDS } from './homepage.conflict';
import { useCan } from '../auth/useCan';
import { useListBlogsQuery } from '../blogs/blogs.list.api';
import { useActivePlacesQuery } from '../geography/geography.api';
import { EMPTY_LOCATION, LocationFields, type LocationValue } from '../geography/LocationFields';
import { formatPrice } from '../itineraries/format';
import { useListItinerariesQuery } from '../itineraries/itineraries.api';
import { useGetHomepageSettingsQuery, useUpdateHomepageSettingsMutation } from './homepage.api';
import {
  addItem,
  buildHomepageBody,
  hiddenCount,
  movePackage,
  offeredPackages,
  removeItem,
  selectionFromSettings,
  type AddResult,
  type HomepageSelection,
  type SelectedPackage,
} from './homepage.selection';
import { useDisplaySettings } from '../../lib/format';
import { HistoryButton } from '../revisions/LazyHistoryPanel';
import { LazyEditingNote } from '../../app/realtime/LazyEditingNote';

// Scheduled lineups (issue 21) load with the editor, in their own chunk (the page's 60 KB budget).
const HomepageLineups = lazy(() =>
  loadWithTimeout(() => import('./HomepageLineups')).then((m) => ({ default: m.HomepageLineups })),
);

const cardFrame =
  'rounded-lg border border-slate-200 bg-white p-3 text-left text-sm transition-colors hover:border-teal-500 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:border-slate-700 dark:bg-slate-950 dark:hover:border-teal-400 dark:hover:bg-teal-950/40';
const cardButton = `flex w-full flex-col items-start gap-1 ${cardFrame}`;
/** A card with a thumbnail on its left (place and package cards). */
const thumbCardButton = `flex w-full flex-row items-center gap-3 ${cardFrame}`;
const chip =
  'inline-flex items-center gap-2 rounded-full border border-teal-200 bg-teal-50 py-1 pr-1 pl-3 text-sm text-teal-900 dark:border-teal-800 dark:bg-teal-950/50 dark:text-teal-100';
const muted = 'text-sm text-slate-500 dark:text-slate-400';
const iconButton =
  'inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

const Section = ({
  title,
  count,
  limit,
  children,
}: {
  title: string;
  count: number;
  limit: number;
  children: ReactNode;
}) => {
  const heading = `${title} (${count}/${limit} selected)`;
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{heading}</h2>
        <div className="space-y-4">{children}</div>
      </section>
    </Card>
  );
};

const RemoveButton = ({ name, onClick }: { name: string; onClick: () => void }) => (
  <button
    type="button"
    aria-label={`Remove ${name}`}
    title="Remove"
    onClick={onClick}
    className={iconButton}
  >
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </svg>
  </button>
);

/** On a chosen item the public site no longer shows: 'Not shown on the site: Private'. */
const HiddenFlag = ({ reason }: { reason: string | undefined }) =>
  reason ? (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200">
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
        <path
          fillRule="evenodd"
          d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      {hiddenFlagText(reason)}
    </span>
  ) : null;

/** The page's warning: how many chosen items the site does not show (each card says why). */
const HiddenWarning = ({ selection }: { selection: HomepageSelection }) => {
  const count = hiddenCount(selection);
  // Only flagged items from the saved settings can be hidden (the pickers offer publishable ones),
  // so the count only falls while the page is open: the live region is there before it changes.
  return count > 0 ? (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200"
    >
      {hiddenSummaryText(count)}
    </p>
  ) : null;
};

const CardGrid = ({ label, children }: { label: string; children: ReactNode }) => (
  <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
    {children}
  </ul>
);

/** Spec §8: success text, else the server's message, else the fallback; no answer at all: error. */
export const saveFailureMessage = (error: unknown): string => {
  const envelope = getErrorEnvelope(error);
  if (envelope?.message) return envelope.message;
  if (getErrorStatus(error) !== null) return HOMEPAGE_MESSAGES.updateFailed;
  return HOMEPAGE_MESSAGES.updateError;
};

/**
 * /services/homepage-settings, 'Homepage Settings' (spec §2): trending destinations (country →
 * state → place cards), tour packages (location filters, active itineraries not chosen yet,
 * reordered by dragging or Move up / Move down) and Travelpedia blogs (search), saved with one
 * PUT. The limits of spec §9 refuse the extra item with a toast.
 */
export const HomepageSettingsPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const { data, isLoading, isError } = useGetHomepageSettingsQuery(undefined);
  const canUpdate = useCan('homepage.update');
  // After a restore (issue 21) the editor starts again from the restored selection, once loaded.
  const [restore, setRestore] = useState({ shown: 0, pending: 0 });
  const editorKey = (data?.version ?? 0) >= restore.pending ? restore.pending : restore.shown;
  return (
    <div>
      <PageHeader
        title={T.pageTitle}
        actions={
          data ? (
            <HistoryButton
              entity="homepage-settings"
              name={T.pageTitle}
              record={data}
              onRestored={(version) => {
                setRestore({ shown: editorKey, pending: version });
              }}
            />
          ) : undefined
        }
      />
      <LazyEditingNote
        entity="homepage-settings"
        id={HOMEPAGE_SETTINGS_ID}
        hold={canUpdate && !!data}
        className="mb-4"
      />
      {isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          The homepage settings could not be loaded.
        </p>
      ) : canUpdate ? (
        <HomepageEditor key={editorKey} initial={selectionFromSettings(data)} />
      ) : (
        <HomepageSummary selection={selectionFromSettings(data)} />
      )}
    </div>
  );
};

/**
 * For admins with homepage.view only: the saved selection, read-only (the editor's pickers would
 * also need the itinerary, blog and geography lists).
 */
const HomepageSummary = ({ selection }: { selection: HomepageSelection }) => (
  <div className="space-y-6">
    <p
      role="note"
      className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300"
    >
      You can see what the homepage features but not change it.
    </p>
    <HiddenWarning selection={selection} />
    <Section title={T.destinations} count={selection.places.length} limit={HOMEPAGE_LIMITS.places}>
      <SummaryList
        label="Selected destinations"
        items={selection.places.map((place) => ({
          _id: place._id,
          text: `${place.name} · ${place.stateName}, ${place.countryName}`,
          hiddenReason: place.hiddenReason,
        }))}
      />
    </Section>
    <Section title={T.packages} count={selection.packages.length} limit={HOMEPAGE_LIMITS.packages}>
      <SummaryList
        label="Selected packages"
        ordered
        items={selection.packages.map((pkg) => ({
          _id: pkg._id,
          text: `${pkg.title} · ${pkg.duration} · ${formatPrice(pkg.pricePerPerson)} per person`,
          hiddenReason: pkg.hiddenReason,
        }))}
      />
    </Section>
    <Section title={T.blogs} count={selection.blogs.length} limit={HOMEPAGE_LIMITS.blogs}>
      <SummaryList
        label="Selected blogs"
        items={selection.blogs.map((blog) => ({
          _id: blog._id,
          text: blog.title,
          hiddenReason: blog.hiddenReason,
        }))}
      />
    </Section>
  </div>
);

const SummaryList = ({
  label,
  items,
  ordered = false,
}: {
  label: string;
  items: { _id: string; text: string; hiddenReason?: string | undefined }[];
  ordered?: boolean;
}) => {
  if (items.length === 0) return <p className={muted}>Nothing selected.</p>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      aria-label={label}
      className={`space-y-1.5 text-sm ${ordered ? 'list-decimal pl-5' : ''}`}
    >
      {items.map((item) => (
        <li key={item._id} className="text-slate-800 dark:text-slate-200">
          {item.text} <HiddenFlag reason={item.hiddenReason} />
        </li>
      ))}
    </List>
  );
};

const HomepageEditor = ({ initial }: { initial: HomepageSelection }) => {
  const [selection, setSelection] = useState(initial);
  const [save, { isLoading: saving }] = useUpdateHomepageSettingsMutation();
  // Unsaved: the selection (what the PUT would send) differs from what was loaded or last saved;
  // leaving the page or reloading then asks first (issue 20).
  const [saved, setSaved] = useState(initial);
  const dirty = !sameValues(buildHomepageBody(selection), buildHomepageBody(saved));
  useUnsavedChanges(dirty && !saving);
  // Issue 21: the waiting lineup loaded into the editor, and the open 'Schedule this lineup…'.
  const [lineup, setLineup] = useState<HomepageLineup | null>(null);
  const [scheduling, setScheduling] = useState(false);
  // Issue 21: saves send the version loaded (or last saved); a stale one opens the conflict
  // dialog, with their selection read again by name (the 409 carries ids only).
  const { data: loaded, refetch } = useGetHomepageSettingsQuery(undefined);
  const versioned = useVersionedSave<HomepageSelection>({
    current: () => selection,
    opened: () => saved,
    apply: (theirs, values) => {
      setSaved(theirs);
      setSelection(values);
    },
    resubmit: (values) => handleSave(values),
    version: loaded?.version,
    noun: 'homepage selection',
    fields: HOMEPAGE_CONFLICT_FIELDS,
    toValues: async () => selectionFromSettings(await refetch().unwrap()),
  });

  const apply = (result: AddResult) => {
    if (!result.ok) {
      showToast('error', result.message);
      return;
    }
    setSelection(result.selection);
  };

  const handleSave = async (sent = selection) => {
    try {
      const result = await save({
        ...buildHomepageBody(sent),
        version: versioned.version(),
      }).unwrap();
      versioned.saved(result.version);
      setSaved(sent);
      showToast('success', HOMEPAGE_MESSAGES.updated);
    } catch (error) {
      if (!versioned.caught(error)) showToast('error', saveFailureMessage(error));
    }
  };

  return (
    <div className="space-y-6">
      <HiddenWarning selection={selection} />
      <DestinationsSection selection={selection} onAdd={apply} onChange={setSelection} />
      <PackagesSection selection={selection} onAdd={apply} onChange={setSelection} />
      <BlogsSection selection={selection} onAdd={apply} onChange={setSelection} />
      <Suspense fallback={null}>
        <HomepageLineups
          selection={selection}
          dirty={dirty}
          editing={lineup}
          scheduling={scheduling}
          onCloseScheduling={() => {
            setScheduling(false);
          }}
          onLoad={(loaded, next) => {
            setLineup(loaded);
            setSelection(next);
          }}
          onDone={() => {
            setLineup(null);
            setSelection(saved);
          }}
        />
      </Suspense>
      {/* The save bar stays at the bottom of the window on this long page. */}
      <div className="sticky bottom-0 z-10 -mx-4 -mb-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:-mb-8 lg:px-8 dark:border-slate-800 dark:bg-slate-900">
        <p role="status" className="mr-auto text-sm text-slate-600 dark:text-slate-400">
          {lineup ? 'Editing a scheduled lineup.' : dirty ? UNSAVED_CHANGES_TEXTS.pendingNote : ''}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setScheduling(true);
          }}
        >
          {lineup ? 'Reschedule lineup…' : 'Schedule this lineup…'}
        </Button>
        <Button onClick={() => void handleSave()} loading={saving}>
          {T.save}
        </Button>
      </div>
      {versioned.dialog}
    </div>
  );
};

/** A picker's list that failed says so (a 403 or an outage must not look like an empty list). */
const LoadError = ({ what, message }: { what: string; message: string }) => (
  <p role="alert" className="text-sm text-red-600 dark:text-red-400">
    {what} could not be loaded. {message}
  </p>
);

interface SectionProps {
  selection: HomepageSelection;
  onAdd: (result: AddResult) => void;
  onChange: (selection: HomepageSelection) => void;
}

const DestinationsSection = ({ selection, onAdd, onChange }: SectionProps) => {
  const [location, setLocation] = useState<LocationValue>(EMPTY_LOCATION);
  const ready = Boolean(location.countryId && location.stateId);
  const places = useActivePlacesQuery(
    ready ? { countryId: location.countryId, stateId: location.stateId } : skipToken,
  );
  const chosen = new Set(selection.places.map((p) => p._id));
  return (
    <Section title={T.destinations} count={selection.places.length} limit={HOMEPAGE_LIMITS.places}>
      {selection.places.length > 0 ? (
        <ul aria-label="Selected destinations" className="flex flex-wrap gap-2">
          {selection.places.map((place) => (
            <li key={place._id} className={`${chip} flex-wrap`}>
              <span>
                {place.name}
                {/* A place loaded from a lineup by name alone has no state and country here. */}
                {place.stateName ? (
                  <span className="text-teal-700 dark:text-teal-300">
                    {' '}
                    · {place.stateName}, {place.countryName}
                  </span>
                ) : null}
              </span>
              <HiddenFlag reason={place.hiddenReason} />
              <RemoveButton
                name={place.name}
                onClick={() => {
                  onChange(removeItem(selection, 'places', place._id));
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <LocationFields value={location} onChange={setLocation} showPlace={false} />
      </div>
      {!ready ? (
        <p className={muted}>{T.choosePlaces}</p>
      ) : places.isFetching && !places.data ? (
        <Spinner />
      ) : places.error ? (
        <LoadError what="Places" message={getErrorMessage(places.error, 'Please try again.')} />
      ) : (places.data ?? []).length === 0 ? (
        <p className={muted}>No active places in this state.</p>
      ) : (
        <CardGrid label="Available places">
          {(places.data ?? []).map((place) => (
            <li key={place._id}>
              <button
                type="button"
                aria-pressed={chosen.has(place._id)}
                onClick={() => {
                  onAdd(
                    addItem(selection, 'places', {
                      _id: place._id,
                      name: place.name,
                      stateName: place.state.name,
                      countryName: place.country.name,
                      image: place.image,
                    }),
                  );
                }}
                className={`${thumbCardButton} ${chosen.has(place._id) ? 'border-teal-500 ring-1 ring-teal-500 dark:border-teal-400' : ''}`}
              >
                <Thumbnail image={place.image} />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium text-slate-900 dark:text-white">{place.name}</span>{' '}
                  <span className={muted}>
                    {chosen.has(place._id)
                      ? 'Selected'
                      : place.shortDescription || place.state.name}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
};

const PackagesSection = ({ selection, onAdd, onChange }: SectionProps) => {
  const [location, setLocation] = useState<LocationValue>(EMPTY_LOCATION);
  const list = useListItinerariesQuery({
    page: FIRST_PAGE,
    limit: MAX_PAGE_SIZE,
    search: '',
    ...(location.placeId ? { placeId: location.placeId } : {}),
    // Only what the public site can show: active and public (issue 20).
    publishable: true,
  });
  const offered = offeredPackages(list.data?.itineraries ?? [], selection);
  // Country or state alone narrow the list on the page (the API filters by place only).
  const visible = offered.filter(
    (itinerary) =>
      (!location.countryId || itinerary.countryId._id === location.countryId) &&
      (!location.stateId || itinerary.stateId._id === location.stateId),
  );
  return (
    <Section title={T.packages} count={selection.packages.length} limit={HOMEPAGE_LIMITS.packages}>
      {selection.packages.length > 0 ? (
        <SortableArea
          ids={selection.packages.map((p) => p._id)}
          onMove={(from, to) => {
            onChange(movePackage(selection, from, to));
          }}
        >
          <ol aria-label="Selected packages" className="space-y-2">
            {selection.packages.map((pkg, index) => (
              <SortablePackage
                key={pkg._id}
                pkg={pkg}
                index={index}
                count={selection.packages.length}
                onMove={(to) => {
                  onChange(movePackage(selection, index, to));
                }}
                onRemove={() => {
                  onChange(removeItem(selection, 'packages', pkg._id));
                }}
              />
            ))}
          </ol>
        </SortableArea>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <LocationFields value={location} onChange={setLocation} />
      </div>
      {list.isFetching && !list.data ? (
        <Spinner />
      ) : list.error ? (
        <LoadError
          what="Tour packages"
          message={getErrorMessage(list.error, 'Please try again.')}
        />
      ) : visible.length === 0 ? (
        <p className={muted}>No active tour packages to add here.</p>
      ) : (
        <CardGrid label="Available packages">
          {visible.map((itinerary) => (
            <li key={itinerary._id}>
              <button
                type="button"
                onClick={() => {
                  onAdd(
                    addItem(selection, 'packages', {
                      _id: itinerary._id,
                      title: itinerary.title,
                      duration: itinerary.duration,
                      pricePerPerson: itinerary.pricePerPerson,
                      image: itinerary.coverImage ?? null,
                    }),
                  );
                }}
                className={thumbCardButton}
              >
                <Thumbnail image={itinerary.coverImage} />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium text-slate-900 dark:text-white">
                    {itinerary.title}
                  </span>{' '}
                  <span className={muted}>{itinerary.duration}</span>{' '}
                  <span className="text-sm font-semibold text-teal-700 dark:text-teal-300">
                    {formatPrice(itinerary.pricePerPerson)} per person
                  </span>
                </span>
              </button>
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
};

interface SortablePackageProps {
  pkg: SelectedPackage;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}

const SortablePackage = ({ pkg, index, count, onMove, onRemove }: SortablePackageProps) => {
  const { itemProps, handleProps, frame } = useSortableItem(pkg._id);
  const position = index + 1;
  return (
    <li
      {...itemProps}
      aria-label={`${position}. ${pkg.title}`}
      className={`flex items-center gap-3 rounded-lg border bg-white p-2 dark:bg-slate-950 ${frame}`}
    >
      <DragHandle
        handleProps={handleProps}
        label={`Drag to reorder ${pkg.title}`}
        className="shrink-0 border border-slate-300 text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
      />
      <span className="w-6 shrink-0 text-center text-sm font-semibold text-slate-500 dark:text-slate-400">
        {position}
      </span>
      {/* Left out on narrow screens, where the row needs its width for the title. */}
      <span className="hidden shrink-0 sm:block">
        <Thumbnail image={pkg.image} className="h-10 w-14" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{pkg.title}</p>
        {pkg.duration ? (
          <p className={muted}>
            {pkg.duration} · {formatPrice(pkg.pricePerPerson)} per person
          </p>
        ) : null}
        <HiddenFlag reason={pkg.hiddenReason} />
      </div>
      <button
        type="button"
        aria-label="Move up"
        title="Move up"
        disabled={index === 0}
        onClick={() => {
          onMove(index - 1);
        }}
        className={iconButton}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
          <path d="M10 4l5 6H5l5-6Z" />
        </svg>
      </button>
      <button
        type="button"
        aria-label="Move down"
        title="Move down"
        disabled={index === count - 1}
        onClick={() => {
          onMove(index + 1);
        }}
        className={iconButton}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
          <path d="M10 16l-5-6h10l-5 6Z" />
        </svg>
      </button>
      <RemoveButton name={pkg.title} onClick={onRemove} />
    </li>
  );
};

const BlogsSection = ({ selection, onAdd, onChange }: SectionProps) => {
  // The first page of the search is offered (no paging here).
  const paging = useSearchPaging();
  // Only published blogs: what the public site can show (issue 20).
  const blogs = useListPage(paging, useListBlogsQuery({ ...paging.args, publishable: true }), {
    rows: (data) => data.blogs,
    errorFallback: 'Please try again.',
  });
  const chosen = new Set(selection.blogs.map((b) => b._id));
  return (
    <Section title={T.blogs} count={selection.blogs.length} limit={HOMEPAGE_LIMITS.blogs}>
      {selection.blogs.length > 0 ? (
        <ul aria-label="Selected blogs" className="flex flex-wrap gap-2">
          {selection.blogs.map((blog) => (
            <li key={blog._id} className={`${chip} flex-wrap`}>
              <span>{blog.title}</span>
              <HiddenFlag reason={blog.hiddenReason} />
              <RemoveButton
                name={blog.title}
                onClick={() => {
                  onChange(removeItem(selection, 'blogs', blog._id));
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <SearchBox
        value={blogs.searchText}
        onChange={blogs.setSearchText}
        placeholder={T.searchBlogs}
        className="max-w-md"
      />
      {blogs.isLoading ? (
        <Spinner />
      ) : blogs.error ? (
        <LoadError what="Blogs" message={blogs.error} />
      ) : blogs.isEmpty ? (
        <p className={muted}>No blogs found.</p>
      ) : (
        <CardGrid label="Available blogs">
          {blogs.rows.map((blog) => (
            <li key={blog._id}>
              <button
                type="button"
                aria-pressed={chosen.has(blog._id)}
                onClick={() => {
                  onAdd(addItem(selection, 'blogs', { _id: blog._id, title: blog.title }));
                }}
                className={`${cardButton} ${chosen.has(blog._id) ? 'border-teal-500 ring-1 ring-teal-500 dark:border-teal-400' : ''}`}
              >
                <span className="font-medium text-slate-900 dark:text-white">{blog.title}</span>{' '}
                <span className={muted}>{chosen.has(blog._id) ? 'Selected' : blog.place.name}</span>
              </button>
            </li>
          ))}
        </CardGrid>
      )}
    </Section>
  );
};

export { HomepageSettingsPage as Component };
