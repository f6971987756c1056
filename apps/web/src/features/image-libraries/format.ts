import { LIBRARY_DESCRIPTION_TRUNCATE } from '@safarnama/contract';
import { formatCount, truncateText } from '../../lib/format';

/** The table's description: cut at 100 characters plus '...' (spec §2, §9). */
export const tableDescription = (description: string): string =>
  truncateText(description, LIBRARY_DESCRIPTION_TRUNCATE);

/** 'N images' (spec §2). */
export const imagesLabel = (count: number): string => formatCount(count, 'image');
