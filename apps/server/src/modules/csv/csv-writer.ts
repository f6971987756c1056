import { neutraliseFormula } from '@safarnama/contract';

/**
 * Issue 24: one CSV line as the exports write it (RFC 4180, CRLF line ends).
 * - numbers (finite) and booleans unquoted, as a spreadsheet reads them as numbers;
 * - dates as ISO 8601 (UTC);
 * - lists joined with ', ';
 * - text: a formula lead (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'`, then quoted when it holds
 *   a comma, a quote or a line break (quotes doubled).
 */
export type CsvCell = string | number | boolean | Date | readonly string[] | null | undefined;

/** The byte order mark that makes Excel read the file as UTF-8 (₹, Hindi). */
export const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value
        : value.join(', ');
  const safe = neutraliseFormula(text);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
