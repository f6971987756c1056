import {
  ALT_TEXT_MAX,
  DEFAULT_TOUR_TYPE,
  DEFAULT_VISIBILITY,
  GROUP_SIZE_DEFAULT,
  GST_DEFAULT,
  GST_RATE_MAX,
  ITINERARY_GALLERY_FIELDS as FIELDS,
  ITINERARY_LIMITS,
  MONTH_CODE_BY_NAME,
  MONTH_CODES,
  MONTHS,
  PRICE_DEFAULT,
  type DayPlanInput,
  type Itinerary,
  type ItineraryInput,
  type MonthCode,
  type PriceBandInput,
  type PricedItinerary,
  type TourType,
} from '@safarnama/contract';
import { toFormData } from '../../lib/multipart';
import {
  scheduleFormValues,
  withScheduleRequest,
  type ScheduleFormValues,
} from '../../lib/schedule';

/**
 * What the itinerary form holds: the request's own fields (so the contract schema's errors and
 * the server's 400 details land on the inputs), with '' for a type not chosen and NaN for a
 * cleared number (both refused by the schema, worded by `ITINERARY_REQUIRED_MESSAGES`), and the
 * schedule as IST dates and times (issue 21, `lib/schedule.ts`).
 */
export type ItineraryFormValues = Omit<
  Required<ItineraryInput>,
  'type' | 'publishAt' | 'unpublishAt'
> & { type: TourType | '' } & ScheduleFormValues;

/** Month choices of the Months field and of a price band: codes, read as names. */
export const MONTH_OPTIONS = MONTHS.map(({ code, name }) => ({ value: code, label: name }));

/** The spec §5 required inputs whose emptiness the schema words generically. */
export const ITINERARY_REQUIRED_MESSAGES = {
  type: 'Type is required',
  groupSize: 'Group size is required',
  pricePerPerson: 'Price per person is required',
} as const;

/**
 * Listed months (names, spec §3) back to the form's codes; codes pass through, anything else is
 * dropped. Kept in calendar order.
 */
export const monthCodesOf = (months: readonly string[]): MonthCode[] =>
  MONTH_CODES.filter((code) =>
    months.some((month) => month === code || MONTH_CODE_BY_NAME[month] === code),
  );

/** An id out of a populated reference ({_id, name}) or a plain id. */
const idOf = (ref: { _id: string } | string | null | undefined): string =>
  typeof ref === 'string' ? ref : (ref?._id ?? '');

/** The form's values for a new itinerary (spec §9 defaults) or for a listed one. */
export const initialItineraryValues = (record: Itinerary | null): ItineraryFormValues => ({
  title: record?.title ?? '',
  duration: record?.duration ?? '',
  type: record?.type ?? DEFAULT_TOUR_TYPE,
  groupSize: record?.groupSize ?? GROUP_SIZE_DEFAULT,
  languages: record ? [...record.languages] : [],
  pricePerPerson: record?.pricePerPerson ?? PRICE_DEFAULT,
  visibility: record?.visibility ?? DEFAULT_VISIBILITY,
  imageLibraryId: record ? (record.imageLibraryId ?? record.imageLibrary?._id ?? null) : null,
  months: record ? monthCodesOf(record.months) : [],
  description: record?.description ?? '',
  metaTitle: record?.metaTitle ?? '',
  metaDescription: record?.metaDescription ?? '',
  countryId: idOf(record?.countryId),
  stateId: idOf(record?.stateId),
  placeId: idOf(record?.placeId),
  dailyItinerary: (record?.dailyItinerary ?? []).map((day) => ({
    title: day.title,
    description: day.description,
    placeIds: [...(day.placeIds ?? [])],
    meals: [...(day.meals ?? [])],
    stay: day.stay ?? '',
    transfer: day.transfer ?? '',
    imageId: day.imageId ?? null,
  })),
  faqs: (record?.faqs ?? []).map(({ question, answer }) => ({ question, answer })),
  isActive: record?.isActive ?? true,
  highlights: [...(record?.highlights ?? [])],
  inclusions: [...(record?.inclusions ?? [])],
  exclusions: [...(record?.exclusions ?? [])],
  priceBands: (record?.priceBands ?? []).map((band) => ({ ...band, months: [...band.months] })),
  gst: record?.gst ? { ...record.gst } : { ...GST_DEFAULT },
  ...scheduleFormValues(record),
});

/** The day 'Add Day' appends (spec §2: 'Day N', empty description), with no extras yet. */
export const newDay = (position: number): DayPlanInput => ({
  title: `Day ${position}`,
  description: '',
  placeIds: [],
  meals: [],
  stay: '',
  transfer: '',
  imageId: null,
});

/** Whether a day has anything in its 'More for this day' area (meals, stay, transfer, image). */
export const dayHasExtras = (day: DayPlanInput | undefined): boolean =>
  Boolean(
    day &&
    ((day.meals?.length ?? 0) > 0 || day.stay?.trim() || day.transfer?.trim() || day.imageId),
  );

/**
 * The band 'Add price band' appends: no month yet (the admin picks them), every group size up to
 * the itinerary's, at the base price.
 */
export const newPriceBand = (groupSize: number, pricePerPerson: number): PriceBandInput => ({
  months: [],
  minGroupSize: 1,
  maxGroupSize: Number.isInteger(groupSize) && groupSize >= 1 ? groupSize : 1,
  pricePerPerson: Number.isInteger(pricePerPerson) && pricePerPerson >= 0 ? pricePerPerson : 0,
});

const wholeAtLeast = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
const isSize = wholeAtLeast(1);
const isPrice = wholeAtLeast(0);

/**
 * What the live price table is computed from (issue 22): the form's prices as they are typed,
 * leaving out the bands not complete yet (no month, an empty number, smallest above largest).
 * Null while the base price or the GST rate cannot be read: the table waits for them.
 */
export const livePricing = (
  values: Pick<
    ItineraryFormValues,
    'pricePerPerson' | 'groupSize' | 'months' | 'priceBands' | 'gst'
  >,
): PricedItinerary | null => {
  const { rate } = values.gst;
  if (!isPrice(values.pricePerPerson) || !(rate >= 0 && rate <= GST_RATE_MAX)) return null;
  return {
    pricePerPerson: values.pricePerPerson,
    groupSize: isSize(values.groupSize)
      ? Math.min(values.groupSize, ITINERARY_LIMITS.groupSizeMax)
      : 1,
    months: values.months,
    priceBands: values.priceBands.filter(
      (band) =>
        band.months.length > 0 &&
        isSize(band.minGroupSize) &&
        isSize(band.maxGroupSize) &&
        band.minGroupSize <= band.maxGroupSize &&
        isPrice(band.pricePerPerson),
    ),
    gst: values.gst,
  };
};

/**
 * The request (inside `data`) the form's values make, before the contract schema checks and
 * trims it: a private itinerary sends no SEO and no FAQs, as spec §2 shows those sections only
 * when public; a schedule time only when it differs from `stored`'s (null clears it).
 */
export const toItineraryRequest = (
  values: ItineraryFormValues,
  stored: Itinerary | null = null,
): ItineraryInput => {
  const request = withScheduleRequest(values, stored, null);
  // A day's image is one of the saved gallery's (a new itinerary has none yet).
  const gallery = new Set((stored?.gallery ?? []).map((image) => image._id));
  request.dailyItinerary = request.dailyItinerary.map((day) =>
    day.imageId && !gallery.has(day.imageId) ? { ...day, imageId: null } : day,
  );
  return (
    request.visibility === 'public'
      ? request
      : { ...request, metaTitle: '', metaDescription: '', faqs: [] }
  ) as ItineraryInput;
};

/** Multipart body of `PATCH itinerary/gallery/{id}`: itineraryId, then each file and its alt text. */
export const buildItineraryGalleryForm = (
  itineraryId: string,
  items: readonly { file: File; altText: string }[],
): FormData =>
  toFormData([
    [FIELDS.itineraryId, itineraryId],
    ...items.flatMap(({ file, altText }, index) => [
      [FIELDS.images, file] as const,
      [`${FIELDS.altTexts}[${index}]`, altText.trim().slice(0, ALT_TEXT_MAX)] as const,
    ]),
  ]);
