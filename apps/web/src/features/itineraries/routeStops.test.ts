import { describe, expect, it } from 'vitest';
import { placesOfRecord, routeStopsOf, UNKNOWN_PLACE, type PlaceCache } from './routeStops';
import { makeItinerary } from './test-data';

const cache: PlaceCache = {
  panaji: { _id: 'panaji', name: 'Panaji', latitude: 15.49, longitude: 73.83 },
  calangute: { _id: 'calangute', name: 'Calangute', latitude: 15.54, longitude: 73.76 },
  kochi: { _id: 'kochi', name: 'Kochi', latitude: null, longitude: null },
};

describe('routeStopsOf', () => {
  it('lists the days in order and each day’s places in its order, day = index + 1', () => {
    const days = [
      { placeIds: ['calangute', 'panaji'] },
      { placeIds: [] },
      { placeIds: ['kochi'] },
      { placeIds: ['panaji'] },
    ];
    expect(routeStopsOf(days, cache)).toEqual([
      { day: 1, name: 'Calangute', latitude: 15.54, longitude: 73.76 },
      { day: 1, name: 'Panaji', latitude: 15.49, longitude: 73.83 },
      { day: 3, name: 'Kochi', latitude: null, longitude: null },
      { day: 4, name: 'Panaji', latitude: 15.49, longitude: 73.83 },
    ]);
  });

  it('a place the cache lacks stays a stop without coordinates; days without places add none', () => {
    expect(routeStopsOf([{}, { placeIds: ['nowhere'] }], cache)).toEqual([
      { day: 2, name: UNKNOWN_PLACE, latitude: null, longitude: null },
    ]);
    expect(routeStopsOf([], cache)).toEqual([]);
  });
});

describe('placesOfRecord', () => {
  it('collects the places of a saved record’s days by id', () => {
    const record = makeItinerary(1, {
      dailyItinerary: [
        {
          title: 'Day 1',
          description: '',
          placeIds: ['panaji'],
          places: [{ _id: 'panaji', name: 'Panaji', latitude: 15.49, longitude: 73.83 }],
        },
        { title: 'Day 2', description: '' },
      ],
    });
    expect(placesOfRecord(record)).toEqual({
      panaji: { _id: 'panaji', name: 'Panaji', latitude: 15.49, longitude: 73.83 },
    });
    expect(placesOfRecord(null)).toEqual({});
  });
});
