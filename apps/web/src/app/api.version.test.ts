import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { blogsApi } from '../features/blogs/blogs.api';
import { makeBlog } from '../features/blogs/test-data';
import { homepageApi } from '../features/homepage/homepage.api';
import { imageLibrariesApi } from '../features/image-libraries/imageLibraries.api';
import { makeLibrary } from '../features/image-libraries/test-data';
import { itinerariesApi } from '../features/itineraries/itineraries.api';
import { makeItinerary } from '../features/itineraries/test-data';
import { placeDetailsApi } from '../features/place-details/placeDetails.api';
import { makePlaceDetails } from '../features/place-details/test-data';
import { makeStore } from './store';
import { recordResponse, stubFetch, stubXhr, type RecordedCall } from '../test/utils';
import type { ItineraryInput } from '@safarnama/contract';

/**
 * Issue 21: every update of the five versioned records sends the version the form was opened
 * with as `If-Match: "<version>"` (fetch and the upload transport alike); without one, none.
 */
const run = async (action: unknown) => {
  const store = makeStore();
  const result = store.dispatch(action as never) as { unwrap: () => Promise<unknown> };
  await result.unwrap();
};

const ifMatchOf = (calls: RecordedCall[]) => calls.at(-1)?.headers.get('if-match') ?? null;

const input: ItineraryInput = {
  title: 'Goa Beach Escape',
  duration: '5 Days / 4 Nights',
  languages: ['English'],
  countryId: 'c1',
  stateId: 's1',
  placeId: 'p1',
};

describe('If-Match on updates (issue 21)', () => {
  it('itinerary PUT: the version as If-Match, the body unchanged', async () => {
    const calls = stubFetch(() => recordResponse(makeItinerary(1, { version: 4 })));
    await run(itinerariesApi.endpoints.updateItinerary.initiate({ id: 'it-1', input, version: 3 }));
    expect(calls.at(-1)?.method).toBe('PUT');
    expect(ifMatchOf(calls)).toBe('"3"');
    expect((calls.at(-1)?.body as { data: Record<string, unknown> }).data).not.toHaveProperty(
      'version',
    );
    await run(itinerariesApi.endpoints.updateItinerary.initiate({ id: 'it-1', input }));
    expect(ifMatchOf(calls)).toBeNull();
  });

  it('blog update (multipart by fetch, and with a cover through the upload transport)', async () => {
    const calls = stubFetch(() => recordResponse(makeBlog(1)));
    const values = {
      title: 'Munnar',
      slug: 'munnar',
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      excerpt: '',
      content: '',
      tags: [],
      metaTitle: '',
      metaDescription: '',
      status: 'draft' as const,
    };
    await run(
      blogsApi.endpoints.saveBlog.initiate({ id: 'b-1', values, coverImage: null, version: 7 }),
    );
    expect(calls.at(-1)?.url).toBe(API_PATHS.service.updateBlog);
    expect(ifMatchOf(calls)).toBe('"7"');

    const uploads = stubXhr(() => ({ status: 200, body: { data: { data: makeBlog(1) } } }));
    const cover = new File(['x'], 'cover.jpg', { type: 'image/jpeg' });
    await run(
      blogsApi.endpoints.saveBlog.initiate({ id: 'b-1', values, coverImage: cover, version: 8 }),
    );
    expect(uploads.at(-1)?.headers['if-match']).toBe('"8"');

    // An add has no version to send, whatever the caller passes.
    await run(blogsApi.endpoints.saveBlog.initiate({ values, coverImage: null, version: 9 }));
    expect(calls.at(-1)?.url).toBe(API_PATHS.service.addBlog);
    expect(ifMatchOf(calls)).toBeNull();
  });

  it('place details PATCH (upload transport with a cover), none from the status toggle', async () => {
    const uploads = stubXhr(() => ({
      status: 200,
      body: { data: { data: makePlaceDetails() } },
    }));
    await run(
      placeDetailsApi.endpoints.updatePlaceDetails.initiate({
        id: 'pd-1',
        body: new FormData(),
        onProgress: () => undefined,
        version: 2,
      }),
    );
    expect(uploads.at(-1)?.method).toBe('PATCH');
    expect(uploads.at(-1)?.headers['if-match']).toBe('"2"');

    const calls = stubFetch(() => recordResponse(makePlaceDetails()));
    await run(
      placeDetailsApi.endpoints.updatePlaceDetails.initiate({ id: 'pd-1', body: new FormData() }),
    );
    expect(calls.at(-1)?.method).toBe('PATCH');
    expect(ifMatchOf(calls)).toBeNull();
  });

  it('image library fields and images', async () => {
    const library = makeLibrary(1, { version: 5 });
    const calls = stubFetch(() => recordResponse(library));
    const fields = { title: 'Goa', description: '', month: 'All Months' as const };
    await run(
      imageLibrariesApi.endpoints.updateImageLibrary.initiate({
        id: library._id,
        fields,
        version: 5,
      }),
    );
    expect(calls.at(-1)?.method).toBe('PUT');
    expect(ifMatchOf(calls)).toBe('"5"');

    const uploads = stubXhr(() => ({ status: 200, body: { data: { data: library } } }));
    await run(
      imageLibrariesApi.endpoints.updateImageLibraryImages.initiate({
        id: library._id,
        body: new FormData(),
        version: 6,
      }),
    );
    expect(uploads.at(-1)?.url).toBe(API_PATHS.imageLibraries.images(library._id));
    expect(uploads.at(-1)?.headers['if-match']).toBe('"6"');
  });

  it('homepage settings: If-Match, and the version not in the body', async () => {
    const calls = stubFetch(() =>
      recordResponse({
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: [],
        blogs: [],
        isActive: true,
        version: 3,
        updatedAt: null,
      }),
    );
    await run(
      homepageApi.endpoints.updateHomepageSettings.initiate({
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: [],
        blogs: [],
        isActive: true,
        version: 2,
      }),
    );
    expect(ifMatchOf(calls)).toBe('"2"');
    expect(calls.at(-1)?.body).toEqual({
      data: {
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: [],
        blogs: [],
        isActive: true,
      },
    });
  });
});
