/**
 * Issue 22: the pricing rules the itinerary schemas check (zod-free). Split from
 * `itinerary-pricing.ts`, which re-exports them, so the schema module (read by the list page for
 * its texts) does not pull the price table into that page's chunk.
 */
import type { MonthCode } from './constants.js';

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

export const GST_RATE_MAX = 28;

export interface PriceBand {
  months: readonly MonthCode[];
  minGroupSize: number;
  maxGroupSize: number;
  pricePerPerson: number;
}

/** The band indexes `[a, b]` that share a month and overlap in group size (first pair found). */
export const priceBandOverlap = (bands: readonly PriceBand[]): [number, number] | null => {
  for (let b = 1; b < bands.length; b++) {
    const later = bands[b];
    if (!later) continue;
    for (let a = 0; a < b; a++) {
      const earlier = bands[a];
      if (!earlier) continue;
      const sharesMonth = earlier.months.some((m) => later.months.includes(m));
      const sharesSize =
        earlier.minGroupSize <= later.maxGroupSize && later.minGroupSize <= earlier.maxGroupSize;
      if (sharesMonth && sharesSize) return [a, b];
    }
  }
  return null;
};
