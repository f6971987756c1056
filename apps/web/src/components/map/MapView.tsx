import { useEffect, useLayoutEffect, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import {
  boundsOf,
  MARKER_CLASS,
  MARKER_SIZE,
  markerHtml,
  tileAttribution,
  toPlacePoint,
  type MapMarker,
  type MapPoint,
} from './geometry';

export interface MapViewProps {
  /** The region's accessible name ('Route map', 'Place location map'). */
  label: string;
  /** Leaflet tile URL template; null draws the markers and lines on a plain background. */
  tileUrl: string | null;
  markers: readonly MapMarker[];
  /** Joins the markers with a line, in their order. */
  line?: boolean;
  /** Where the map looks with no marker. */
  emptyView: { center: MapPoint; zoom: number };
  /** The zoom for one marker, and the closest a fitted view goes. */
  pointZoom?: number;
  /**
   * 'fit': every change of the markers fits the view to them (a route). 'contain': fitted once;
   * later a marker is only brought into view when it is outside (a picked location: the admin's
   * zoom stays).
   */
  follow?: 'fit' | 'contain';
  /** A click on the map (not on a marker), at the clicked position (longitude wrapped, rounded). */
  onMapClick?: (point: MapPoint) => void;
  /** Makes the markers draggable; called with a marker's new position when dropped. */
  onMarkerDrag?: (key: string, point: MapPoint) => void;
  /** Size classes of the map (default `h-72`). */
  className?: string;
}

const FIT_PADDING: L.PointExpression = [32, 32];

/**
 * A Leaflet map (issue 22), in its own lazy chunk: always through `LazyMapView`. The tile layer
 * is one layer among others: without tiles (off, blocked or unreachable) the numbered markers and
 * the line still draw over the container's plain background. Markers are `L.divIcon`s (never
 * Leaflet's PNG icons, whose path breaks under a bundler) with the class `route-marker`.
 */
export const MapView = ({
  label,
  tileUrl,
  markers,
  line = false,
  emptyView,
  pointZoom = 12,
  follow = 'fit',
  onMapClick,
  onMarkerDrag,
  className = 'h-72',
}: MapViewProps) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const vectorsRef = useRef<L.LayerGroup | null>(null);
  const fittedRef = useRef(false);
  /** A fit made while the container had no size (a dialog still opening) is made again. */
  const refitRef = useRef(false);
  // The latest props for Leaflet's handlers and the fits (before any effect below runs).
  const handlers = useRef({ onMapClick, onMarkerDrag });
  const viewRef = useRef({ markers, emptyView, pointZoom });
  useLayoutEffect(() => {
    handlers.current = { onMapClick, onMarkerDrag };
    viewRef.current = { markers, emptyView, pointZoom };
  });

  const fit = (map: L.Map) => {
    const { markers: points, emptyView: empty, pointZoom: zoom } = viewRef.current;
    const container = map.getContainer();
    refitRef.current = container.clientWidth === 0 || container.clientHeight === 0;
    const bounds = boundsOf(points);
    const [first] = points;
    if (!bounds || !first) map.setView([empty.center.latitude, empty.center.longitude], empty.zoom);
    else if (points.length === 1) map.setView([first.latitude, first.longitude], zoom);
    else map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: zoom });
  };

  // The map, once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      attributionControl: false,
      scrollWheelZoom: false,
      worldCopyJump: true,
      // Half steps: a fitted route fills the map instead of waiting for the next whole zoom.
      zoomSnap: 0.5,
    });
    L.control.attribution({ prefix: false }).addTo(map);
    mapRef.current = map;
    vectorsRef.current = L.layerGroup().addTo(map);
    fit(map);
    fittedRef.current = true;
    // The wheel zooms only once the map has focus (a click or Tab): scrolling the page or the
    // dialog over the map keeps scrolling it.
    map.on('focus', () => map.scrollWheelZoom.enable());
    map.on('blur', () => map.scrollWheelZoom.disable());
    map.on('click', (event: L.LeafletMouseEvent) => {
      handlers.current.onMapClick?.(toPlacePoint(event.latlng.lat, event.latlng.lng));
    });
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            map.invalidateSize();
            if (refitRef.current) fit(map);
          });
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      map.remove();
      mapRef.current = null;
      vectorsRef.current = null;
      fittedRef.current = false;
    };
    // Once: `fit` and the handlers read the latest props through refs.
  }, []);

  // The tiles: a layer of their own, swapped when the setting arrives or changes.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: tileAttribution(tileUrl) ?? undefined,
      // The page sends no Referer (helmet); tile servers such as OpenStreetMap's ask for one.
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(map);
    tiles.bringToBack();
    return () => {
      tiles.remove();
    };
  }, [tileUrl]);

  // Markers and the line, drawn again whenever they change.
  const draggable = Boolean(onMarkerDrag);
  const positions = JSON.stringify(
    markers.map((m) => [m.key, m.label, m.title, m.latitude, m.longitude]),
  );
  useEffect(() => {
    const map = mapRef.current;
    const vectors = vectorsRef.current;
    if (!map || !vectors) return;
    vectors.clearLayers();
    const { markers: points } = viewRef.current;
    if (line && points.length > 1) {
      L.polyline(
        points.map((p) => [p.latitude, p.longitude]),
        { className: 'map-route-line', weight: 3, interactive: false },
      ).addTo(vectors);
    }
    for (const point of points) {
      const marker = L.marker([point.latitude, point.longitude], {
        icon: L.divIcon({
          className: MARKER_CLASS,
          html: markerHtml(point.label),
          iconSize: [MARKER_SIZE, MARKER_SIZE],
          iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
        }),
        draggable,
        keyboard: true,
        riseOnHover: true,
      }).addTo(vectors);
      marker.bindTooltip(point.title, {
        direction: 'top',
        offset: [0, -MARKER_SIZE / 2],
        className: 'map-tooltip',
      });
      marker.getElement()?.setAttribute('aria-label', point.title);
      if (draggable) {
        marker.on('dragend', () => {
          const { lat, lng } = marker.getLatLng();
          handlers.current.onMarkerDrag?.(point.key, toPlacePoint(lat, lng));
        });
      }
    }
    if (!fittedRef.current) return;
    if (follow === 'fit') {
      fit(map);
      return;
    }
    const view = map.getBounds();
    if (points.some((p) => !view.contains([p.latitude, p.longitude]))) fit(map);
    // `positions` stands for `markers` (often a new array with the same content).
  }, [positions, line, draggable, follow]);

  return (
    <div
      role="region"
      aria-label={label}
      className={`map-view relative isolate z-0 overflow-hidden rounded-md border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800 ${className}`}
    >
      <div ref={containerRef} className="map-view-canvas size-full" />
    </div>
  );
};
