import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatRelativeTime,
  formatShortDate,
  getDisplaySettings,
  initialsOf,
  setDisplaySettings,
  truncateText,
} from './format';
import { formatPrice } from '../features/itineraries/format';
import { pageItems } from '../components/ui/Pagination';
import { imagesLabel, tableDescription } from '../features/image-libraries/format';

describe('formatting', () => {
  it('cuts the library description at 100 characters plus "..."', () => {
    expect(tableDescription('x'.repeat(100))).toBe('x'.repeat(100));
    expect(tableDescription('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
    expect(tableDescription('')).toBe('');
    expect(truncateText('abcdef', 3)).toBe('abc...');
  });

  it('writes a short en-US date, or N/A', () => {
    expect(formatShortDate('2025-12-25T08:00:00.000Z')).toBe('Dec 25, 2025');
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('')).toBe('N/A');
    expect(formatShortDate('not a date')).toBe('N/A');
  });

  it('takes up to two initials of a name for an avatar, or ?', () => {
    expect(initialsOf('asha  verma rao')).toBe('AV');
    expect(initialsOf('Ravi')).toBe('R');
    expect(initialsOf('  ')).toBe('?');
  });

  it('counts images', () => {
    expect(imagesLabel(0)).toBe('0 images');
    expect(imagesLabel(12)).toBe('12 images');
    expect(formatCount(1, 'image')).toBe('1 image');
  });

  it('pages: first, last, and the neighbours of the current one', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap-end', 10]);
  });
});

describe('times', () => {
  it('says how long ago, then falls back to the date', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(formatRelativeTime('2026-01-01T12:00:00.000Z', now)).toBe('Jan 1, 2026');
    expect(formatRelativeTime('nonsense', now)).toBe('N/A');
  });

  it('writes a date with its time, or N/A', () => {
    expect(formatDateTime('2026-03-10T12:00:00.000Z')).toMatch(
      /^Mar 10, 2026, \d{1,2}:\d{2} (AM|PM) IST$/,
    );
    expect(formatDateTime(null)).toBe('N/A');
  });
});

describe('one date format for the whole app (issue 20)', () => {
  const ORIGINAL_TZ = process.env.TZ;
  afterEach(() => {
    if (ORIGINAL_TZ === undefined) delete process.env.TZ;
    else process.env.TZ = ORIGINAL_TZ;
  });

  it("shows date-times in IST by default, with the zone's name, whatever the browser's zone", () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      expect(formatDateTime('2025-01-05T09:34:00.000Z')).toBe('Jan 5, 2025, 3:04 PM IST');
      expect(formatDateTime('2025-01-05T18:45:00.000Z')).toBe('Jan 6, 2025, 12:15 AM IST');
      expect(formatDateTime('2025-01-05T09:34:27.000Z', { seconds: true })).toBe(
        'Jan 5, 2025, 3:04:27 PM IST',
      );
    }
    expect(formatDateTime('nonsense')).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
  });

  it("writes date-only values as the spec's short en-US date of that day in IST", () => {
    process.env.TZ = 'America/New_York';
    // 20:00 UTC on 31 December is already 1 January in India.
    expect(formatShortDate('2024-12-31T20:00:00.000Z')).toBe('Jan 1, 2025');
    expect(formatShortDate('2025-12-25T08:00:00.000Z')).toBe('Dec 25, 2025');
    // A calendar date is that day in every zone.
    expect(formatShortDate('2025-07-02')).toBe('Jul 2, 2025');
    expect(formatShortDate(undefined)).toBe('N/A');
  });

  it('follows the configured zone, and tells the listeners', () => {
    setDisplaySettings({ timeZone: 'America/New_York' });
    expect(getDisplaySettings().timeZone).toBe('America/New_York');
    expect(formatDateTime('2025-01-05T09:34:00.000Z')).toBe('Jan 5, 2025, 4:34 AM GMT-5');
    expect(formatShortDate('2025-01-05T03:00:00.000Z')).toBe('Jan 4, 2025');
    setDisplaySettings({ timeZone: 'Asia/Dubai' });
    expect(formatDateTime('2025-01-05T09:34:00.000Z')).toBe('Jan 5, 2025, 1:34 PM GST');
    // An unknown zone is not taken: the default stays.
    setDisplaySettings({ timeZone: 'Mars/Olympus' });
    expect(formatDateTime('2025-01-05T09:34:00.000Z')).toBe('Jan 5, 2025, 3:04 PM IST');
  });
});

describe('prices (issue 20)', () => {
  it('use the configured currency symbol with Indian grouping', () => {
    expect(formatPrice(125000)).toBe('₹1,25,000');
    setDisplaySettings({ currencySymbol: '$' });
    expect(formatPrice(125000)).toBe('$1,25,000');
    expect(formatPrice(12345678)).toBe('$1,23,45,678');
    expect(formatPrice(0)).toBe('$0');
    setDisplaySettings({ currencySymbol: 'Rs.' });
    expect(formatPrice(999)).toBe('Rs.999');
  });
});
