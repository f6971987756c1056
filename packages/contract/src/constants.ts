/** Business constants and limits of spec §9 (and the list limits of DESIGN §3). */

export const FIRST_PAGE = 1;
/** Page size for itineraries, libraries, blogs and the library picker. */
export const PAGE_SIZE = 10;
/** Upper bound of `limit` on every list query. */
export const MAX_PAGE_SIZE = 100;
/** Longest accepted `search` query (trimmed). */
export const MAX_SEARCH_LENGTH = 200;
export const SEARCH_DEBOUNCE_MS = 500;

export const HOMEPAGE_LIMITS = { places: 6, packages: 8, blogs: 3 } as const;

export const ALT_TEXT_MAX = 100;
export const LIBRARY_DESCRIPTION_TRUNCATE = 100;

export const GROUP_SIZE_MIN = 1;
export const GROUP_SIZE_DEFAULT = 1;
export const PRICE_MIN = 0;
export const PRICE_DEFAULT = 0;
export const CURRENCY = 'INR';
export const CURRENCY_SYMBOL = '₹';

export const TOUR_TYPES = [
  'Adventure',
  'Leisure',
  'Cultural',
  'Wildlife',
  'Beach',
  'Mountain',
  'City Tour',
  'Religious',
  'Educational',
  'Honeymoon',
] as const;
export type TourType = (typeof TOUR_TYPES)[number];
export const DEFAULT_TOUR_TYPE: TourType = 'Adventure';

export const LANGUAGES = [
  'English',
  'Hindi',
  'Spanish',
  'French',
  'German',
  'Chinese',
  'Japanese',
  'Arabic',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Month codes used by forms (JAN..DEC) with the names used when lists are read. */
export const MONTHS = [
  { code: 'JAN', name: 'January' },
  { code: 'FEB', name: 'February' },
  { code: 'MAR', name: 'March' },
  { code: 'APR', name: 'April' },
  { code: 'MAY', name: 'May' },
  { code: 'JUN', name: 'June' },
  { code: 'JUL', name: 'July' },
  { code: 'AUG', name: 'August' },
  { code: 'SEP', name: 'September' },
  { code: 'OCT', name: 'October' },
  { code: 'NOV', name: 'November' },
  { code: 'DEC', name: 'December' },
] as const;
export const MONTH_CODES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
export type MonthCode = (typeof MONTH_CODES)[number];

export const ALL_MONTHS = 'All Months';
export const LIBRARY_MONTHS = [ALL_MONTHS, ...MONTHS.map((m) => m.name)] as const;
export const DEFAULT_LIBRARY_MONTH = ALL_MONTHS;

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'public';

export const LIBRARY_STATUSES = ['active', 'inactive'] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';
/** Local storage key of the theme choice (spec §4). */
export const THEME_STORAGE_KEY = 'theme';

export const RICH_TEXT_HEIGHT = 400;
export const DESCRIPTION_ROWS = 4;
export const META_DESCRIPTION_ROWS = 3;

export const TOAST = {
  position: 'top-right',
  autoCloseMs: 5000,
  draggable: true,
  /** Percent of the toast's width it must be dragged to close. */
  draggablePercent: 80,
} as const;

export const SOCKET_OPTIONS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PUSH_REFRESH_DAYS = 7;

/** Name of the session token in sessionStorage and of the HttpOnly cookie (spec §4, §6). */
export const AUTH_TOKEN_KEY = 'authToken';
/** Custom header every call from the app carries; cookie-authenticated writes require it. */
export const CLIENT_HEADER = 'X-Requested-With';
export const CLIENT_HEADER_VALUE = 'safarnama-admin';
/** Push tokens are registered with this type (spec §6). */
export const PUSH_TOKEN_TYPE = 'Admin';
