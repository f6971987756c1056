import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MapView } from './MapView';

// Leaflet runs in jsdom without drawing tiles (no layout, no images): enough to check what the
// map puts in the page — its region, the numbered div markers, the line, the click — not how
// it looks (the Playwright spec place-map.spec.ts does that).
const stops = [
  { key: 'a', label: '1', title: 'Day 1: Agra', latitude: 27.17, longitude: 78.04 },
  { key: 'b', label: '2', title: 'Day 2: Jaipur', latitude: 26.91, longitude: 75.79 },
  { key: 'c', label: '3', title: 'Day 4: Udaipur', latitude: 24.58, longitude: 73.71 },
];
const EMPTY = { center: { latitude: 22.5, longitude: 79 }, zoom: 4 };

describe('MapView (Leaflet)', () => {
  it('draws numbered div markers with the route-marker class and a line, without tiles', () => {
    const { container } = render(
      <MapView label="Route map" tileUrl={null} markers={stops} line emptyView={EMPTY} />,
    );
    const region = screen.getByRole('region', { name: 'Route map' });
    const markers = region.querySelectorAll('.route-marker');
    expect([...markers].map((m) => m.textContent)).toEqual(['1', '2', '3']);
    expect([...markers].map((m) => m.getAttribute('aria-label'))).toEqual([
      'Day 1: Agra',
      'Day 2: Jaipur',
      'Day 4: Udaipur',
    ]);
    // Never Leaflet's PNG icons, no tiles when they are off.
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.leaflet-tile-pane')?.children).toHaveLength(0);
    expect(region.querySelector('path.map-route-line')).not.toBeNull();
  });

  it('loads tiles from the template with the OpenStreetMap credit', () => {
    render(
      <MapView
        label="Route map"
        tileUrl="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        markers={stops}
        emptyView={EMPTY}
      />,
    );
    expect(screen.getByRole('region', { name: 'Route map' })).toHaveTextContent(
      '© OpenStreetMap contributors',
    );
  });

  it('reports a click on the map as a rounded position', () => {
    const onMapClick = vi.fn();
    render(
      <MapView
        label="Place location map"
        tileUrl={null}
        markers={[]}
        emptyView={EMPTY}
        onMapClick={onMapClick}
      />,
    );
    const canvas = screen
      .getByRole('region', { name: 'Place location map' })
      .querySelector('.leaflet-container');
    if (!canvas) throw new Error('no map');
    canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 0, clientY: 0 }));
    expect(onMapClick).toHaveBeenCalledTimes(1);
    const [point] = onMapClick.mock.calls[0] as [{ latitude: number; longitude: number }];
    expect(point.latitude).toBeGreaterThanOrEqual(-90);
    expect(point.latitude).toBeLessThanOrEqual(90);
    expect(Math.abs(point.longitude)).toBeLessThanOrEqual(180);
  });
});
