import {
  ALT_TEXT_MAX,
  DEFAULT_TOUR_TYPE,
  DEFAULT_VISIBILITY,
  GROUP_SIZE_DEFAULT,
  GST_DEFAULT,
  ITINERARY_GALLERY_FIELDS as FIELDS,
  MONTH_CODE_BY_NAME,
  MONTH_CODES,
  PRICE_DEFAULT,
  type Itinerary,
  type ItineraryInput,
  type MonthCode,
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
