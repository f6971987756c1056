import { CURRENCY_SYMBOL } from './constants.js';

/**
 * `GET /api/v1/common/client-config` (public): what the browser needs before sign-in. The
 * location services of spec §7 "Calls before login to outside services" are configured on the
 * server (LOCATION_* variables) so the same values feed the page's CSP `connect-src`. An empty
 * URL turns that lookup off (the fallback values of spec §8 are used).
 */
export interface ClientConfig {
  location: {
    /** Answers the caller's public IP, e.g. `https://api.ipify.org?format=json` ({ip}). */
    ipLookupUrl: string;
    /**
     * Reverse geocoding; `{lat}` and `{long}` are replaced, e.g. Nominatim
     * `https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat={lat}&lon={long}`.
     */
    reverseGeocodeUrl: string;
    /** IP-based geolocation fallback, e.g. `https://ipapi.co/json/`. */
    ipGeolocationUrl: string;
    /** Each lookup gives up after this long, so a closed network never blocks sign-in. */
    timeoutMs: number;
  };
  /**
   * The Basic Settings the whole app shows (issue 20): the sidebar, the tab title, the sign-in
   * pages, every price and every date. Absent from older servers: the web uses
   * `DEFAULT_BRANDING` then. A save tells every open socket (`branding-changed`).
   */
  branding?: Branding;
  /**
   * Issue 22: the maps' tile URL template (Leaflet's `{z}/{x}/{y}`, maybe `{s}`), from the
   * server's MAP_TILE_URL; null: tiles off (markers and routes draw on a plain background).
   * Absent from older servers: treated as off (their CSP allows no tile origin).
   */
  mapTileUrl?: string | null;
}

/** What Basic Settings change in every screen; `DEFAULT_BRANDING` until they are saved. */
export interface Branding {
  productName: string;
  /** The stored logo's public URL (its smallest WebP variant); null: none, the app's mark. */
  logoUrl: string | null;
  /** Put before every price, with en-IN grouping ('₹1,25,000'). */
  currencySymbol: string;
  /** IANA zone every date is shown in, with its short name ('IST'). */
  timeZone: string;
}

/** The product's own branding: what the server stores until an admin saves Basic Settings. */
export const DEFAULT_BRANDING: Branding = {
  productName: 'Safarnama',
  logoUrl: null,
  currencySymbol: CURRENCY_SYMBOL,
  timeZone: 'Asia/Kolkata',
};

/** Location fallbacks of spec §8. */
export const LOCATION_FALLBACKS = {
  country: 'Unknown Country',
  state: 'Unknown State',
  city: 'Unknown City',
  address: 'Unknown Location',
  pinCode: '000000',
  ipPinCode: 'Unknown Pin Code',
  ip: 'Unknown IP',
  lat: 0,
  long: 0,
} as const;
