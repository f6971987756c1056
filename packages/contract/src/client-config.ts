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
}

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
