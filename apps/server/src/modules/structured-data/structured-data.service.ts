import type {
  BlogPostingLd,
  ItineraryStructuredData,
  StructuredDataQuery,
} from '@safarnama/contract';
import type { BlogService } from '../blogs/blogs.service.js';
import type { ItineraryService } from '../itineraries/itineraries.service.js';
import type { BasicSettingsService } from '../settings/basic.service.js';
import { blogJsonLd, itineraryJsonLd, organizationOf } from './structured-data.present.js';

export interface StructuredDataServiceDeps {
  /** The one-record loaders (404 for an unknown or malformed id): the records as the lists show. */
  itineraries: Pick<ItineraryService, 'get'>;
  blogs: Pick<BlogService, 'get'>;
  /** Basic Settings: the business that provides the trips and publishes the blogs. */
  basic: Pick<BasicSettingsService, 'get'>;
  /** Absolute URLs of stored images under PUBLIC_URL (the share service's `absolute`). */
  absolute: (url: string) => string;
}

/**
 * Issue 23: schema.org JSON-LD for the public website. The records are read through their own
 * services (no query of its own), the business from Basic Settings; the documents are built by
 * `structured-data.present.ts`.
 */
export const createStructuredDataService = ({
  itineraries,
  blogs,
  basic,
  absolute,
}: StructuredDataServiceDeps) => {
  const contextOf = async ({ url }: StructuredDataQuery) => ({
    organization: organizationOf(await basic.get(), absolute),
    absolute,
    pageUrl: url,
  });

  const itinerary = async (
    id: string,
    query: StructuredDataQuery,
  ): Promise<ItineraryStructuredData> => {
    const [record, context] = await Promise.all([itineraries.get(id), contextOf(query)]);
    return itineraryJsonLd(record, context);
  };

  const blog = async (id: string, query: StructuredDataQuery): Promise<BlogPostingLd> => {
    const [record, context] = await Promise.all([blogs.get(id), contextOf(query)]);
    return blogJsonLd(record, context);
  };

  return { itinerary, blog };
};
export type StructuredDataService = ReturnType<typeof createStructuredDataService>;
