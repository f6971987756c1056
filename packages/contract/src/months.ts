import { MONTHS, type MonthCode } from './constants.js';

/* Zod-free (the History panel and the lists read month names; \`itineraries.ts\` has schemas). */

/** Month names as the listing reads them (spec §3: codes in the form, names in the listing). */
export const MONTH_NAME_BY_CODE = Object.fromEntries(MONTHS.map((m) => [m.code, m.name])) as Record<
  MonthCode,
  string
>;
export const MONTH_CODE_BY_NAME = Object.fromEntries(MONTHS.map((m) => [m.name, m.code])) as Record<
  string,
  MonthCode
>;
