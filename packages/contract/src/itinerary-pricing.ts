/**
 * Issue 22: how an operator prices a package, without zod (the list page, the form's price table,
 * the homepage cards and the PDF all read it; the schemas are in `itineraries.ts`).
 *
 * - `pricePerPerson` (spec §3) is the base: what a person pays where no band applies.
 * - `priceBands`: months × a group-size range → a price per person (whole rupees). Two bands that
 *   share a month and overlap in group size are refused (`priceBandOverlap`).
 * - `gst`: a rate (0–28 %) and whether the prices include it. A customer pays the price when it
 *   includes GST, else the price plus GST rounded to whole rupees.
 * - `fromPrice`: the lowest price a customer can get, GST applied: over the months the package is
 *   sold in (its `months`, all twelve when none) and group sizes 1…groupSize, the cheapest band
 *   that applies there, and the base wherever no band covers a (month, size).
 */
import { MONTH_CODES, type MonthCode } from './constants.js';
import type { Meal, PriceBand } from './itinerary-bands.js';

// What the schemas need lives in `itinerary-bands.ts` (so a page that reads the itinerary module
// does not carry the price table); this module stays the one place to import pricing from.
export {
  GST_RATE_MAX,
  MEALS,
  priceBandOverlap,
  type Meal,
  type PriceBand,
} from './itinerary-bands.js';

export const MEAL_LABELS: Record<Meal, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

export interface GstSettings {
  /** Percent, 0–28 (two decimals at most). */
  rate: number;
  /** True: the prices already include GST. */
  included: boolean;
}
export const GST_DEFAULT: GstSettings = { rate: 0, included: true };

export interface PricedItinerary {
  pricePerPerson: number;
  groupSize: number;
  months: readonly MonthCode[];
  priceBands?: readonly PriceBand[] | undefined;
  gst?: GstSettings | undefined;
}

/** What a customer pays for `price` under `gst`, in whole rupees. */
export const customerPrice = (price: number, gst: GstSettings = GST_DEFAULT): number =>
  gst.included || gst.rate === 0 ? price : Math.round((price * (100 + gst.rate)) / 100);

/** The months a package is sold in: its own, all twelve when it names none (calendar order). */
export const sellingMonths = (months: readonly MonthCode[]): MonthCode[] =>
  months.length === 0 ? [...MONTH_CODES] : MONTH_CODES.filter((m) => months.includes(m));

/** The price per person (before GST) for `size` people in `month`: its band's, else the base. */
export const priceFor = (it: PricedItinerary, month: MonthCode, size: number): number => {
  const band = (it.priceBands ?? []).find(
    (b) => b.months.includes(month) && b.minGroupSize <= size && size <= b.maxGroupSize,
  );
  return band ? band.pricePerPerson : it.pricePerPerson;
};

/** One row of the month × group-size table: sizes `from`…`to` and a price per selling month. */
export interface PriceTableRow {
  from: number;
  to: number;
  /** Per month of `months`, what a customer pays (GST applied). */
  prices: number[];
}
export interface PriceTable {
  months: MonthCode[];
  rows: PriceTableRow[];
}

/**
 * The month × group-size table the form and the PDF show: group sizes 1…groupSize cut where a
 * band starts or ends, a column per selling month, GST applied. Neighbouring rows with the same
 * prices are merged.
 */
export const priceTable = (it: PricedItinerary): PriceTable => {
  const months = sellingMonths(it.months);
  const top = Math.max(1, it.groupSize);
  const cuts = new Set<number>([1, top + 1]);
  for (const band of it.priceBands ?? []) {
    if (band.minGroupSize <= top) cuts.add(Math.max(1, band.minGroupSize));
    if (band.maxGroupSize < top) cuts.add(band.maxGroupSize + 1);
  }
  const edges = [...cuts].sort((x, y) => x - y);
  const rows: PriceTableRow[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i] ?? 1;
    const to = (edges[i + 1] ?? from + 1) - 1;
    const prices = months.map((m) => customerPrice(priceFor(it, m, from), it.gst));
    const last = rows.at(-1);
    if (last && last.prices.every((p, k) => p === prices[k])) last.to = to;
    else rows.push({ from, to, prices });
  }
  return { months, rows };
};

/** The lowest price a customer can get (GST applied): the cheapest cell of `priceTable`. */
export const fromPrice = (it: PricedItinerary): number => {
  const { rows } = priceTable(it);
  let lowest = Number.POSITIVE_INFINITY;
  for (const row of rows) for (const p of row.prices) if (p < lowest) lowest = p;
  return Number.isFinite(lowest) ? lowest : customerPrice(it.pricePerPerson, it.gst);
};

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** Whole rupees in Indian grouping with the sign: `₹1,25,000`. */
export const formatRupees = (amount: number, symbol = '₹'): string =>
  `${symbol}${rupees.format(amount)}`;

/** A group-size range as the table labels it: "1–2", or "3" for one size. */
export const groupSizeLabel = (from: number, to: number): string =>
  from === to ? `${String(from)}` : `${String(from)}–${String(to)}`;
