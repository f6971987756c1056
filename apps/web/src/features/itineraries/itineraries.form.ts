import {
  ALT_TEXT_MAX,
  DEFAULT_TOUR_TYPE,
  DEFAULT_VISIBILITY,
  GROUP_SIZE_DEFAULT,
  ITINERARY_GALLERY_FIELDS,
  MONTH_CODE_BY_NAME,
  MONTH_CODES,
  PRICE_DEFAULT,
  itineraryInputSchema,
  type Itinerary,
  type ItineraryInput,
  type Language,
  type MonthCode,
  type TourType,
  type Visibility,
} from '@safarnama/contract';
import { getFieldErrors } from '../../lib/errors';
import type { LocationValue } from '../geography/LocationFields';

/** A day of the plan as the form edits it; `key` keeps React and drag-and-drop stable. */
export interface DayValue {
  key: string;
  title: string;
  description: string;
}

export interface FaqValue {
  key: string;
  question: string;
  answer: string;
}

/** What the itinerary form holds: numbers as the inputs' text, ids plain, months as codes. */
export interface ItineraryFormValues {
  title: string;
  duration: string;
  type: TourType | '';
  groupSize: string;
  languages: Language[];
  pricePerPerson: string;
  visibility: Visibility;
  imageLibraryId: string | null;
  months: MonthCode[];
  description: string;
  metaTitle: string;
  metaDescription: string;
  location: LocationValue;
  dailyItinerary: DayValue[];
  faqs: FaqValue[];
  isActive: boolean;
}

/** Error texts keyed by the contract's paths ('title', 'dailyItinerary.0.title', …). */
export type ItineraryErrors = Record<string, string>;

let keyCounter = 0;
/** A fresh key for a day or FAQ row. */
export const newRowKey = (prefix: 'day' | 'faq'): string => {
  keyCounter += 1;
  return `${prefix}-${keyCounter}`;
};

/** 'Add Day' appends 'Day N' (N = the count of days + 1) with an empty description. */
export const addDay = (days: readonly DayValue[]): DayValue[] => [
  ...days,
  { key: newRowKey('day'), title: `Day ${days.length + 1}`, description: '' },
];

/** 'Add FAQ' appends an empty question/answer pair. */
export const addFaq = (faqs: readonly FaqValue[]): FaqValue[] => [
  ...faqs,
  { key: newRowKey('faq'), question: '', answer: '' },
];

/** Moves the item at `from` to `to` (out-of-range moves change nothing). */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

const isMonthCode = (value: string): value is MonthCode =>
  (MONTH_CODES as readonly string[]).includes(value);

/**
 * Listed months (names, spec §3) back to the form's codes; codes pass through, anything else is
 * dropped. Kept in calendar order.
 */
export const monthCodesOf = (months: readonly string[]): MonthCode[] => {
  const codes = new Set<MonthCode>();
  for (const month of months) {
    const code = MONTH_CODE_BY_NAME[month] ?? (isMonthCode(month) ? month : undefined);
    if (code) codes.add(code);
  }
  return MONTH_CODES.filter((code) => codes.has(code));
};

/** An id out of a populated reference ({_id, name}) or a plain id. */
const idOf = (ref: { _id: string } | string | null | undefined): string =>
  typeof ref === 'string' ? ref : (ref?._id ?? '');

/** The form's values for a new itinerary (spec §9 defaults) or for a listed one. */
export const initialItineraryValues = (record: Itinerary | null): ItineraryFormValues => {
  if (!record) {
    return {
      title: '',
      duration: '',
      type: DEFAULT_TOUR_TYPE,
      groupSize: String(GROUP_SIZE_DEFAULT),
      languages: [],
      pricePerPerson: String(PRICE_DEFAULT),
      visibility: DEFAULT_VISIBILITY,
      imageLibraryId: null,
      months: [],
      description: '',
      metaTitle: '',
      metaDescription: '',
      location: { countryId: '', stateId: '', placeId: '' },
      dailyItinerary: [],
      faqs: [],
      isActive: true,
    };
  }
  return {
    title: record.title,
    duration: record.duration,
    type: record.type,
    groupSize: String(record.groupSize),
    languages: [...record.languages],
    pricePerPerson: String(record.pricePerPerson),
    visibility: record.visibility,
    imageLibraryId: record.imageLibraryId ?? record.imageLibrary?._id ?? null,
    months: monthCodesOf(record.months),
    description: record.description,
    metaTitle: record.metaTitle,
    metaDescription: record.metaDescription,
    location: {
      countryId: idOf(record.countryId),
      stateId: idOf(record.stateId),
      placeId: idOf(record.placeId),
    },
    dailyItinerary: record.dailyItinerary.map((day) => ({
      key: newRowKey('day'),
      title: day.title,
      description: day.description,
    })),
    faqs: record.faqs.map((faq) => ({
      key: newRowKey('faq'),
      question: faq.question,
      answer: faq.answer,
    })),
    isActive: record.isActive,
  };
};

/** A number input's text as a number ('' and junk → NaN, which the schema refuses). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The request body (inside `data`) for the form's values: plain ids, month codes, numbers. A
 * private itinerary sends no SEO and no FAQs (empty), as spec §2 shows those sections only when
 * public.
 */
export const toItineraryInput = (values: ItineraryFormValues): ItineraryInput => {
  const isPublic = values.visibility === 'public';
  return {
    title: values.title.trim(),
    duration: values.duration.trim(),
    type: values.type as TourType,
    groupSize: numberOf(values.groupSize),
    languages: [...values.languages],
    pricePerPerson: numberOf(values.pricePerPerson),
    visibility: values.visibility,
    imageLibraryId: values.imageLibraryId || null,
    months: MONTH_CODES.filter((code) => values.months.includes(code)),
    description: values.description,
    metaTitle: isPublic ? values.metaTitle.trim() : '',
    metaDescription: isPublic ? values.metaDescription.trim() : '',
    countryId: values.location.countryId,
    stateId: values.location.stateId,
    placeId: values.location.placeId,
    dailyItinerary: values.dailyItinerary.map((day) => ({
      title: day.title.trim(),
      description: day.description.trim(),
    })),
    faqs: isPublic
      ? values.faqs.map((faq) => ({ question: faq.question.trim(), answer: faq.answer.trim() }))
      : [],
    isActive: values.isActive,
  };
};

/** Spec §5 required fields whose emptiness the schema words generically. */
const REQUIRED_TEXTS = {
  type: 'Type is required',
  groupSize: 'Group size is required',
  pricePerPerson: 'Price per person is required',
} as const;

/**
 * Checks the form with the contract's `itineraryInputSchema` (the server's own rules): answers the
 * body to send, or the errors keyed by path (the first message per path).
 */
export const parseItineraryForm = (
  values: ItineraryFormValues,
): { input: ItineraryInput; errors: ItineraryErrors } => {
  const input = toItineraryInput(values);
  const result = itineraryInputSchema.safeParse(input);
  const errors: ItineraryErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
  }
  if (values.type === '') errors.type = REQUIRED_TEXTS.type;
  if (values.groupSize.trim() === '') errors.groupSize = REQUIRED_TEXTS.groupSize;
  if (values.pricePerPerson.trim() === '') errors.pricePerPerson = REQUIRED_TEXTS.pricePerPerson;
  return { input, errors };
};

/** A 400 answer's `details` as form errors (paths as the server reports them). */
export const serverFieldErrors = (error: unknown): ItineraryErrors => getFieldErrors(error);

/** Multipart body of `PATCH itinerary/gallery/{id}`: itineraryId, images, altTexts[i]. */
export const buildItineraryGalleryForm = (
  itineraryId: string,
  items: readonly { file: File; altText: string }[],
): FormData => {
  const body = new FormData();
  body.append(ITINERARY_GALLERY_FIELDS.itineraryId, itineraryId);
  items.forEach(({ file, altText }, index) => {
    body.append(ITINERARY_GALLERY_FIELDS.images, file);
    body.append(
      `${ITINERARY_GALLERY_FIELDS.altTexts}[${index}]`,
      altText.trim().slice(0, ALT_TEXT_MAX),
    );
  });
  return body;
};
