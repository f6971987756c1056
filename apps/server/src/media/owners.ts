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

/**
 * What each owner kind is called, the module whose permissions guard its images, the table naming
 * it, and the page where it is managed.
 */
const OWNERS: Record<
  ImageOwnerType,
  {
    noun: string;
    module: PermissionModule | 'self';
    /** From the usage links (contract `media-usage.ts`): one page per kind, or per record. */
    link: string | ((id: string) => string);
    name: ((ids: SQL) => SQL) | null;
  }
> = {
  'image-library': {
    noun: 'Image library',
    module: 'image-libraries',
    link: USAGE_LINKS.imageLibrary,
    name: (ids) => sql`select id, title as name from image_libraries where id = any(${ids})`,
  },
  country: {
    module: 'geography',
    noun: 'Country',
    link: USAGE_LINKS.country,
    name: (ids) => sql`select id, name from countries where id = any(${ids})`,
  },
  state: {
    module: 'geography',
    noun: 'State',
    link: USAGE_LINKS.state,
    name: (ids) => sql`select id, name from states where id = any(${ids})`,
  },
  place: {
    module: 'geography',
    noun: 'Place',
    link: USAGE_LINKS.place,
    name: (ids) => sql`select id, name from places where id = any(${ids})`,
  },
  'place-details-cover': {
    module: 'place-details',
    noun: 'Place details cover',
    link: USAGE_LINKS.placeDetails,
    name: (ids) =>
      sql`select d.id, p.name || ' · ' || d.month as name from place_details d join places p on p.id = d.place_id where d.id = any(${ids})`,
  },
  'place-details-gallery': {
    module: 'place-details',
    noun: 'Place details gallery',
    link: USAGE_LINKS.placeDetailsGallery,
    name: (ids) =>
      sql`select d.id, p.name || ' · ' || d.month as name from place_details d join places p on p.id = d.place_id where d.id = any(${ids})`,
  },
  'blog-cover': {
    module: 'blogs',
    noun: 'Blog cover',
    link: USAGE_LINKS.blog,
    name: (ids) => sql`select id, title as name from place_blogs where id = any(${ids})`,
  },
  'itinerary-gallery': {
    module: 'itineraries',
    noun: 'Itinerary gallery',
    link: USAGE_LINKS.itinerary,
    name: (ids) => sql`select id, title as name from itineraries where id = any(${ids})`,
  },
  'admin-avatar': {
    module: 'self',
    noun: 'Profile photo',
    link: USAGE_LINKS.profile,
    name: (ids) => sql`select id, name from admin_users where id = any(${ids})`,
  },
  'app-logo': { noun: 'Logo', module: 'settings', link: USAGE_LINKS.logo, name: null },
  'marketing-notification': {
    module: 'marketing',
    noun: 'Notification',
    link: USAGE_LINKS.marketingNotification,
    name: (ids) =>
      sql`select id, title as name from scheduled_notifications where id = any(${ids})`,
  },
};

/**
 * The permission an action on an image of this owner kind needs (`view` or `update` of the
 * owner's module; a profile photo is its admin's own: null, the caller checks it is theirs).
 */
export const ownerPermission = (
  ownerType: string,
  action: 'view' | 'update',
): PermissionKey | null | undefined => {
  const owner = OWNERS[ownerType as ImageOwnerType] as (typeof OWNERS)[ImageOwnerType] | undefined;
  if (!owner) return undefined;
  return owner.module === 'self' ? null : (`${owner.module}.${action}` as PermissionKey);
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
