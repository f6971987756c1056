import {
  MONTH_NAME_BY_CODE,
  type Image,
  type RevisionEntity,
  type RevisionFieldDiff,
} from '@safarnama/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { htmlToText, looksLikeHtml } from './textDiff';

/**
 * How the History panel reads a revision (issue 21). A snapshot is the record's row as the server
 * stored it (column names, ids of the records it refers to, `images` as `{_id, kind, altText}` in
 * order), so this module turns fields into labels a person reads ("Price per person", not
 * "pricePerPerson"), ids into names where the panel knows them, and values into text.
 */

type Json = Record<string, unknown>;

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  duration: 'Duration',
  type: 'Tour type',
  groupSize: 'Group size',
  languages: 'Languages',
  pricePerPerson: 'Price per person',
  visibility: 'Visibility',
  imageLibraryId: 'Image library',
  months: 'Months',
  month: 'Month',
  description: 'Description',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  countryId: 'Country',
  stateId: 'State',
  placeId: 'Place',
  dailyItinerary: 'Daily itinerary',
  faqs: 'FAQs',
  isActive: 'Status',
  images: 'Images',
  slug: 'Slug',
  excerpt: 'Excerpt',
  content: 'Content',
  tags: 'Tags',
  status: 'Status',
  publishedAt: 'Published on',
  authorId: 'Author',
  temperature: 'Temperature',
  location: 'Location',
  bestTimeToVisit: 'Best time to visit',
  publishAt: 'Publish at',
  unpublishAt: 'Unpublish at',
  trendingDestinations: 'Trending destinations',
  trendingActivities: 'Trending activities',
  tourPackages: 'Tour packages',
  blogs: 'Travelpedia blogs',
};

/** Where a field reads differently for one entity. */
const ENTITY_FIELD_LABELS: Partial<Record<RevisionEntity, Record<string, string>>> = {
  itinerary: { description: 'Tour description' },
  'homepage-settings': { isActive: 'Homepage active' },
  'image-library': { images: 'Images (alt texts and order)' },
};

/** 'someFieldName' → 'Some field name' (a field the table above does not know yet). */
const sentenceCase = (field: string): string => {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : field;
};

/** A field's label as the forms word it. */
export const fieldLabel = (entity: RevisionEntity, field: string): string =>
  ENTITY_FIELD_LABELS[entity]?.[field] ?? FIELD_LABELS[field] ?? sentenceCase(field);

/** The changed fields of a list row: '…, and 3 more' past `max`. */
export const changedFieldsText = (
  entity: RevisionEntity,
  fields: readonly string[],
  max = 4,
): string => {
  const labels = [...new Set(fields.map((field) => fieldLabel(entity, field)))];
  if (labels.length <= max) return labels.join(', ');
  return `${labels.slice(0, max).join(', ')} and ${labels.length - max} more`;
};

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  status: 'Status changed',
  'gallery-add': 'Gallery images added',
  'gallery-remove': 'Gallery image removed',
  images: 'Images changed',
  delete: 'Deleted',
  restore: 'Restored',
  // Issue 24: a forced image or library delete removed this record's reference to it.
  'media-unlink': 'Image reference removed',
};

export const actionLabel = (action: string): string =>
  ACTION_LABELS[action] ?? sentenceCase(action);

/** What an image of a snapshot is, by its `kind` (the server's owner type). */
const IMAGE_KIND_LABELS: Record<string, string> = {
  'itinerary-gallery': 'Gallery',
  'place-details-gallery': 'Gallery',
  'place-details-cover': 'Cover photo',
  'blog-cover': 'Cover image',
  'image-library': 'Images',
};

export const imageKindLabel = (kind: string): string =>
  IMAGE_KIND_LABELS[kind] ?? sentenceCase(kind);

/** An image as a snapshot lists it. */
export interface SnapshotImage {
  _id: string;
  kind: string;
  altText: string;
}

export const snapshotImages = (value: unknown): SnapshotImage[] =>
  Array.isArray(value)
    ? value.flatMap((item) =>
        isJson(item) && typeof item._id === 'string'
          ? [
              {
                _id: item._id,
                kind: typeof item.kind === 'string' ? item.kind : '',
                altText: typeof item.altText === 'string' ? item.altText : '',
              },
            ]
          : [],
      )
    : [];

/** One row of the panel's diff: a field, or one kind of image of the `images` field. */
export interface DiffRow {
  key: string;
  field: string;
  label: string;
  from: unknown;
  to: unknown;
}

/**
 * The server's diff as rows: `images` splits by kind (a place's cover photo and its gallery are
 * two rows, each only when it changed); everything else is one row per field.
 */
export const diffRows = (entity: RevisionEntity, diff: readonly RevisionFieldDiff[]): DiffRow[] =>
  diff.flatMap(({ field, from, to }): DiffRow[] => {
    if (field !== 'images' || entity === 'image-library') {
      return [{ key: field, field, label: fieldLabel(entity, field), from, to }];
    }
    const before = snapshotImages(from);
    const after = snapshotImages(to);
    const kinds = [...new Set([...before, ...after].map((image) => image.kind))];
    return kinds.flatMap((kind) => {
      const kindFrom = before.filter((image) => image.kind === kind);
      const kindTo = after.filter((image) => image.kind === kind);
      if (JSON.stringify(kindFrom) === JSON.stringify(kindTo)) return [];
      return [
        { key: `images:${kind}`, field, label: imageKindLabel(kind), from: kindFrom, to: kindTo },
      ];
    });
  });

/** Ids the panel can name, gathered from the records it was given (the current record). */
export type Names = ReadonlyMap<string, string>;

/**
 * Every `{_id, name}` / `{_id, title}` inside `value` (the record the form edits: its country,
 * state, place, image library; the homepage's chosen places, packages and blogs), by id.
 */
export const collectNames = (value: unknown, into = new Map<string, string>(), depth = 0) => {
  if (depth > 5) return into;
  if (Array.isArray(value)) {
    for (const item of value) collectNames(item, into, depth + 1);
  } else if (isJson(value)) {
    const name = typeof value.name === 'string' ? value.name : value.title;
    if (typeof value._id === 'string' && typeof name === 'string' && name) {
      if (!into.has(value._id)) into.set(value._id, name);
    }
    for (const child of Object.values(value)) collectNames(child, into, depth + 1);
  }
  return into;
};

const isImage = (value: Json): boolean =>
  typeof value._id === 'string' &&
  typeof value.url === 'string' &&
  Array.isArray(value.variants) &&
  typeof value.width === 'number';

/** Every stored image inside `value` (a gallery, a cover, a library's images), by id. */
export const collectImages = (value: unknown, into = new Map<string, Image>(), depth = 0) => {
  if (depth > 5) return into;
  if (Array.isArray(value)) {
    for (const item of value) collectImages(item, into, depth + 1);
  } else if (isJson(value)) {
    if (isImage(value)) into.set(value._id as string, value as unknown as Image);
    else for (const child of Object.values(value)) collectImages(child, into, depth + 1);
  }
  return into;
};

/** What a field's id refers to, for the name or the fallback text. */
const REF_KINDS: Record<string, string> = {
  countryId: 'country',
  stateId: 'state',
  placeId: 'place',
  imageLibraryId: 'image library',
  authorId: 'admin',
  trendingDestinations: 'place',
  tourPackages: 'itinerary',
  blogs: 'blog',
};

export const refKind = (field: string): string | undefined => REF_KINDS[field];

/** The short form of an id shown when its name is not known. */
export const shortId = (id: string): string => id.replace(/-/g, '').slice(0, 8);

/** A referred record's name, else '<kind> <short id>' (e.g. 'place 0190c0de'). */
export const nameOf = (id: string, kind: string, names: Names): string =>
  names.get(id) ?? `${kind} ${shortId(id)}`;

/** The ids a reference list holds in order (homepage: ids, or packages `{_id, displayOrder}`). */
export const refIds = (value: unknown): string[] => {
  if (!Array.isArray(value)) return [];
  const items = value.flatMap((item): { id: string; order: number }[] => {
    if (typeof item === 'string') return [{ id: item, order: 0 }];
    if (isJson(item) && typeof item._id === 'string') {
      return [
        { id: item._id, order: typeof item.displayOrder === 'number' ? item.displayOrder : 0 },
      ];
    }
    return [];
  });
  // Packages are shown in their display order; ids keep the order they were saved in.
  return [...items].sort((a, b) => a.order - b.order).map((item) => item.id);
};

export const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isJson(value) && Object.keys(value).length === 0);

const capitalise = (text: string): string =>
  text ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}` : text;

const monthName = (code: unknown): string =>
  typeof code === 'string'
    ? (MONTH_NAME_BY_CODE[code as keyof typeof MONTH_NAME_BY_CODE] ?? code)
    : '';

/** A list of plain values as text items (languages, tags, months as names). */
export const listItems = (field: string, value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((item) =>
        field === 'months'
          ? monthName(item)
          : typeof item === 'string'
            ? item
            : JSON.stringify(item),
      )
    : [];

/** A field is shown as text compared word by word: rich text, and long or multi-line text. */
export const isLongText = (from: unknown, to: unknown): boolean =>
  [from, to].some(
    (value) =>
      typeof value === 'string' &&
      (looksLikeHtml(value) || value.length > 80 || value.includes('\n')),
  );

/** A text field as a reader sees it (rich text without its tags). */
export const plainText = (value: unknown): string =>
  typeof value !== 'string' ? '' : looksLikeHtml(value) ? htmlToText(value) : value;

/** Kinds of value the panel draws differently. */
export type ValueKind =
  'text' | 'long-text' | 'list' | 'days' | 'faqs' | 'images' | 'refs' | 'ref' | 'scalar';

export const valueKind = (row: Pick<DiffRow, 'field' | 'from' | 'to'>): ValueKind => {
  const { field, from, to } = row;
  if (field === 'images') return 'images';
  if (field === 'dailyItinerary') return 'days';
  if (field === 'faqs') return 'faqs';
  if (['trendingDestinations', 'tourPackages', 'blogs'].includes(field)) return 'refs';
  if (refKind(field)) return 'ref';
  if (Array.isArray(from) || Array.isArray(to)) return 'list';
  if (isLongText(from, to)) return 'long-text';
  return 'scalar';
};

/** One value as short text ('—' for nothing), by what the field holds. */
export const scalarText = (entity: RevisionEntity, field: string, value: unknown): string => {
  if (isEmptyValue(value)) return '—';
  if (field === 'pricePerPerson' && typeof value === 'number') return formatMoney(value);
  if (field === 'isActive' && typeof value === 'boolean') {
    return entity === 'homepage-settings' ? (value ? 'Yes' : 'No') : value ? 'Active' : 'Inactive';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (['publishAt', 'unpublishAt', 'publishedAt'].includes(field) && typeof value === 'string') {
    return formatDateTime(value);
  }
  if (field === 'month') return monthName(value);
  if (['visibility', 'status'].includes(field) && typeof value === 'string') {
    return capitalise(value);
  }
  if (field === 'temperature' && isJson(value)) {
    return `${String(value.min)} °C to ${String(value.max)} °C`;
  }
  if (field === 'location' && isJson(value)) {
    const point = `${String(value.latitude)}, ${String(value.longitude)}`;
    return typeof value.address === 'string' && value.address
      ? `${value.address} (${point})`
      : point;
  }
  if (field === 'bestTimeToVisit' && isJson(value)) {
    const months = `${monthName(value.fromMonth)} to ${monthName(value.toMonth)}`;
    return typeof value.note === 'string' && value.note ? `${months} · ${value.note}` : months;
  }
  if (typeof value === 'string') return plainText(value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

/** A missing image of a kind: one, and more than one. */
const MISSING_IMAGES: Record<string, [string, string]> = {
  'itinerary-gallery': ['a gallery image', 'gallery images'],
  'place-details-gallery': ['a gallery image', 'gallery images'],
  'place-details-cover': ['the cover photo', 'cover photos'],
  'blog-cover': ['the cover image', 'cover images'],
  'image-library': ['an image of the library', 'images of the library'],
};

/**
 * The things a restore found gone (409 `data.missing`) as one readable list: 'the place “Kochi”,
 * a deleted image library (0190c0de), 2 gallery images'.
 */
export const missingText = (
  missing: readonly { kind: string; id: string }[],
  names: Names,
): string => {
  const images = new Map<string, number>();
  const parts: string[] = [];
  for (const { kind, id } of missing) {
    const image = /^image \((.+)\)$/.exec(kind);
    if (image) {
      const imageKind = image[1] ?? '';
      if (!images.has(imageKind)) parts.push(`image:${imageKind}`);
      images.set(imageKind, (images.get(imageKind) ?? 0) + 1);
      continue;
    }
    const name = names.get(id);
    parts.push(name ? `the ${kind} “${name}”` : `a deleted ${kind} (${shortId(id)})`);
  }
  return parts
    .map((part) => {
      if (!part.startsWith('image:')) return part;
      const imageKind = part.slice('image:'.length);
      const count = images.get(imageKind) ?? 1;
      const [one, many] = MISSING_IMAGES[imageKind] ?? ['an image', 'images'];
      return count === 1 ? one : `${count} ${many}`;
    })
    .join(', ');
};

/** Every missing thing is an image: the restore can go ahead keeping the current images. */
export const onlyImagesMissing = (missing: readonly { kind: string }[]): boolean =>
  missing.length > 0 && missing.every(({ kind }) => kind.startsWith('image'));
