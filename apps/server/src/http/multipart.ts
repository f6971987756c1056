import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fastifyMultipart, { type MultipartFile, type Multipart } from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MEDIA_MESSAGES, UPLOAD_LIMITS, type FieldError } from '@safarnama/contract';
import {
  AppError,
  BadRequest,
  PayloadTooLarge,
  UnsupportedMediaType,
  ValidationError,
} from './errors.js';
import { noteFormFields } from './audit.js';
import { forbiddenText, isForbiddenText } from './text-guard.js';

/**
 * Limits of every multipart route, enforced by busboy while the body streams in: a file past
 * 10 MB, a 21st file, a 1001st field or a field past 16 KB ends the request with 413 there and
 * then, before the rest of the body is read.
 */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.maxFileBytes,
  files: UPLOAD_LIMITS.maxFiles,
  /** Text fields: title, description, month plus up to ~330 kept images × 3 indexed fields. */
  fields: 1000,
  /** Longest text field, in bytes (a 2000-character description in 4-byte UTF-8 is 8 KB). */
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: UPLOAD_LIMITS.maxFiles + 1000,
  headerPairs: 100,
} as const;

/** No multipart body can be larger than this; a bigger Content-Length is refused before reading. */
export const MAX_MULTIPART_BYTES =
  UPLOAD_LIMITS.maxFiles * (UPLOAD_LIMITS.maxFileBytes + 4096) +
  MULTIPART_LIMITS.fields * (MULTIPART_LIMITS.fieldSize / 4) +
  64 * 1024;

/**
 * Rich-text forms (blog content, place-details description: up to 100 000 characters of HTML)
 * need longer text fields but only a few of them: a few dozen fields of at most 512 KB.
 */
export const RICH_TEXT_MULTIPART = { fields: 200, fieldSize: 512 * 1024 } as const;

/**
 * Adds multipart parsing to one encapsulated scope (the app itself parses JSON only, so routes
 * outside such a scope answer 415 to multipart). Call it inside the route plugin that needs it.
 */
export const registerMultipart = async (
  scope: FastifyInstance,
  overrides: { fields?: number; fieldSize?: number } = {},
) => {
  const fields: number = overrides.fields ?? MULTIPART_LIMITS.fields;
  const fieldSize: number = overrides.fieldSize ?? MULTIPART_LIMITS.fieldSize;
  const limits = { ...MULTIPART_LIMITS, fields, fieldSize, parts: MULTIPART_LIMITS.files + fields };
  const maxBytes =
    overrides.fields === undefined && overrides.fieldSize === undefined
      ? MAX_MULTIPART_BYTES
      : UPLOAD_LIMITS.maxFiles * (UPLOAD_LIMITS.maxFileBytes + 4096) +
        fields * 1024 +
        fieldSize * 2 +
        64 * 1024;
  await scope.register(fastifyMultipart, { limits, throwFileSizeLimit: true });
  // Runs after the access guard (a root preParsing hook): anonymous callers never get this far.
  scope.addHook('preParsing', async (request) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes) {
      throw new PayloadTooLarge(MEDIA_MESSAGES.requestTooLarge);
    }
  });
};

/**
 * Route-level validator for multipart routes: the body is read by the handler (streamed), so the
 * zod `body` schema is there for the OpenAPI document only; params and query validate as usual.
 */
export const multipartValidatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => ({})
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** `altTexts[3]` → `{ name: 'altTexts', index: 3 }`; anything else → undefined. */
export const parseIndexedName = (name: string): { name: string; index: number } | undefined => {
  const match = /^([A-Za-z][A-Za-z0-9]*)\[(0|[1-9][0-9]{0,3})\]$/.exec(name);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { name: match[1], index: Number(match[2]) };
};

/** Values of one indexed field (`altTexts[i]`), by index; gaps are simply absent. */
export type IndexedValues = ReadonlyMap<number, string>;

/** Turns the indexed values into a dense list, `fill` at the gaps, `length` at least the top index + 1. */
export const denseList = (values: IndexedValues, length = 0, fill = ''): string[] => {
  const size = Math.max(length, ...[...values.keys()].map((i) => i + 1));
  return Array.from({ length: size }, (_, i) => values.get(i) ?? fill);
};

export interface ReceivedFile {
  fieldname: string;
  /** Position among the files of that field (0 for the first `images` file). */
  index: number;
  buffer: Buffer;
  /** The request it came with (issue 24: what it stored is noted on it). */
  request?: FastifyRequest;
}

export interface MultipartSpec<Text extends string, Indexed extends string> {
  /** Plain text fields accepted once each. */
  text: readonly Text[];
  /** Fields accepted as `name[i]`. */
  indexed: readonly Indexed[];
  /** Field names that carry files. */
  files: readonly string[];
  /**
   * Called for every file as it arrives (already complete, ≤ 10 MB). Up to `inFlight` run at once
   * while the next file is read; the reader waits for all of them before it answers or fails.
   */
  onFile: (file: ReceivedFile) => Promise<void>;
  inFlight?: number;
}

/** How a service reads the multipart form of the request it serves (bound by the route). */
export type FormReader = <Text extends string, Indexed extends string>(
  spec: MultipartSpec<Text, Indexed>,
) => Promise<MultipartForm<Text, Indexed>>;

/** The route's side: a reader bound to its request. */
export const formReader =
  (request: FastifyRequest): FormReader =>
  (spec) =>
    readMultipart(request, spec);

export interface MultipartForm<Text extends string, Indexed extends string> {
  text: Partial<Record<Text, string>>;
  indexed: Record<Indexed, IndexedValues>;
  /** Number of files received per file field. */
  fileCounts: Record<string, number>;
}

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_FILES_LIMIT: () => new PayloadTooLarge(MEDIA_MESSAGES.tooManyFiles),
  FST_REQ_FILE_TOO_LARGE: () => new PayloadTooLarge(MEDIA_MESSAGES.tooLarge),
  FST_FIELDS_LIMIT: () => new PayloadTooLarge(MEDIA_MESSAGES.tooManyFields),
  FST_PARTS_LIMIT: () => new PayloadTooLarge(MEDIA_MESSAGES.tooManyFields),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new UnsupportedMediaType(MEDIA_MESSAGES.multipartRequired),
  FST_PROTO_VIOLATION: () => new BadRequest(MEDIA_MESSAGES.malformed),
  FST_INVALID_JSON_FIELD_ERROR: () => new BadRequest(MEDIA_MESSAGES.malformed),
};

/** Our envelope for whatever the multipart parser threw (limits → 413, broken bodies → 400). */
export const translateMultipartError = (err: unknown): unknown => {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  if (known) return known();
  if (err instanceof Error) return new BadRequest(MEDIA_MESSAGES.malformed);
  return err;
};

const unknownField = (path: string): ValidationError =>
  new ValidationError([{ path, message: 'Unknown field' }]);

/** Reads a file part to a buffer; past the size limit busboy truncates it and we answer 413. */
const readFile = async (part: MultipartFile): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) throw new PayloadTooLarge(MEDIA_MESSAGES.tooLarge);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new PayloadTooLarge(MEDIA_MESSAGES.tooLarge);
  return Buffer.concat(chunks);
};

/**
 * Streams a multipart body: text fields are collected (each at most once; `name[i]` for the
 * indexed ones), files are handed to `onFile` as they complete. Unknown fields answer 400 with
 * 'Unknown field' at their name; limits answer 413. When anything fails, the reader first waits
 * for the `onFile` calls already running, so the caller can clean up every file they wrote.
 */
export const readMultipart = async <Text extends string, Indexed extends string>(
  request: FastifyRequest,
  spec: MultipartSpec<Text, Indexed>,
): Promise<MultipartForm<Text, Indexed>> => {
  if (!request.isMultipart()) throw new UnsupportedMediaType(MEDIA_MESSAGES.multipartRequired);
  const inFlight = spec.inFlight ?? 2;
  const text: Partial<Record<Text, string>> = {};
  const indexedMaps = new Map<string, Map<number, string>>(
    spec.indexed.map((name) => [name, new Map()]),
  );
  const fileCounts: Record<string, number> = Object.fromEntries(spec.files.map((f) => [f, 0]));

  const running: Promise<void>[] = [];
  let failure: { err: unknown } | undefined;
  const settle = async () => {
    await Promise.all(running);
    running.length = 0;
  };

  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (failure) break;
      if (part.type === 'file') {
        if (!spec.files.includes(part.fieldname)) {
          part.file.resume();
          throw unknownField(part.fieldname);
        }
        const buffer = await readFile(part);
        // An empty file input is sent by browsers as a nameless, empty part: not a file.
        if (buffer.length === 0 && !part.filename) continue;
        const index = fileCounts[part.fieldname] ?? 0;
        fileCounts[part.fieldname] = index + 1;
        running.push(
          spec
            .onFile({ fieldname: part.fieldname, index, buffer, request })
            .catch((err: unknown) => {
              failure ??= { err };
            }),
        );
        if (running.length >= inFlight) await running.shift();
        continue;
      }
      if (part.valueTruncated) throw new PayloadTooLarge(MEDIA_MESSAGES.fieldTooLarge);
      const value: unknown = part.value;
      if (typeof value !== 'string' || part.fieldnameTruncated) throw unknownField(part.fieldname);
      if (isForbiddenText(value) || isForbiddenText(part.fieldname)) {
        throw forbiddenText(part.fieldname);
      }
      const indexed = parseIndexedName(part.fieldname);
      const values = indexed ? indexedMaps.get(indexed.name) : undefined;
      if (indexed && values) {
        if (values.has(indexed.index)) throw duplicateField(part.fieldname);
        values.set(indexed.index, value);
      } else if ((spec.text as readonly string[]).includes(part.fieldname)) {
        const name = part.fieldname as Text;
        if (text[name] !== undefined) throw duplicateField(part.fieldname);
        text[name] = value;
      } else {
        throw unknownField(part.fieldname);
      }
    }
    await settle();
  } catch (err) {
    await settle();
    throw translateMultipartError(err);
  }
  if (failure) throw failure.err;
  // The audit hook reads the form's text fields (a multipart update's id, a create's fields).
  noteFormFields(request, text);
  return {
    text,
    indexed: Object.fromEntries(indexedMaps) as unknown as Record<Indexed, IndexedValues>,
    fileCounts,
  };
};

const duplicateField = (path: string): ValidationError =>
  new ValidationError([{ path, message: 'Field sent more than once' }]);

/** Field errors collected while checking a form, thrown together as one 400. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(path: string, message: string) {
    this.list.push({ path, message });
  }
  throwIfAny() {
    if (this.list.length > 0) throw new ValidationError(this.list);
  }
}
