import { makePagination, type Itinerary } from '@safarnama/contract';

/** An itinerary as `get-all-itineraries` answers it (populated location, month names). */
export const makeItinerary = (n: number, overrides: Partial<Itinerary> = {}): Itinerary => {
  const id = `0190c0de-0000-7000-8000-0000000t${String(n).padStart(4, '0')}`;
  return {
    _id: id,
    id,
    title: `Goa Beach Escape ${n}`,
    duration: '5 Days / 4 Nights',
    type: 'Beach',
    groupSize: 12,
    languages: ['English', 'Hindi'],
    pricePerPerson: 125_000,
    visibility: 'public',
    imageLibraryId: null,
    imageLibrary: null,
    months: ['March', 'November'],
    description: '<p>Sun and sand</p>',
    metaTitle: 'Goa beach tour',
    metaDescription: 'Five days on the beaches of Goa',
    countryId: { _id: 'c1', name: 'India', shortName: 'IN' },
    stateId: { _id: 's1', name: 'Goa' },
    placeId: { _id: 'p1', name: 'Panaji' },
    dailyItinerary: [
      { title: 'Day 1', description: 'Arrive in Panaji' },
      { title: 'Day 2', description: 'Old Goa churches' },
    ],
    faqs: [{ question: 'Is breakfast included?', answer: 'Yes, every day.' }],
    isActive: true,
    gallery: [],
    createdAt: '2025-03-07T10:00:00.000Z',
    updatedAt: '2025-03-07T10:00:00.000Z',
    ...overrides,
  };
};

export const listAnswer = (
  itineraries: Itinerary[],
  pagination = makePagination(itineraries.length, 1, 10),
) => ({ itineraries, pagination });
