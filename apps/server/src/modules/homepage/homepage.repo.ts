import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  countries,
  homepageBlogs,
  homepageDestinations,
  homepagePackages,
  homepageSettings,
  itineraries,
  placeBlogs,
  places,
  states,
} from '../../db/schema/index.js';
import { shownImage, type ShownImage } from '../../media/images.repo.js';
import { itineraryCoverSql } from '../itineraries/itineraries.repo.js';

export type HomepageSettingsRow = typeof homepageSettings.$inferSelect;

export const findSettings = async (db: Executor): Promise<HomepageSettingsRow | undefined> =>
  (await db.select().from(homepageSettings).where(eq(homepageSettings.id, 1)))[0];

/** Places with their state and country names and whether all three are active. */
const placeState = alias(states, 'place_state');
const placeCountry = alias(countries, 'place_country');
const placeRows = (db: Executor) =>
  db
    .select({
      id: places.id,
      name: places.name,
      stateId: placeState.id,
      stateName: placeState.name,
      countryId: placeCountry.id,
      countryName: placeCountry.name,
      isActive: places.isActive,
      stateActive: placeState.isActive,
      countryActive: placeCountry.isActive,
    })
    .from(places)
    .innerJoin(placeState, eq(placeState.id, places.stateId))
    .innerJoin(placeCountry, eq(placeCountry.id, places.countryId));
export type HomepagePlaceRow = Awaited<ReturnType<typeof findPlaces>>[number];

export const findPlaces = (db: Executor, ids: readonly string[]) =>
  placeRows(db).where(inArray(places.id, [...ids]));

export const findItineraryStates = (db: Executor, ids: readonly string[]) =>
  db
    .select({
      id: itineraries.id,
      title: itineraries.title,
      isActive: itineraries.isActive,
      visibility: itineraries.visibility,
      // Issue 21: a scheduled lineup may name an itinerary that goes live by its start.
      publishAt: itineraries.publishAt,
      unpublishAt: itineraries.unpublishAt,
    })
    .from(itineraries)
    .where(inArray(itineraries.id, [...ids]));

export const findBlogStates = (db: Executor, ids: readonly string[]) =>
  db
    .select({
      id: placeBlogs.id,
      title: placeBlogs.title,
      status: placeBlogs.status,
      // Issue 21: a scheduled lineup may name a blog that is published by its start.
      publishAt: placeBlogs.publishAt,
      unpublishAt: placeBlogs.unpublishAt,
    })
    .from(placeBlogs)
    .where(inArray(placeBlogs.id, [...ids]));

/** The ids saved now (read after the settings row is locked, so no save runs meanwhile). */
export const savedIds = async (tx: Executor) => {
  const [placeRows, packageRows, blogRows] = [
    await tx.select({ id: homepageDestinations.placeId }).from(homepageDestinations),
    await tx.select({ id: homepagePackages.itineraryId }).from(homepagePackages),
    await tx.select({ id: homepageBlogs.blogId }).from(homepageBlogs),
  ];
  return {
    places: new Set(placeRows.map((r) => r.id)),
    packages: new Set(packageRows.map((r) => r.id)),
    blogs: new Set(blogRows.map((r) => r.id)),
  };
};

/** The selection as saved: destinations and blogs by position, packages by display order. */
export const readSelection = async (db: Executor) => {
  const [destinations, packages, blogs] = await Promise.all([
    placeRows(db)
      .innerJoin(homepageDestinations, eq(homepageDestinations.placeId, places.id))
      .orderBy(asc(homepageDestinations.position)),
    db
      .select({
        id: itineraries.id,
        displayOrder: homepagePackages.displayOrder,
        title: itineraries.title,
        duration: itineraries.duration,
        pricePerPerson: itineraries.pricePerPerson,
        // Issue 22: what `fromPrice` reads.
        groupSize: itineraries.groupSize,
        months: itineraries.months,
        priceBands: itineraries.priceBands,
        gstRate: itineraries.gstRate,
        gstIncluded: itineraries.gstIncluded,
        description: itineraries.description,
        isActive: itineraries.isActive,
        visibility: itineraries.visibility,
        image: sql<ShownImage | null>`${itineraryCoverSql}`.mapWith(shownImage),
      })
      .from(homepagePackages)
      .innerJoin(itineraries, eq(itineraries.id, homepagePackages.itineraryId))
      .orderBy(asc(homepagePackages.displayOrder), asc(itineraries.id)),
    db
      .select({ id: placeBlogs.id, title: placeBlogs.title, status: placeBlogs.status })
      .from(homepageBlogs)
      .innerJoin(placeBlogs, eq(placeBlogs.id, homepageBlogs.blogId))
      .orderBy(asc(homepageBlogs.position)),
  ]);
  return { destinations, packages, blogs };
};

export interface SelectionValues {
  isActive: boolean;
  placeIds: string[];
  /** In display order; `displayOrder` is 1..n. */
  packages: { id: string; displayOrder: number }[];
  blogIds: string[];
}

/**
 * Locks the one settings row first (the upsert), so two saves run one after the other, then
 * replaces the three selections.
 */
export const lockSettings = async (tx: Executor, isActive: boolean, now: Date) => {
  await tx
    .insert(homepageSettings)
    .values({ id: 1, isActive, updatedAt: now })
    .onConflictDoUpdate({ target: homepageSettings.id, set: { isActive, updatedAt: now } });
};

export const replaceSelection = async (tx: Executor, values: SelectionValues) => {
  await tx.delete(homepageDestinations);
  await tx.delete(homepagePackages);
  await tx.delete(homepageBlogs);
  if (values.placeIds.length > 0)
    await tx
      .insert(homepageDestinations)
      .values(values.placeIds.map((placeId, i) => ({ placeId, position: i + 1 })));
  if (values.packages.length > 0)
    await tx
      .insert(homepagePackages)
      .values(values.packages.map((p) => ({ itineraryId: p.id, displayOrder: p.displayOrder })));
  if (values.blogIds.length > 0)
    await tx
      .insert(homepageBlogs)
      .values(values.blogIds.map((blogId, i) => ({ blogId, position: i + 1 })));
};
