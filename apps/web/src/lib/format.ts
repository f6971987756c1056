import { useSyncExternalStore } from 'react';
import { DEFAULT_BRANDING } from '@safarnama/contract';

/**
 * How every price and date of the app is shown (issue 20): the Basic Settings' currency symbol
 * and time zone. Module state, so `formatPrice(rupees)` and the date formatters keep their plain
 * signatures; `app/branding.ts` sets it from `client-config` (and the `branding-changed` event)
 * before the store hears of it, and components that show prices or dates call
 * `useDisplaySettings()` to render again when it changes.
 */
export interface DisplaySettings {
  currencySymbol: string;
  timeZone: string;
}

const DEFAULT_DISPLAY: DisplaySettings = {
  currencySymbol: DEFAULT_BRANDING.currencySymbol,
  timeZone: DEFAULT_BRANDING.timeZone,
};

let display: DisplaySettings = DEFAULT_DISPLAY;
const listeners = new Set<() => void>();

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const getDisplaySettings = (): DisplaySettings => display;

/** Takes new settings (an unknown zone or an empty symbol keeps the default) and tells listeners. */
export const setDisplaySettings = (next: Partial<DisplaySettings>): void => {
  const currencySymbol = next.currencySymbol?.trim() || DEFAULT_DISPLAY.currencySymbol;
  const timeZone =
    next.timeZone && isTimeZone(next.timeZone) ? next.timeZone : DEFAULT_DISPLAY.timeZone;
  if (currencySymbol === display.currencySymbol && timeZone === display.timeZone) return;
  display = { currencySymbol, timeZone };
  for (const listener of [...listeners]) listener();
};

/** Back to the defaults (tests). */
export const resetDisplaySettings = (): void => setDisplaySettings(DEFAULT_DISPLAY);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The current settings; the calling component renders again when they change. */
export const useDisplaySettings = (): DisplaySettings =>
  useSyncExternalStore(subscribe, getDisplaySettings, getDisplaySettings);

/** The configured symbol and the en-IN grouped amount: '₹1,25,000' ('$1,25,000' with '$'). */
export const formatMoney = (amount: number): string =>
  `${display.currencySymbol}${amount.toLocaleString('en-IN')}`;

interface ZoneFormats {
  dateTime: Intl.DateTimeFormat;
  dateTimeSeconds: Intl.DateTimeFormat;
  zoneName: Intl.DateTimeFormat;
}

/** Built once per zone (an `Intl.DateTimeFormat` is costly to make, cheap to use). */
const zoneFormats = new Map<string, ZoneFormats>();
const formatsFor = (timeZone: string): ZoneFormats => {
  let formats = zoneFormats.get(timeZone);
  if (!formats) {
    const base = {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    } as const;
    formats = {
      dateTime: new Intl.DateTimeFormat('en-US', base),
      dateTimeSeconds: new Intl.DateTimeFormat('en-US', { ...base, second: '2-digit' }),
      // The zone's short name as India writes it: 'IST' (en-US would say 'GMT+5:30').
      zoneName: new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }),
    };
    zoneFormats.set(timeZone, formats);
  }
  return formats;
};

const validDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export interface DateTimeParts {
  /** 'Jan 5, 2025' */
  date: string;
  /** '3:04 PM' (or '3:04:27 PM') */
  time: string;
  /** 'IST', 'GMT-5' */
  zone: string;
}

/**
 * The pieces of the one date-time format, in the configured zone (or `timeZone`), built from
 * parts so the result is the same whatever spaces the browser's ICU puts around 'PM'.
 */
export const dateTimeParts = (
  value: string | number | Date | null | undefined,
  options: { seconds?: boolean; timeZone?: string } = {},
): DateTimeParts | null => {
  const date = validDate(value);
  if (!date) return null;
  const formats = formatsFor(options.timeZone ?? display.timeZone);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of (options.seconds ? formats.dateTimeSeconds : formats.dateTime).formatToParts(
    date,
  )) {
    parts[part.type] = part.value;
  }
  const zone =
    formats.zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const seconds = options.seconds ? `:${parts.second ?? '00'}` : '';
  return {
    date: `${parts.month ?? ''} ${parts.day ?? ''}, ${parts.year ?? ''}`,
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}${seconds} ${parts.dayPeriod ?? ''}`,
    zone,
  };
};

/**
 * The app's one date-time format: 'Jan 5, 2025, 3:04 PM IST' in the configured time zone (Basic
 * Settings, default Asia/Kolkata) with its short name; 'N/A' without a (valid) date.
 */
export const formatDateTime = (
  value: string | number | Date | null | undefined,
  options: { seconds?: boolean; timeZone?: string } = {},
): string => {
  const parts = dateTimeParts(value, options);
  return parts ? `${parts.date}, ${parts.time} ${parts.zone}` : 'N/A';
};

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date alone, spec §2's Created column: a short en-US date such as 'Jan 5, 2025', the day an
 * instant falls on in the configured zone (a calendar date 'yyyy-mm-dd' is that day, in every
 * zone); 'N/A' when there is no (valid) date.
 */
export const formatShortDate = (value: string | null | undefined): string =>
  dateTimeParts(value, value && CALENDAR_DATE.test(value) ? { timeZone: 'UTC' } : {})?.date ??
  'N/A';

/** Cuts `text` at `max` characters and marks the cut with '...'. */
export const truncateText = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

/** '1 image', 'N images'. */
export const formatCount = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count} ${count === 1 ? singular : plural}`;

/**
 * 'just now', '5 minutes ago', '3 hours ago', '2 days ago', then the short date. Shown with the
 * full `formatDateTime` in a title beside it.
 */
export const formatRelativeTime = (value: string, now: number = Date.now()): string => {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return 'N/A';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return formatCount(minutes, 'minute') + ' ago';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return formatCount(hours, 'hour') + ' ago';
  const days = Math.round(hours / 24);
  if (days < 7) return formatCount(days, 'day') + ' ago';
  return formatShortDate(value);
};

/** Up to two initials of a name, for an avatar without a picture ('?' when there are none). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';
