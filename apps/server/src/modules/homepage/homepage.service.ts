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
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import { ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { FieldErrors } from '../../http/multipart.js';
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

  /** Limits of spec §9, counted after duplicates are dropped; the message is the spec's text. */
  const checkLimits = (places: number, packages: number, blogs: number) => {
    const over: { path: string; message: string }[] = [];
    if (places > HOMEPAGE_LIMITS.places)
      over.push({ path: 'trendingDestinations', message: M.maxPlaces });
    if (packages > HOMEPAGE_LIMITS.packages)
      over.push({ path: 'tourPackages', message: M.maxPackages });
    if (blogs > HOMEPAGE_LIMITS.blogs) over.push({ path: 'blogs', message: M.maxBlogs });
    const [first] = over;
    if (first) throw new ValidationError(over, first.message);
  };

  const update = async (input: HomepageInputData): Promise<HomepageSettings> => {
    const placeIds = uniqueIds(input.trendingDestinations);
    const packageIds = uniqueIds(input.tourPackages.map((p) => p._id)).map((entry) => ({
      ...entry,
      displayOrder: input.tourPackages[entry.index]?.displayOrder ?? 0,
    }));
    const blogIds = uniqueIds(input.blogs);
    checkLimits(placeIds.length, packageIds.length, blogIds.length);

    const known = (list: Indexed[]) => list.flatMap((e) => (e.id ? [e.id] : []));
    await transaction(db, async (tx) => {
      // The singleton row first: it serialises concurrent saves for the rest of the transaction.
      await lockSettings(tx, input.isActive, now());
      const saved = await savedIds(tx);
      const [placeRows, itineraryRows, blogRows] = await Promise.all([
        findPlaces(tx, known(placeIds)),
        findItineraryStates(tx, known(packageIds)),
        findBlogStates(tx, known(blogIds)),
      ]);
      const placeById = new Map(placeRows.map((r) => [r.id, r]));
      const itineraryById = new Map(itineraryRows.map((r) => [r.id, r]));
      const blogById = new Map(blogRows.map((r) => [r.id, r]));

      // An item the site cannot show may stay if it was saved before (it became unpublishable
      // later: the GET flags it); adding one is refused, naming it.
      const errors = new FieldErrors();
      const hidden: { name: string; reason: HomepageHiddenReason }[] = [];
      const refuse = (
        path: string,
        message: string,
        name: string,
        reason: HomepageHiddenReason,
      ) => {
        errors.add(path, message);
        hidden.push({ name, reason });
      };
      for (const e of placeIds) {
        const path = `trendingDestinations[${e.index}]`;
        const row = e.id ? placeById.get(e.id) : undefined;
        const reason = row ? placeHiddenReason(row) : null;
        if (!row) errors.add(path, M.placeNotFound);
        else if (reason && !saved.places.has(row.id)) refuse(path, PLACE_REFUSAL, row.name, reason);
      }
      for (const e of packageIds) {
        const path = `tourPackages[${e.index}]._id`;
        const row = e.id ? itineraryById.get(e.id) : undefined;
        const reason = row ? itineraryHiddenReason(row) : null;
        if (!row) errors.add(path, M.packageNotFound);
        else if (reason && !saved.packages.has(row.id))
          refuse(path, packageRefusal(reason), row.title, reason);
      }
      for (const e of blogIds) {
        const path = `blogs[${e.index}]`;
        const row = e.id ? blogById.get(e.id) : undefined;
        const reason = row ? blogHiddenReason(row) : null;
        if (!row) errors.add(path, M.blogNotFound);
        else if (reason && !saved.blogs.has(row.id)) refuse(path, M.blogDraft, row.title, reason);
      }
      if (errors.list.length > 0)
        throw hidden.length > 0
          ? new ValidationError(errors.list, notPublishableMessage(hidden))
          : new ValidationError(errors.list);

      await replaceSelection(tx, {
        isActive: input.isActive,
        placeIds: known(placeIds),
        packages: orderPackages(packageIds).map((p) => ({
          id: p.id ?? p.raw,
          displayOrder: p.displayOrder,
        })),
        blogIds: known(blogIds),
      });
    });
    return get();
  };

  return { get, update };
};

export type HomepageService = ReturnType<typeof createHomepageService>;
