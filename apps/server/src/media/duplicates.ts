import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DUPLICATE_MAX_DISTANCE,
  duplicateUploadSchema,
  type DuplicateUpload,
} from '@safarnama/contract';
import { rowsOf, type Executor } from '../db/client.js';
import { multipartValidatorCompiler } from '../http/multipart.js';
import type { StoredVariant } from '../db/schema/index.js';
import { ownerLabels } from './owners.js';
import type { StoredImage } from './pipeline.js';
import type { StorageDriver } from './storage.js';

/**
 * Issue 24: near-identical uploads. Every image the pipeline stores during a multipart request is
 * noted on the request (`receiveImageForm` calls {@link noteStoredImage}); when the request succeeds, its
 * answer's `data.duplicates` lists, per new image, the stored images whose difference hash is
 * within {@link DUPLICATE_MAX_DISTANCE} bits, with who holds them. The upload itself is never
 * refused for it: the admin decides (the web offers to remove the new copy).
 */
interface UploadNotes {
  stored: StoredImage[];
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadNotes: UploadNotes | null;
  }
}

/** Notes an image stored by this request (a no-op outside a multipart route). */
export const noteStoredImage = (request: FastifyRequest, image: StoredImage): void => {
  request.uploadNotes?.stored.push(image);
};

/** Most copies listed per new image (the nearest first). */
export const DUPLICATE_MATCH_LIMIT = 10;

const hashBits = (column: string) => sql.raw(`('x' || ${column})::bit(64)`);

/**
 * The stored copies of these new images (by file key) in one statement: every other image whose
 * hash is within the distance, nearest first. A sequential pass over `images` comparing 64-bit
 * strings (no index answers a Hamming distance); see ARCHITECTURE.md for its cost.
 */
export const findDuplicates = async (
  db: Executor,
  storage: StorageDriver,
  fileKeys: readonly string[],
): Promise<DuplicateUpload[]> => {
  if (fileKeys.length === 0) return [];
  const result = await db.execute(sql`
    select n.id as new_id, n.file_key as new_key, m.id, m.owner_type, m.owner_id::text as owner_id,
      m.file_key, m.variants, m.distance
    from images n
    cross join lateral (
      select o.id, o.owner_type, o.owner_id, o.file_key, o.variants,
        bit_count(${hashBits('n.phash')} # ${hashBits('o.phash')})::int as distance
      from images o
      where o.phash <> '' and o.id <> n.id
        and bit_count(${hashBits('n.phash')} # ${hashBits('o.phash')}) <= ${DUPLICATE_MAX_DISTANCE}
      order by distance, o.created_at, o.id
      limit ${DUPLICATE_MATCH_LIMIT}
    ) m
    where n.file_key = any(${sql.param([...fileKeys])}::text[]) and n.phash <> ''
    order by n.file_key, m.distance, m.id`);
  const rows = rowsOf(result) as {
    new_id: string;
    new_key: string;
    id: string;
    owner_type: string;
    owner_id: string;
    file_key: string;
    variants: StoredVariant[] | string;
    distance: number;
  }[];
  if (rows.length === 0) return [];
  const labels = await ownerLabels(
    db,
    rows.map((row) => ({ type: row.owner_type, id: row.owner_id })),
  );
  const byNew = new Map<string, DuplicateUpload>();
  for (const row of rows) {
    const entry = byNew.get(row.new_id) ?? { _id: row.new_id, fileKey: row.new_key, matches: [] };
    byNew.set(row.new_id, entry);
    const variants = (
      typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants
    ) as StoredVariant[];
    const label = labels.get(`${row.owner_type}:${row.owner_id}`);
    entry.matches.push({
      _id: row.id,
      url: storage.publicUrl(variants[0]?.key ?? row.file_key),
      distance: Number(row.distance),
      ownerType: row.owner_type,
      ownerId: row.owner_id,
      ownerName: label?.name ?? row.owner_type,
      link: label?.link ?? null,
    });
  }
  // In the order the files were sent.
  return fileKeys
    .map((key) => [...byNew.values()].find((entry) => entry.fileKey === key))
    .filter((entry): entry is DuplicateUpload => entry !== undefined);
};

const duplicatesField = z.array(duplicateUploadSchema).optional().meta({
  description:
    'Issue 24: the new images that look like images already stored (resized or re-encoded copies), and where those are',
});

/** A multipart route's success schema with the optional `data.duplicates`. */
const withDuplicates = (schema: unknown): unknown => {
  if (!(schema instanceof z.ZodObject)) return schema;
  const data = (schema.shape as Record<string, unknown>).data;
  if (!(data instanceof z.ZodObject)) return schema;
  return schema.extend({ data: data.extend({ duplicates: duplicatesField }) });
};

/**
 * Installs the notes on every multipart route (before the routes are registered): the success
 * schemas gain `data.duplicates`, the request carries its notes, and a successful answer gets
 * the copies found after the change committed.
 */
export const registerDuplicateNotice = (
  app: FastifyInstance,
  deps: { db: Executor; storage: StorageDriver },
) => {
  app.decorateRequest('uploadNotes', null);
  /** `<METHOD> <url>` of every multipart route. */
  const uploadRoutes = new Set<string>();
  const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
  app.addHook('onRoute', (route) => {
    if (route.validatorCompiler !== multipartValidatorCompiler) return;
    for (const method of [route.method].flat()) uploadRoutes.add(routeKey(method, route.url));
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    for (const status of ['200', '201', 200, 201] as const) {
      if (response[status] !== undefined) response[status] = withDuplicates(response[status]);
    }
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (!uploadRoutes.has(routeKey(request.method, request.routeOptions.url ?? ''))) {
      done();
      return;
    }
    request.uploadNotes = { stored: [] };
    done();
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    const store = request.uploadNotes;
    request.uploadNotes = null;
    if (!store || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const keys = store.stored.filter((image) => image.phash).map((image) => image.fileKey);
    if (keys.length === 0) return payload;
    const body = payload as { data?: unknown };
    if (typeof body.data !== 'object' || body.data === null) return payload;
    try {
      const duplicates = await findDuplicates(deps.db, deps.storage, keys);
      if (duplicates.length === 0) return payload;
      return { ...body, data: { ...(body.data as object), duplicates } };
    } catch (err) {
      // The upload committed: a failed look-up only loses the notice.
      request.log.error({ err }, 'could not look for duplicate uploads');
      return payload;
    }
  });
};
