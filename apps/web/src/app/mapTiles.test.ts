import { describe, expect, it } from 'vitest';
import { readMapTileUrl } from './mapTiles';

describe('readMapTileUrl', () => {
  it("reads client-config's mapTileUrl; null, absent or not http(s) is tiles off", () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(readMapTileUrl({ data: { mapTileUrl: osm } })).toBe(osm);
    expect(readMapTileUrl({ data: { mapTileUrl: null } })).toBeNull();
    expect(readMapTileUrl({ data: { location: {} } })).toBeNull();
    expect(readMapTileUrl({ data: { mapTileUrl: 'javascript:alert(1)' } })).toBeNull();
    expect(readMapTileUrl(null)).toBeNull();
  });
});
