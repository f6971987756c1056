import { parse } from 'csv-parse/sync';
import {
  CSV_LIMITS,
  CSV_MESSAGES as M,
  IMPORT_FIELDS,
  guessMapping,
  type CsvMapping,
  type ImportEntity,
} from '@safarnama/contract';
import { BadRequest, ValidationError } from '../../http/errors.js';

/**
 * Issue 24: an uploaded CSV file as text, records and a mapping — or a clear 400 naming what is
 * wrong (binary, not UTF-8, not CSV, empty, too many rows, a mapping that maps nothing).
 */

/** The file decoded: UTF-8 with or without its BOM, UTF-16 (LE/BE) only with one. */
export const decodeCsv = (buffer: Buffer): string => {
  if (buffer.length === 0) throw new BadRequest(M.fileRequired);
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer);
  // A NUL in the first 8 KB of what claims to be UTF-8: an image, a spreadsheet, an archive.
  if (buffer.subarray(0, 8192).includes(0)) throw new BadRequest(M.notCsv);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    throw new BadRequest(M.encoding);
  }
};

export interface CsvRecords {
  headers: string[];
  /** Data rows, each with the line it ends on (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

/** RFC 4180 through csv-parse (quoted cells, doubled quotes, CRLF or LF); every row as wide as the header. */
export const readCsv = (text: string): CsvRecords => {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      skip_empty_lines: true,
      max_record_size: CSV_LIMITS.maxCell,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const { lines, message } = err as { lines?: number; message?: string };
    const reason = (message ?? 'unreadable').replace(/^Invalid [^:]*: /, '').slice(0, 200);
    throw new BadRequest(M.malformed(lines ?? 1, reason));
  }
  const [head, ...body] = records;
  if (!head) throw new BadRequest(M.empty);
  const headers = head.record.map((h) => h.trim());
  if (body.length === 0) throw new BadRequest(M.empty);
  if (body.length > CSV_LIMITS.maxRows) throw new BadRequest(M.tooManyRows);
  const seen = new Set<string>();
  for (const header of headers) {
    if (header !== '' && seen.has(header)) throw new BadRequest(M.duplicateHeader(header));
    seen.add(header);
  }
  return { headers, rows: body.map((r) => ({ line: r.info.lines, cells: r.record })) };
};

/** field → column index, from the mapping sent (JSON `{header: field | ''}`) or the guess. */
export const resolveMapping = (
  entity: ImportEntity,
  headers: readonly string[],
  raw: string | undefined,
): { mapping: CsvMapping; columns: Map<string, number> } => {
  const fields = IMPORT_FIELDS[entity];
  let mapping: CsvMapping;
  if (raw === undefined || raw.trim() === '') {
    mapping = guessMapping(entity, headers);
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new BadRequest(M.badMapping);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new BadRequest(M.badMapping);
    }
    const errors: { path: string; message: string }[] = [];
    mapping = Object.fromEntries(headers.map((h) => [h, '']));
    for (const [header, field] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof field !== 'string') throw new BadRequest(M.badMapping);
      if (!headers.includes(header))
        errors.push({ path: `mapping.${header}`, message: M.unknownHeader(header) });
      else if (field !== '' && !fields.some((f) => f.field === field)) {
        errors.push({ path: `mapping.${header}`, message: M.unknownField(field) });
      } else mapping[header] = field;
    }
    if (errors.length > 0) throw new ValidationError(errors, errors[0]?.message);
  }
  const columns = new Map<string, number>();
  const errors: { path: string; message: string }[] = [];
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (!field) return;
    const def = fields.find((f) => f.field === field);
    if (columns.has(field)) {
      errors.push({ path: `mapping.${header}`, message: M.mappedTwice(def?.label ?? field) });
    }
    columns.set(field, index);
  });
  if (columns.size === 0) throw new BadRequest(M.nothingMapped);
  for (const field of fields) {
    if (field.required && !columns.has(field.field)) {
      errors.push({ path: `mapping.${field.field}`, message: M.requiredUnmapped(field.label) });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors, errors[0]?.message);
  return { mapping, columns };
};
