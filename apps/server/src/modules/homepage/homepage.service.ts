import { fromPriceOf } from '../itineraries/itineraries.builder.js';
import type { z } from 'zod';
import {
  HOMEPAGE_LIMITS,
  HOMEPAGE_MESSAGES as M,
  blogHiddenReason,
  itineraryHiddenReason,
  notPublishableMessage,
  placeHiddenReason,
  type HomepageHiddenReason,
  type HomepageSettings,
  type homepageSettingsInputSchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import { ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { firstByOwner, listImagesOf } from '../../media/images.repo.js';
import { presentImage } from '../../media/images.present.js';
import type { StorageDriver } from '../../media/storage.js';
import {
  findBlogStates,
  findItineraryStates,
  findPlaces,
  findSettings,
  lockSettings,
  readSelection,
  replaceSelection,
  savedIds,
} from './homepage.repo.js';

export type HomepageInputData = z.output<typeof homepageSettingsInputSchema>;

/** An id as sent, with the index the caller sent it at (field errors name that index). */
interface Indexed {
  id: string | undefined;
  raw: string;
  index: number;
}

/** Drops repeated ids (first wins, compared as normalised UUIDs), keeping the sent index. */
export const uniqueIds = (ids: readonly string[]): Indexed[] => {
  const seen = new Set<string>();
  const out: Indexed[] = [];
  ids.forEach((raw, index) => {
    const id = asUuid(raw);
    const key = id ?? raw;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ id, raw, index });
  });
  return out;
};

/**
 * Packages in display order: sorted by the `displayOrder` sent (ties keep the array order), then
 * numbered 1..n: the position is the display order (spec §4).
 */
export const orderPackages = <T extends { displayOrder: number }>(packages: readonly T[]) =>
  packages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.displayOrder - b.p.displayOrder || a.i - b.i)
    .map(({ p }, i) => ({ ...p, displayOrder: i + 1 }));

/** The optional fields of a chosen item: `publishable`, and why not when it is not. */
export const publishableFields = (reason: HomepageHiddenReason | null) =>
  reason ? { publishable: false, hiddenReason: reason } : { publishable: true };

/** The field error of an item the site cannot show, by kind and reason. */
const PLACE_REFUSAL = M.placeInactive;
const packageRefusal = (reason: HomepageHiddenReason) =>
  reason === 'Private' ? M.packagePrivate : M.packageInactive;

/** Limits of spec §9, counted after duplicates are dropped; the message is the spec's text. */
export const checkLimits = (places: number, packages: number, blogs: number) => {
  const over: { path: string; message: string }[] = [];
  if (places > HOMEPAGE_LIMITS.places)
    over.push({ path: 'trendingDestinations', message: M.maxPlaces });
  if (packages > HOMEPAGE_LIMITS.packages)
    over.push({ path: 'tourPackages', message: M.maxPackages });
  if (blogs > HOMEPAGE_LIMITS.blogs) over.push({ path: 'blogs', message: M.maxBlogs });
  const [first] = over;
  if (first) throw new ValidationError(over, first.message);
};

/** The ids of a homepage configuration as sent (the settings' PUT body, a scheduled lineup). */
export interface SelectionInput {
  trendingDestinations: readonly string[];
  tourPackages: readonly { _id: string; displayOrder: number }[];
  blogs: readonly string[];
}

/** A configuration with duplicates dropped and the limits checked (400 naming the list over). */
export const planSelection = (input: SelectionInput) => {
  const places = uniqueIds(input.trendingDestinations);
  const packages = uniqueIds(input.tourPackages.map((p) => p._id)).map((entry) => ({
    ...entry,
    displayOrder: input.tourPackages[entry.index]?.displayOrder ?? 0,
  }));
  const blogs = uniqueIds(input.blogs);
  checkLimits(places.length, packages.length, blogs.length);
  return { places, packages, blogs };
};
export type SelectionPlan = ReturnType<typeof planSelection>;

/** The three lists, as the saved selection (`savedIds`) names them. */
export type SelectionList = 'places' | 'packages' | 'blogs';

/** A chosen item the site cannot show, for the `mayStay` rule of {@link checkSelection}. */
export interface HiddenItem {
  list: SelectionList;
  id: string;
  reason: HomepageHiddenReason;
  /** Itineraries and blogs: when the scheduler makes it live (issue 21), if it will. */
  publishAt?: Date | null;
  unpublishAt?: Date | null;
  /** Itineraries: public or private. */
  visibility?: string;
}

/** An item refused: not found (`reason` null), or hidden and not allowed to stay. */
export interface RefusedItem {
  list: SelectionList;
  /** The field error's path and message, at the index the caller sent it. */
  path: string;
  message: string;
  /** As sent (a malformed id is refused as not found). */
  id: string;
  /** The item's name (title), or null when it does not exist. */
  name: string | null;
  reason: HomepageHiddenReason | null;
}

export interface CheckedSelection {
  places: { id: string; name: string }[];
  /** Kept packages in display order, numbered 1..n. */
  packages: { id: string; name: string; displayOrder: number }[];
  blogs: { id: string; name: string }[];
  refused: RefusedItem[];
}

/**
 * Looks the planned items up through `tx` and sorts them into kept and refused: an item that does
 * not exist is refused; one the site cannot show is refused unless `mayStay` lets it (a save: it
 * was saved before; a lineup: it goes live by then). The one publishable rule of the homepage
 * save and of scheduled lineups (modules/schedule).
 */
export const checkSelection = async (
  tx: Executor,
  plan: SelectionPlan,
  mayStay: (item: HiddenItem) => boolean,
): Promise<CheckedSelection> => {
  const known = (list: Indexed[]) => list.flatMap((e) => (e.id ? [e.id] : []));
  const [placeRows, itineraryRows, blogRows] = await Promise.all([
    findPlaces(tx, known(plan.places)),
    findItineraryStates(tx, known(plan.packages)),
    findBlogStates(tx, known(plan.blogs)),
  ]);
  const placeById = new Map(placeRows.map((r) => [r.id, r]));
  const itineraryById = new Map(itineraryRows.map((r) => [r.id, r]));
  const blogById = new Map(blogRows.map((r) => [r.id, r]));
  const schedule = (row: { publishAt: Date | null; unpublishAt: Date | null }) => ({
    publishAt: row.publishAt,
    unpublishAt: row.unpublishAt,
  });
  const refused: RefusedItem[] = [];

  const places: CheckedSelection['places'] = [];
  for (const e of plan.places) {
    const path = `trendingDestinations[${e.index}]`;
    const row = e.id ? placeById.get(e.id) : undefined;
    const reason = row ? placeHiddenReason(row) : null;
    if (!row) {
      refused.push({
        list: 'places',
        path,
        message: M.placeNotFound,
        id: e.raw,
        name: null,
        reason,
      });
    } else if (reason && !mayStay({ list: 'places', id: row.id, reason })) {
      refused.push({
        list: 'places',
        path,
        message: PLACE_REFUSAL,
        id: row.id,
        name: row.name,
        reason,
      });
    } else places.push({ id: row.id, name: row.name });
  }
  const packages: { id: string; name: string; displayOrder: number }[] = [];
  for (const e of plan.packages) {
    const path = `tourPackages[${e.index}]._id`;
    const row = e.id ? itineraryById.get(e.id) : undefined;
    const reason = row ? itineraryHiddenReason(row) : null;
    if (!row) {
      refused.push({
        list: 'packages',
        path,
        message: M.packageNotFound,
        id: e.raw,
        name: null,
        reason,
      });
    } else if (
      reason &&
      !mayStay({
        list: 'packages',
        id: row.id,
        reason,
        visibility: row.visibility,
        ...schedule(row),
      })
    ) {
      const message = packageRefusal(reason);
      refused.push({ list: 'packages', path, message, id: row.id, name: row.title, reason });
    } else packages.push({ id: row.id, name: row.title, displayOrder: e.displayOrder });
  }
  const blogs: CheckedSelection['blogs'] = [];
  for (const e of plan.blogs) {
    const path = `blogs[${e.index}]`;
    const row = e.id ? blogById.get(e.id) : undefined;
    const reason = row ? blogHiddenReason(row) : null;
    if (!row) {
      refused.push({ list: 'blogs', path, message: M.blogNotFound, id: e.raw, name: null, reason });
    } else if (reason && !mayStay({ list: 'blogs', id: row.id, reason, ...schedule(row) })) {
      refused.push({
        list: 'blogs',
        path,
        message: M.blogDraft,
        id: row.id,
        name: row.title,
        reason,
      });
    } else blogs.push({ id: row.id, name: row.title });
  }
  return { places, packages: orderPackages(packages), blogs, refused };
};

/**
 * The 400 of a save that names items it cannot take (each a field error at its index); the
 * message names the items the site cannot show, when there are any.
 */
export const refusalError = (refused: readonly RefusedItem[]): ValidationError => {
  const errors = refused.map(({ path, message }) => ({ path, message }));
  const hidden = refused.flatMap((item) =>
    item.reason ? [{ name: item.name ?? item.id, reason: item.reason }] : [],
  );
  return hidden.length > 0
    ? new ValidationError(errors, notPublishableMessage(hidden))
    : new ValidationError(errors);
};

export interface HomepageServiceDeps {
  db: Database;
  storage: StorageDriver;
  now?: () => Date;
}

export const createHomepageService = ({
  db,
  storage,
  now = () => new Date(),
}: HomepageServiceDeps) => {
  const get = async (): Promise<HomepageSettings> => {
    const [settings, selection] = await Promise.all([findSettings(db), readSelection(db)]);
    const pictures = firstByOwner(
      await listImagesOf(
        db,
        'place',
        selection.destinations.map((d) => d.id),
      ),
    );
    return {
      trendingDestinations: selection.destinations.map((d) => {
        const picture = pictures.get(d.id);
        return {
          _id: d.id,
          name: d.name,
          state: { _id: d.stateId, name: d.stateName },
          country: { _id: d.countryId, name: d.countryName },
          image: picture ? presentImage(picture, storage) : null,
          ...publishableFields(placeHiddenReason(d)),
        };
      }),
      trendingActivities: [],
      tourPackages: selection.packages.map((p) => ({
        _id: p.id,
        displayOrder: p.displayOrder,
        title: p.title,
        duration: p.duration,
        pricePerPerson: p.pricePerPerson,
        fromPrice: fromPriceOf(p),
        description: p.description,
        image: p.image ? presentImage(p.image, storage) : null,
        ...publishableFields(itineraryHiddenReason(p)),
      })),
      blogs: selection.blogs.map((b) => ({
        _id: b.id,
        title: b.title,
        ...publishableFields(blogHiddenReason(b)),
      })),
      isActive: settings?.isActive ?? true,
      version: settings?.version ?? 1,
      updatedAt: settings ? settings.updatedAt.toISOString() : null,
    };
  };

  const update = async (input: HomepageInputData): Promise<HomepageSettings> => {
    const plan = planSelection(input);
    await transaction(db, async (tx) => {
      // The singleton row first: it serialises concurrent saves for the rest of the transaction.
      await lockSettings(tx, input.isActive, now());
      const saved = await savedIds(tx);
      // An item the site cannot show may stay if it was saved before (it became unpublishable
      // later: the GET flags it); adding one is refused, naming it.
      const checked = await checkSelection(tx, plan, (item) => saved[item.list].has(item.id));
      if (checked.refused.length > 0) throw refusalError(checked.refused);
      await replaceSelection(tx, {
        isActive: input.isActive,
        placeIds: checked.places.map((p) => p.id),
        packages: checked.packages.map((p) => ({ id: p.id, displayOrder: p.displayOrder })),
        blogIds: checked.blogs.map((b) => b.id),
      });
    });
    return get();
  };

  return { get, update };
};

export type HomepageService = ReturnType<typeof createHomepageService>;
