import { MONTHS, type MonthCode } from '@safarnama/contract';

/** 'January' for 'JAN' (spec §3: month names when lists are read). */
export const monthName = (code: MonthCode | string): string =>
  MONTHS.find((month) => month.code === code)?.name ?? code;

/** The gallery page of one record (spec §2 /services/placeDetailsGallery/:id). */
export const galleryPath = (id: string): string =>
  `/services/placeDetailsGallery/${encodeURIComponent(id)}`;
