import Bowser from 'bowser';
import type { LoginActivity, LoginLocation } from '@safarnama/contract';
import { LOCATION_FALLBACKS } from '@safarnama/contract';

/** A user agent as the login activity shows it (bowser; ua-parser-js v2 is AGPL). */
export interface ParsedAgent {
  browser: string;
  os: string;
  device: LoginActivity['device'];
}

const UNKNOWN: ParsedAgent = { browser: 'Unknown browser', os: 'Unknown OS', device: 'unknown' };

const DEVICES: Record<string, LoginActivity['device']> = {
  desktop: 'desktop',
  mobile: 'mobile',
  tablet: 'tablet',
};

const major = (version: string | undefined) => version?.split('.')[0] ?? '';

export const parseUserAgent = (userAgent: string | null | undefined): ParsedAgent => {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN;
  try {
    const parser = Bowser.getParser(ua);
    const browser = parser.getBrowser();
    const os = parser.getOS();
    const browserName = browser.name?.trim();
    const osName = os.name?.trim();
    const osVersion = os.versionName ?? os.version;
    return {
      browser: browserName
        ? [browserName, major(browser.version)].filter(Boolean).join(' ')
        : UNKNOWN.browser,
      os: osName ? [osName, osVersion].filter(Boolean).join(' ') : UNKNOWN.os,
      device: DEVICES[parser.getPlatformType(true)] ?? 'unknown',
    };
  } catch {
    return UNKNOWN;
  }
};

/**
 * What makes a device "the same" for sign-in notifications: browser and OS family, without
 * versions (a browser update is not a new device). Null when the agent tells nothing.
 */
export const deviceKey = (userAgent: string | null | undefined): string | null => {
  const ua = userAgent?.trim();
  if (!ua) return null;
  try {
    const parser = Bowser.getParser(ua);
    const browser = parser.getBrowserName(true);
    const os = parser.getOSName(true);
    return browser || os ? `${browser}|${os}` : null;
  } catch {
    return null;
  }
};

const known = (value: string | undefined, fallback: string) => {
  const text = value?.trim();
  return text && text !== fallback ? text : null;
};

/** City and country of a reported location, or null when unknown (spec §8 fallbacks). */
export const placeOf = (
  location: LoginLocation | null | undefined,
): { city: string; country: string; key: string } | null => {
  const city = known(location?.address.city, LOCATION_FALLBACKS.city);
  const country = known(location?.address.country, LOCATION_FALLBACKS.country);
  if (!city || !country) return null;
  return { city, country, key: `${city.toLowerCase()}|${country.toLowerCase()}` };
};
