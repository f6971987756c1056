/**
 * What the itinerary PDF shows, decided without drawing (issue 22): which stored images go where,
 * the price tables from the contract's `priceTable()`, the GST note, the facts line, the file
 * name. Pure functions: the HTTP process uses them to pick the images it reads, the PDF process
 * to lay the document out (itinerary-pdf.document.ts), and the unit tests read them directly.
 */
import {
  ITINERARY_PDF_TEXTS,
  MEALS,
  MEAL_LABELS,
  MONTH_CODES,
  MONTH_NAME_BY_CODE,
  formatRupees,
  groupSizeLabel,
  priceTable,
  slugify,
  type GstSettings,
  type Itinerary,
  type MonthCode,
} from '@safarnama/contract';

/** Photos are embedded from the stored WebP variant this wide (or the nearest wider one). */
export const PDF_IMAGE_WIDTH = 768;
/** Gallery photos printed after the plan (the ones not already the cover or a day's picture). */
export const PDF_GALLERY_MAX = 12;
/** Month columns per price table; more selling months make a second table below the first. */
export const PDF_PRICE_COLUMNS = 5;

export interface PdfImagePlan {
  /** The cover: the itinerary's `coverImage` (its library's first picture), else the gallery's first. */
  cover: string | null;
  /** Per day, its picture (a gallery image) or null. */
  days: (string | null)[];
  /** The rest of the gallery, in order, at most {@link PDF_GALLERY_MAX}. */
  gallery: string[];
}

export const pdfImagePlan = (itinerary: Itinerary): PdfImagePlan => {
  const cover = itinerary.coverImage?._id ?? itinerary.gallery[0]?._id ?? null;
  const inGallery = new Set(itinerary.gallery.map((image) => image._id));
  const days = itinerary.dailyItinerary.map((day) =>
    day.imageId && inGallery.has(day.imageId) ? day.imageId : null,
  );
  const shown = new Set([cover, ...days].filter((id): id is string => id !== null));
  const gallery = itinerary.gallery
    .map((image) => image._id)
    .filter((id) => !shown.has(id))
    .slice(0, PDF_GALLERY_MAX);
  return { cover, days, gallery };
};

/** Every image the plan prints, each once. */
export const pdfImageIds = (plan: PdfImagePlan): string[] => [
  ...new Set([plan.cover, ...plan.days, ...plan.gallery].filter((id): id is string => id !== null)),
];

/**
 * The storage key to embed for an image row: the narrowest WebP variant at least
 * {@link PDF_IMAGE_WIDTH} wide, else the widest variant (a small photo), else the original.
 */
export const pdfImageKey = (image: {
  fileKey: string;
  variants: readonly { width: number; key: string }[];
}): string => {
  const variants = [...image.variants].sort((a, b) => a.width - b.width);
  return (
    variants.find((v) => v.width >= PDF_IMAGE_WIDTH)?.key ?? variants.at(-1)?.key ?? image.fileKey
  );
};

/** `<slug of the title>.pdf`; `itinerary.pdf` for a title with no Latin letter or digit. */
export const pdfFileName = (title: string): string =>
  `${slugify(title) || ITINERARY_PDF_TEXTS.fallbackName}.pdf`;

const percent = (rate: number) => `${String(Number(rate.toFixed(2)))}%`;

/**
 * The note under the price table. The table holds what a customer pays (`priceTable()` applies
 * GST), so prices configured without GST are shown with it added, and the note says so.
 */
export const gstNote = (gst: GstSettings | undefined): string | null => {
  if (!gst || gst.rate === 0) return null;
  return gst.included
    ? `Prices include ${percent(gst.rate)} GST`
    : `Prices include ${percent(gst.rate)} GST, added to the base price`;
};

/** The meals of a day in breakfast, lunch, dinner order: "Breakfast, Dinner" ('' for none). */
export const mealsLine = (meals: readonly string[] | undefined): string =>
  MEALS.filter((meal) => meals?.includes(meal))
    .map((meal) => MEAL_LABELS[meal])
    .join(', ');

/** Month names as the itinerary answers them, back to codes (calendar order). */
export const monthCodesOf = (names: readonly string[]): MonthCode[] =>
  MONTH_CODES.filter((code) => names.includes(MONTH_NAME_BY_CODE[code]));

const shortMonth = (code: MonthCode) => MONTH_NAME_BY_CODE[code].slice(0, 3);

export interface PdfPriceTable {
  /** Column heads: a month, or a run of months with the same prices ("Jun–Aug"). */
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/**
 * The contract's `priceTable()` ready to print: neighbouring months whose prices are the same in
 * every row share one column ("Jun–Aug"), rows are labelled "1–2 people", cells are in Indian
 * grouping ("₹1,25,000"), and past {@link PDF_PRICE_COLUMNS} columns the table continues in a
 * second one below.
 */
export const pdfPriceTables = (itinerary: Itinerary, symbol = '₹'): PdfPriceTable[] => {
  const table = priceTable({
    pricePerPerson: itinerary.pricePerPerson,
    groupSize: itinerary.groupSize,
    months: monthCodesOf(itinerary.months),
    priceBands: itinerary.priceBands,
    gst: itinerary.gst,
  });
  const runs: { months: MonthCode[]; prices: number[] }[] = [];
  table.months.forEach((month, m) => {
    const prices = table.rows.map((row) => row.prices[m] ?? 0);
    const last = runs.at(-1);
    const lastMonth = last?.months.at(-1);
    const follows =
      lastMonth !== undefined && MONTH_CODES.indexOf(lastMonth) + 1 === MONTH_CODES.indexOf(month);
    if (last && follows && last.prices.every((p, r) => p === prices[r])) last.months.push(month);
    else runs.push({ months: [month], prices });
  });
  const label = (months: MonthCode[]) => {
    const first = months[0];
    const last = months.at(-1);
    if (!first || !last) return '';
    return first === last ? shortMonth(first) : `${shortMonth(first)}–${shortMonth(last)}`;
  };
  const rowLabel = (from: number, to: number) =>
    `${groupSizeLabel(from, to)} ${to === 1 ? 'person' : 'people'}`;
  const tables: PdfPriceTable[] = [];
  for (let start = 0; start < runs.length; start += PDF_PRICE_COLUMNS) {
    const chunk = runs.slice(start, start + PDF_PRICE_COLUMNS);
    tables.push({
      columns: chunk.map((run) => label(run.months)),
      rows: table.rows.map((row, r) => ({
        label: rowLabel(row.from, row.to),
        cells: chunk.map((run) => formatRupees(run.prices[r] ?? 0, symbol)),
      })),
    });
  }
  return tables;
};

/** Duration, type, group size and languages as the facts row shows them (empty ones left out). */
export const pdfFacts = (itinerary: Itinerary): { label: string; value: string }[] =>
  [
    { label: 'Duration', value: itinerary.duration },
    { label: 'Tour type', value: itinerary.type },
    {
      label: 'Group size',
      value: itinerary.groupSize === 1 ? '1 person' : `Up to ${String(itinerary.groupSize)} people`,
    },
    { label: 'Languages', value: itinerary.languages.join(', ') },
  ].filter((fact) => fact.value.trim() !== '');

/** "Munnar, Kerala, India". */
export const pdfLocation = (itinerary: Itinerary): string =>
  [itinerary.placeId.name, itinerary.stateId.name, itinerary.countryId.name]
    .filter((name) => name.trim() !== '')
    .join(', ');

/** Everything one PDF needs, as the HTTP process sends it to the PDF process. */
export interface PdfInput {
  itinerary: Itinerary;
  /** From the Basic Settings: the business name, contacts, currency sign and time zone. */
  business: {
    name: string;
    email: string;
    phone: string;
    currencySymbol: string;
    timeZone: string;
  };
  /** When the document is made (ISO): the "prices as on" date. */
  madeAt: string;
  /** The policy chosen in Policy Settings (sanitised rich text), or null for none. */
  policy: { title: string; html: string } | null;
  /**
   * Each planned image: its id and the storage key of the file to embed. The PDF process asks for
   * the bytes of the keys it has not converted yet (itinerary-pdf.process.ts).
   */
  images: PdfImageRef[];
  /** The logo's file, or null (none set). */
  logo: PdfImageRef | null;
}

export interface PdfImageRef {
  id: string;
  /** Storage keys are written once, so the PDF process may keep its conversion by key. */
  key: string;
}

/** The stored bytes of the keys the PDF process asked for (a key left out could not be read). */
export type PdfImageBytes = Record<string, Uint8Array>;
