/**
 * Scheduled times (marketing notifications, issue 9; scheduled publishing and homepage lineups,
 * issue 21) are picked in India Standard Time (Asia/Kolkata, DESIGN §7), whatever the browser's
 * own zone. IST is UTC+05:30 all year (India keeps no daylight saving), so a wall-clock date and
 * time in IST converts to an instant by arithmetic alone, without relying on the browser's zone.
 * Zod-free: the dashboard imports it.
 */
import { dateTimeParts, formatDateTime } from './format';

export const IST_ZONE = 'Asia/Kolkata';
export const IST_OFFSET = '+05:30';
const IST_OFFSET_MINUTES = 330;
const MINUTE_MS = 60_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A date ('YYYY-MM-DD') and a time ('HH:MM' or 'HH:MM:SS') as the IST fields hold them. */
export interface IstParts {
  date: string;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant of an IST wall-clock date and time, as the ISO text the server gets
 * ('2026-11-21T15:30:00+05:30'); null when either part is missing or not a real date or time
 * (30 February, 24:00).
 */
export const istToIso = ({ date, time }: IstParts): string | null => {
  const d = DATE_PATTERN.exec(date);
  const t = TIME_PATTERN.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  // Date.UTC rolls 30 February over into March: a real date comes back unchanged.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  ) {
    return null;
  }
  return `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}${IST_OFFSET}`;
};

/** The IST wall-clock date and time ('HH:MM:SS') of an instant; null for an invalid one. */
export const isoToIst = (value: string | number | Date): IstParts | null => {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  // Shift by the offset and read the UTC fields: the browser's zone plays no part.
  const shifted = new Date(time + IST_OFFSET_MINUTES * MINUTE_MS);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`,
  };
};

/**
 * The app's one date-time format with seconds (lib/format.ts), in the Basic Settings' zone
 * (default IST): 'Nov 21, 2026, 3:30:15 PM IST'; '—' for a missing or invalid time. Entry stays
 * in IST (above); only the display is shared.
 */
export const formatIst = (value: string | null | undefined): string =>
  dateTimeParts(value) ? formatDateTime(value, { seconds: true }) : '—';

/** The same on two lines (narrow table cells): 'Nov 21, 2026' and '3:30:15 PM IST'. */
export const formatIstLines = (value: string): [date: string, time: string] => {
  const parts = dateTimeParts(value, { seconds: true });
  return parts ? [parts.date, `${parts.time} ${parts.zone}`] : ['—', ''];
};

/** True when the browser's zone is not at +05:30 at that instant (its own time reads otherwise). */
export const browserDiffersFromIst = (value: string | number | Date): boolean =>
  -new Date(value).getTimezoneOffset() !== IST_OFFSET_MINUTES;

/** The instant in the browser's own zone, in the shared format: 'Nov 21, 2026, 11:00:15 AM GMT+1'. */
export const formatLocal = (value: string | number | Date): string =>
  formatDateTime(value, {
    seconds: true,
    timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

/**
 * A sensible first choice for a new notification: the next quarter hour at least an hour from
 * `now`, in IST (seconds zero).
 */
export const defaultIstSlot = (now: number = Date.now()): IstParts => {
  const quarter = 15 * MINUTE_MS;
  const at = Math.ceil((now + 60 * MINUTE_MS) / quarter) * quarter;
  return isoToIst(at) as IstParts;
};
