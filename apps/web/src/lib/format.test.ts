import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatRelativeTime,
  formatShortDate,
  initialsOf,
  truncateText,
} from './format';
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
      /^Mar 10, 2026, \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(formatDateTime(null)).toBe('N/A');
  });
});
