import { z } from 'zod';
import { LANGUAGES, MONTHS, TOUR_TYPES, VISIBILITIES } from './constants.js';
import type { PermissionKey } from './permissions.js';

/**
 * Issue 24: CSV export of every list and CSV import of itineraries and places.
 *
 * - Export: `GET /api/v1/admin/export/{entity}.csv` (`API_PATHS.exportCsv(entity)`) with the
 *   list's own query (search and its filters, no page/limit): UTF-8 with a BOM, RFC 4180 quoting,
 *   numbers and booleans unquoted, every text cell that starts with `=`, `+`, `-`, `@`, a tab or
 *   a carriage return prefixed with `'` (formula injection), newest first, streamed.
 * - Import: `POST /api/v1/admin/import/{entity}/dry-run` (200, `CsvDryRun`) and
 *   `POST /api/v1/admin/import/{entity}/apply` (201, `CsvApplied`; honours `Idempotency-Key`),
 *   multipart `file` (≤ 10 MB) + optional `mapping` (JSON `{header: field | ''}`; absent: guessed
 *   from the headers) + optional `importId` (the progress events' id).
 *
 * Zod only for the answers; the column tables, the guess and the header reader are plain code the
 * web's import modal reads too.
 */

// ── export ──────────────────────────────────────────────────────────────────────────────────────

export const EXPORT_ENTITIES = [
  'itineraries',
  'places',
  'countries',
  'states',
  'place-details',
  'blogs',
  'image-libraries',
  'admins',
  'roles',
  'marketing-notifications',
] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];

/** Who may export each list: the list's own view permission. */
export const EXPORT_ACCESS: Record<ExportEntity, PermissionKey> = {
  itineraries: 'itineraries.view',
  places: 'geography.view',
  countries: 'geography.view',
  states: 'geography.view',
  'place-details': 'place-details.view',
  blogs: 'blogs.view',
  'image-libraries': 'image-libraries.view',
  admins: 'admins.view',
  roles: 'roles.view',
  'marketing-notifications': 'marketing.view',
};

/**
 * The header of each export, in column order. The itinerary and place headers are the import's
 * first aliases, so an exported file imports back without touching the mapping (the extra
 * columns — Created at, Updated at … — are ignored by the guess). Never a password hash, a secret
 * or a token: admins export name, e-mail, role and flags only.
 */
export const EXPORT_COLUMNS = {
  itineraries: [
    '_id',
    'Title',
    'Duration',
    'Type',
    'Group size',
    'Languages',
    'Price per person',
    'Visibility',
    'Months',
    'Country',
    'State',
    'Place',
    'Active',
    'Image library',
    'Meta title',
    'Meta description',
    'Description',
    'Needs attention',
    'Created at',
    'Updated at',
  ],
  places: [
    '_id',
    'Name',
    'Country',
    'State',
    'Short description',
    'Latitude',
    'Longitude',
    'Active',
    'Created at',
    'Updated at',
  ],
  countries: ['_id', 'Name', 'Short name', 'Active', 'Created at', 'Updated at'],
  states: ['_id', 'Name', 'Country', 'Active', 'Created at', 'Updated at'],
  'place-details': [
    '_id',
    'Place',
    'State',
    'Country',
    'Month',
    'Status',
    'Image library',
    'Description',
    'Needs attention',
    'Created at',
    'Updated at',
  ],
  blogs: [
    '_id',
    'Title',
    'Slug',
    'Place',
    'State',
    'Country',
    'Status',
    'Tags',
    'Excerpt',
    'Meta title',
    'Meta description',
    'Author',
    'Published at',
    'Needs attention',
    'Created at',
    'Updated at',
  ],
  'image-libraries': [
    '_id',
    'Title',
    'Description',
    'Month',
    'Status',
    'Author',
    'Created at',
    'Updated at',
  ],
  admins: ['_id', 'Name', 'Email', 'Role', 'Active', 'Two-factor', 'Last login', 'Created at'],
  roles: ['_id', 'Name', 'Description', 'Super admin', 'Permissions', 'Admins', 'Created at'],
  'marketing-notifications': [
    '_id',
    'Title',
    'Message',
    'Channels',
    'Audience',
    'Status',
    'Scheduled at',
    'Created at',
  ],
} as const satisfies Record<ExportEntity, readonly string[]>;

/** `places-2026-07-14.csv`: the attachment's file name (the server's date, UTC). */
export const exportFileName = (entity: ExportEntity, date: Date): string =>
  `${entity}-${date.toISOString().slice(0, 10)}.csv`;

/** The first characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
export const FORMULA_LEADS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** A text cell as the export writes it: formula leads neutralised with `'`. */
export const neutraliseFormula = (value: string): string =>
  value !== '' && (FORMULA_LEADS as readonly string[]).includes(value.charAt(0))
    ? `'${value}`
    : value;

// ── import ──────────────────────────────────────────────────────────────────────────────────────

export const IMPORT_ENTITIES = ['itineraries', 'places'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export const CSV_LIMITS = {
  /** The largest file an import takes (413 above). */
  maxBytes: 10 * 1024 * 1024,
  /** The most data rows an import takes (400 above). */
  maxRows: 20_000,
  /** The longest cell (characters; a description's rich text). */
  maxCell: 100_000,
} as const;

/** How an import cell is read before the form's schema sees it. */
export type ImportParse =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'boolean'
  /** Separated by `,` `;` or `|`. */
  | 'list'
  /** A name (or short name) resolved to its record's id. */
  | 'reference'
  | 'id';

export interface ImportField {
  /** The field's key (the form schema's field, or the name of what resolves to its id). */
  field: string;
  label: string;
  /** Header texts that map to it (compared case-, space- and punctuation-insensitively). */
  aliases: readonly string[];
  /** A column must be mapped to it. */
  required: boolean;
  parse: ImportParse;
  /** What the modal says about the accepted values. */
  hint?: string;
}

const ID_FIELD: ImportField = {
  field: '_id',
  label: 'Id',
  aliases: ['_id', 'id'],
  required: false,
  parse: 'id',
  hint: 'Updates the record with this id; empty creates one (or updates the one with the same key)',
};
const ACTIVE_FIELD: ImportField = {
  field: 'isActive',
  label: 'Active',
  aliases: ['Active', 'Is active', 'Enabled'],
  required: false,
  parse: 'boolean',
  hint: 'true / false, yes / no, 1 / 0; empty: active',
};

/**
 * The import columns. Places: `_id`, else name within its state decides create or update;
 * itineraries: `_id`, else title within its place (the tables' unique keys).
 */
export const IMPORT_FIELDS: Record<ImportEntity, readonly ImportField[]> = {
  places: [
    ID_FIELD,
    {
      field: 'name',
      label: 'Name',
      aliases: ['Name', 'Place', 'Place name'],
      required: true,
      parse: 'text',
    },
    {
      field: 'country',
      label: 'Country',
      aliases: ['Country', 'Country name'],
      required: true,
      parse: 'reference',
      hint: 'The country name or short name',
    },
    {
      field: 'state',
      label: 'State',
      aliases: ['State', 'State name'],
      required: true,
      parse: 'reference',
      hint: 'A state of that country',
    },
    {
      field: 'shortDescription',
      label: 'Short description',
      aliases: ['Short description', 'Description'],
      required: false,
      parse: 'text',
    },
    {
      field: 'latitude',
      label: 'Latitude',
      aliases: ['Latitude', 'Lat'],
      required: false,
      parse: 'decimal',
    },
    {
      field: 'longitude',
      label: 'Longitude',
      aliases: ['Longitude', 'Lng', 'Lon', 'Long'],
      required: false,
      parse: 'decimal',
    },
    ACTIVE_FIELD,
  ],
  itineraries: [
    ID_FIELD,
    {
      field: 'title',
      label: 'Title',
      aliases: ['Title', 'Name', 'Itinerary'],
      required: true,
      parse: 'text',
    },
    { field: 'duration', label: 'Duration', aliases: ['Duration'], required: true, parse: 'text' },
    {
      field: 'type',
      label: 'Type',
      aliases: ['Type', 'Tour type'],
      required: false,
      parse: 'text',
      hint: TOUR_TYPES.join(', '),
    },
    {
      field: 'groupSize',
      label: 'Group size',
      aliases: ['Group size'],
      required: false,
      parse: 'integer',
    },
    {
      field: 'languages',
      label: 'Languages',
      aliases: ['Languages', 'Language'],
      required: true,
      parse: 'list',
      hint: LANGUAGES.join(', '),
    },
    {
      field: 'pricePerPerson',
      label: 'Price per person',
      aliases: ['Price per person', 'Price'],
      required: false,
      parse: 'integer',
      hint: 'Whole rupees (₹ and thousands separators are ignored)',
    },
    {
      field: 'visibility',
      label: 'Visibility',
      aliases: ['Visibility'],
      required: false,
      parse: 'text',
      hint: VISIBILITIES.join(', '),
    },
    {
      field: 'months',
      label: 'Months',
      aliases: ['Months', 'Best months'],
      required: false,
      parse: 'list',
      hint: 'Month names or codes (January, FEB …)',
    },
    {
      field: 'country',
      label: 'Country',
      aliases: ['Country'],
      required: true,
      parse: 'reference',
    },
    { field: 'state', label: 'State', aliases: ['State'], required: true, parse: 'reference' },
    {
      field: 'place',
      label: 'Place',
      aliases: ['Place', 'Destination'],
      required: true,
      parse: 'reference',
    },
    ACTIVE_FIELD,
    {
      field: 'metaTitle',
      label: 'Meta title',
      aliases: ['Meta title', 'SEO title'],
      required: false,
      parse: 'text',
    },
    {
      field: 'metaDescription',
      label: 'Meta description',
      aliases: ['Meta description', 'SEO description'],
      required: false,
      parse: 'text',
    },
    {
      field: 'description',
      label: 'Description',
      aliases: ['Description'],
      required: false,
      parse: 'text',
    },
  ],
};

/** Header text as the guess compares it: lower case, letters and digits only (`_id` stays). */
export const headerKey = (header: string): string =>
  header.trim() === '_id' ? '_id' : header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** `{header: field}` ('' = ignored). */
export type CsvMapping = Record<string, string>;

/** The mapping guessed from the headers: each header to the first field it is an alias of, once. */
export const guessMapping = (entity: ImportEntity, headers: readonly string[]): CsvMapping => {
  const taken = new Set<string>();
  const mapping: CsvMapping = {};
  for (const header of headers) {
    const key = headerKey(header);
    const field = IMPORT_FIELDS[entity].find(
      (f) =>
        !taken.has(f.field) &&
        (f.field.toLowerCase() === key || f.aliases.some((a) => headerKey(a) === key)),
    );
    mapping[header] = field?.field ?? '';
    if (field) taken.add(field.field);
  }
  return mapping;
};

/**
 * The header row of a CSV text (RFC 4180: quoted cells, doubled quotes, a BOM skipped): what the
 * modal reads from the first bytes of the picked file to show the mapping before any upload.
 */
export const readHeaderLine = (text: string): string[] => {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source.charAt(i);
    if (quoted) {
      if (char === '"' && source.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
};

/** The months an import cell may name: codes and names, any case. */
export const monthCodeOf = (value: string): string | undefined => {
  const lower = value.trim().toLowerCase();
  return MONTHS.find((m) => m.code.toLowerCase() === lower || m.name.toLowerCase() === lower)?.code;
};

export const IMPORT_ACTIONS = ['create', 'update'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

const rowErrorSchema = z.object({
  /** The file's header text of the column at fault (the field's label when no column holds it). */
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof rowErrorSchema>;

export const csvDryRunRowSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The record an update changes. */
  id: z.string().nullable(),
  /** The row's name or title. */
  label: z.string(),
  errors: z.array(rowErrorSchema),
});
export type CsvDryRunRow = z.infer<typeof csvDryRunRowSchema>;

export const csvDryRunSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES),
  headers: z.array(z.string()),
  /** The mapping used (the one sent, else the guess). */
  mapping: z.record(z.string(), z.string()),
  total: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** Rows with at least one error: while any, apply refuses the file. */
  invalid: z.number().int(),
  rows: z.array(csvDryRunRowSchema),
});
export type CsvDryRun = z.infer<typeof csvDryRunSchema>;

export const csvAppliedSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** How long the write took on the server (ms). */
  tookMs: z.number().int(),
});
export type CsvApplied = z.infer<typeof csvAppliedSchema>;

/** The multipart fields of both import calls. */
export const CSV_IMPORT_FIELDS = {
  file: 'file',
  mapping: 'mapping',
  importId: 'importId',
} as const;

/** `csv-import-progress` socket event (SOCKET_EVENTS.csvImportProgress), to the importing admin. */
export interface CsvImportProgressEvent {
  importId: string;
  phase: 'checking' | 'writing' | 'done';
  done: number;
  total: number;
}

export const CSV_MESSAGES = {
  exported: 'Export started',
  checked: 'Import checked',
  applied: 'Import applied',
  fileRequired: 'Choose a CSV file to import',
  notCsv:
    'The file is not a CSV text file (it looks binary): export it from your spreadsheet as CSV',
  encoding:
    'The file is not valid UTF-8 text: save it as "CSV UTF-8" (or UTF-16 with a byte order mark) and upload it again',
  tooLarge: `The file is larger than ${String(CSV_LIMITS.maxBytes / 1024 / 1024)} MB`,
  tooManyRows: `The file has more than ${CSV_LIMITS.maxRows.toLocaleString('en-US')} rows`,
  empty: 'The file has no data rows under its header',
  malformed: (line: number, reason: string) =>
    `The file is not valid CSV at line ${String(line)}: ${reason}`,
  badMapping: 'The mapping must be a JSON object of column headers to field names',
  unknownHeader: (header: string) => `Column '${header}' is not in the file`,
  unknownField: (field: string) => `'${field}' is not a field this import knows`,
  nothingMapped: 'No column of the file maps to a field: check the header row',
  requiredUnmapped: (label: string) => `No column is mapped to ${label} (required)`,
  mappedTwice: (label: string) => `More than one column is mapped to ${label}`,
  duplicateHeader: (header: string) => `The header '${header}' appears more than once`,
  hasErrors: (rows: number) =>
    `${String(rows)} ${rows === 1 ? 'row has' : 'rows have'} errors: nothing was imported`,
  notFound: (label: string, value: string) => `${label} '${value}' not found`,
  idNotFound: 'No record has this id',
  duplicateRow: (line: number) => `The same record as line ${String(line)}`,
  notANumber: 'Must be a number',
  notABoolean: 'Must be true or false (yes / no, 1 / 0)',
  noUpdatePermission: 'You may not update existing records (this row matches one)',
  keyTaken: 'Another record already has this key',
} as const;

export const CSV_TEXTS = {
  export: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: 'The export failed',
  import: 'Import CSV',
  title: (entity: ImportEntity) => `Import ${entity} from CSV`,
  pick: 'Choose a CSV file (UTF-8, at most 10 MB)',
  mapping: 'Columns',
  ignore: '(ignore)',
  check: 'Check rows',
  checking: 'Checking…',
  apply: 'Apply',
  applying: 'Applying…',
  summary: (created: number, updated: number) =>
    `${String(created)} created, ${String(updated)} updated`,
  counts: (creates: number, updates: number, invalid: number) =>
    `${String(creates)} to create · ${String(updates)} to update · ${String(invalid)} with errors`,
  close: 'Close',
} as const;
