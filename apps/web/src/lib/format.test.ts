import { describe, expect, it } from 'vitest';
import { formatCount, formatShortDate, truncateText } from './format';
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
