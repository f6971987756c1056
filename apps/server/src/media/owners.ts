import { sql, type SQL } from 'drizzle-orm';
import {
  MONTH_NAME_BY_CODE,
  USAGE_LINKS,
  type MonthCode,
  type PermissionKey,
  type PermissionModule,
} from '@safarnama/contract';
import { rowsOf, type Executor } from '../db/client.js';
import type { ImageOwnerType } from './images.repo.js';

/** An image's holder as a person reads it, and the page of the back-office that manages it. */
export interface OwnerLabel {
  name: string;
  link: string | null;
}

/** Which module's permissions govern an image, by its owner (usage, force, focal point). */
export const OWNER_MODULE: Record<ImageOwnerType, PermissionModule> = {
  'image-library': 'image-libraries',
  country: 'geography',
  state: 'geography',
  place: 'geography',
  'place-details-cover': 'place-details',
  'place-details-gallery': 'place-details',
  'blog-cover': 'blogs',
  'itinerary-gallery': 'itineraries',
  'admin-avatar': 'admins',
  'app-logo': 'settings',
  'marketing-notification': 'marketing',
};

/** What each owner kind is called, the table naming it, and the page where it is managed. */
const OWNERS: Record<
  ImageOwnerType,
  {
    noun: string;
    /** From the usage links (contract `media-usage.ts`): one page per kind, or per record. */
    link: string | ((id: string) => string);
    name: ((ids: SQL) => SQL) | null;
  }
> = {
  'image-library': {
    noun: 'Image library',
    link: USAGE_LINKS.imageLibrary,
    name: (ids) => sql`select id, title as name from image_libraries where id = any(${ids})`,
  },
  country: {
    noun: 'Country',
    link: USAGE_LINKS.country,
    name: (ids) => sql`select id, name from countries where id = any(${ids})`,
  },
  state: {
    noun: 'State',
    link: USAGE_LINKS.state,
    name: (ids) => sql`select id, name from states where id = any(${ids})`,
  },
  place: {
    noun: 'Place',
    link: USAGE_LINKS.place,
    name: (ids) => sql`select id, name from places where id = any(${ids})`,
  },
  'place-details-cover': {
    noun: 'Place details cover',
    link: USAGE_LINKS.placeDetails,
    name: (ids) =>
      sql`select d.id, p.name || ' · ' || d.month as name from place_details d join places p on p.id = d.place_id where d.id = any(${ids})`,
  },
  'place-details-gallery': {
    noun: 'Place details gallery',
    link: USAGE_LINKS.placeDetailsGallery,
    name: (ids) =>
      sql`select d.id, p.name || ' · ' || d.month as name from place_details d join places p on p.id = d.place_id where d.id = any(${ids})`,
  },
  'blog-cover': {
    noun: 'Blog cover',
    link: USAGE_LINKS.blog,
    name: (ids) => sql`select id, title as name from place_blogs where id = any(${ids})`,
  },
  'itinerary-gallery': {
    noun: 'Itinerary gallery',
    link: USAGE_LINKS.itinerary,
    name: (ids) => sql`select id, title as name from itineraries where id = any(${ids})`,
  },
  'admin-avatar': {
    noun: 'Profile photo',
    link: USAGE_LINKS.profile,
    name: (ids) => sql`select id, name from admin_users where id = any(${ids})`,
  },
  'app-logo': { noun: 'Logo', link: USAGE_LINKS.logo, name: null },
  'marketing-notification': {
    noun: 'Notification',
    link: USAGE_LINKS.marketingNotification,
    name: (ids) =>
      sql`select id, title as name from scheduled_notifications where id = any(${ids})`,
  },
};

/** The permission an action on an image of this owner kind needs; undefined: no such kind. */
export const ownerPermission = (
  ownerType: string,
  action: 'view' | 'update' | 'delete',
): PermissionKey | undefined => {
  const module = OWNER_MODULE[ownerType as ImageOwnerType] as PermissionModule | undefined;
  return module ? (`${module}.${action}` as PermissionKey) : undefined;
};

const monthName = (text: string) =>
  text.replace(
    / · ([A-Z]{3})$/,
    (_, code: string) => ` · ${MONTH_NAME_BY_CODE[code as MonthCode] ?? code}`,
  );

/**
 * The labels of image holders (`<kind>:<id>` → label) in one statement: 'Image library “Goa”',
 * 'Itinerary gallery “Kerala Backwaters”'. A holder whose row is gone reads as its kind alone.
 */
export const ownerLabels = async (
  db: Executor,
  owners: readonly { type: string; id: string }[],
): Promise<Map<string, OwnerLabel>> => {
  const byType = new Map<ImageOwnerType, string[]>();
  for (const owner of owners) {
    if (!(owner.type in OWNERS)) continue;
    const type = owner.type as ImageOwnerType;
    const ids = byType.get(type) ?? [];
    ids.push(owner.id);
    byType.set(type, ids);
  }
  const parts = [...byType]
    .map(([type, ids]) => {
      const named = OWNERS[type].name;
      return named
        ? sql`select ${type}::text as type, n.id::text as id, n.name::text as name from (${named(sql`${sql.param(ids)}::uuid[]`)}) n`
        : null;
    })
    .filter((part): part is SQL => part !== null);
  const names = new Map<string, string>();
  if (parts.length > 0) {
    const rows = rowsOf(await db.execute(sql.join(parts, sql` union all `))) as {
      type: string;
      id: string;
      name: string;
    }[];
    for (const row of rows) names.set(`${row.type}:${row.id}`, row.name);
  }
  const labels = new Map<string, OwnerLabel>();
  for (const owner of owners) {
    const known = OWNERS[owner.type as ImageOwnerType] as
      (typeof OWNERS)[ImageOwnerType] | undefined;
    const name = names.get(`${owner.type}:${owner.id}`);
    labels.set(`${owner.type}:${owner.id}`, {
      name: known ? (name ? `${known.noun} “${monthName(name)}”` : known.noun) : owner.type,
      link: known ? (typeof known.link === 'string' ? known.link : known.link(owner.id)) : null,
    });
  }
  return labels;
};
