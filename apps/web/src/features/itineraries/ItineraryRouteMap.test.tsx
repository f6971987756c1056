import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MapViewProps } from '../../components/map/MapView';
import { renderWithStore, stubFetch, notFound } from '../../test/utils';
import { routeBounds, routeOf, type RouteStop } from './itinerary-route';
import { LazyItineraryRouteMap } from './LazyItineraryRouteMap';

// jsdom cannot draw Leaflet: the lazy map module is a stand-in that lists what it was given.
const mapProps: MapViewProps[] = [];
vi.mock('../../components/map/MapView', () => ({
  MapView: (props: MapViewProps) => {
    mapProps.push(props);
    return (
      <div role="region" aria-label={props.label}>
        {props.markers.map((marker) => (
          <span key={marker.key} className="route-marker" title={marker.title}>
            {marker.label}
          </span>
        ))}
      </div>
    );
  },
}));

const agra: RouteStop = { day: 1, name: 'Agra', latitude: 27.1751, longitude: 78.0421 };
const jaipur: RouteStop = { day: 2, name: 'Jaipur', latitude: 26.9124, longitude: 75.7873 };
const ranthambore: RouteStop = { day: 3, name: 'Ranthambore', latitude: null, longitude: null };
const udaipur: RouteStop = { day: 4, name: 'Udaipur', latitude: 24.5854, longitude: 73.7125 };

const renderRoute = (stops: RouteStop[]) => {
  mapProps.length = 0;
  stubFetch(() => notFound());
  return renderWithStore(<LazyItineraryRouteMap stops={stops} />);
};

describe('the route helpers', () => {
  it('numbers the stops on the map 1, 2, 3… in stop order and keeps the others apart', () => {
    const { markers, unmapped } = routeOf([agra, jaipur, ranthambore, udaipur]);
    expect(markers.map((m) => [m.label, m.title])).toEqual([
      ['1', 'Day 1: Agra'],
      ['2', 'Day 2: Jaipur'],
      ['3', 'Day 4: Udaipur'],
    ]);
    expect(unmapped).toEqual([ranthambore]);
    // A coordinate out of range is not on the map either.
    expect(routeOf([{ day: 1, name: 'X', latitude: 95, longitude: 0 }]).markers).toEqual([]);
  });

  it('routeBounds: the box of the stops on the map, null when none is', () => {
    expect(routeBounds([agra, ranthambore, udaipur])).toEqual([
      [24.5854, 73.7125],
      [27.1751, 78.0421],
    ]);
    expect(routeBounds([ranthambore])).toBeNull();
    expect(routeBounds([])).toBeNull();
  });
});

describe('ItineraryRouteMap', () => {
  it('draws numbered markers joined by a line, fitted, with the stops as a list', async () => {
    renderRoute([agra, jaipur, ranthambore, udaipur]);
    const map = await screen.findByRole('region', { name: 'Route map' });
    const markers = map.querySelectorAll('.route-marker');
    expect([...markers].map((m) => [m.textContent, m.getAttribute('title')])).toEqual([
      ['1', 'Day 1: Agra'],
      ['2', 'Day 2: Jaipur'],
      ['3', 'Day 4: Udaipur'],
    ]);
    expect(mapProps.at(-1)).toMatchObject({ line: true, follow: 'fit', tileUrl: null });
    const list = screen.getByRole('list', { name: 'Route stops' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Day 1: Agra', '2Day 2: Jaipur', '3Day 4: Udaipur']);
    expect(list.tagName).toBe('OL');
    expect(screen.getByText('Not on the map: Ranthambore (day 3)')).toBeInTheDocument();
  });

  it('no stops: a short note and no map', async () => {
    renderRoute([]);
    expect(await screen.findByText('Add places to the days to see the route.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Route map' })).toBeNull();
  });

  it('no stop with coordinates: the stops are named, no empty map is drawn', async () => {
    renderRoute([ranthambore, { ...agra, latitude: null, longitude: null }]);
    expect(await screen.findByText('Not on the map: Agra (day 1)')).toBeInTheDocument();
    expect(screen.getByText('Not on the map: Ranthambore (day 3)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Route map' })).toBeNull();
  });
});
