import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  isMapPoint,
  markerHtml,
  OSM_ATTRIBUTION,
  tileAttribution,
  toPlacePoint,
  wrapLongitude,
} from './geometry';

describe('map geometry', () => {
  it('boundsOf: the box around the points, null for none', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ latitude: 10, longitude: 20 }])).toEqual([
      [10, 20],
      [10, 20],
    ]);
    expect(
      boundsOf([
        { latitude: 27.17, longitude: 78.04 },
        { latitude: 26.91, longitude: 75.79 },
        { latitude: 24.58, longitude: 73.71 },
      ]),
    ).toEqual([
      [24.58, 73.71],
      [27.17, 78.04],
    ]);
  });

  it('isMapPoint: finite numbers within the ranges only', () => {
    expect(isMapPoint(-90, 180)).toBe(true);
    expect(isMapPoint(90.1, 0)).toBe(false);
    expect(isMapPoint(0, -180.5)).toBe(false);
    expect(isMapPoint(Number.NaN, 0)).toBe(false);
    expect(isMapPoint(null, 0)).toBe(false);
  });

  it('a click across the date line becomes a longitude the server takes, rounded to 6 places', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-200)).toBe(160);
    expect(wrapLongitude(540)).toBe(-180);
    expect(wrapLongitude(180)).toBe(180);
    expect(toPlacePoint(15.335123456, 436.46)).toEqual({ latitude: 15.335123, longitude: 76.46 });
    expect(toPlacePoint(91, 0).latitude).toBe(90);
  });

  it("a marker's label is text, never markup", () => {
    const html = markerHtml('<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markerHtml('3')).toMatch(/>3<\/span>$/);
  });

  it('credits OpenStreetMap for its tiles only; tiles off need no credit', () => {
    expect(tileAttribution('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(OSM_ATTRIBUTION);
    expect(tileAttribution('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      OSM_ATTRIBUTION,
    );
    expect(OSM_ATTRIBUTION).toContain('OpenStreetMap</a> contributors');
    expect(tileAttribution('https://tiles.example.org/{z}/{x}/{y}.png')).toBeNull();
    expect(tileAttribution('https://openstreetmap.org.evil.example/{z}/{x}/{y}.png')).toBeNull();
    expect(tileAttribution(null)).toBeNull();
  });
});
