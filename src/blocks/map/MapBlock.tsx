// Map view: one marker per placed row (Leaflet), a pop-up with the row's title, description and
// image, the map fitted to its markers, and notes for addresses not found or still being looked
// up. The renderer supplies the points and the tile settings (data.geo); the view never fetches.
// Leaflet is imported inside the effect: it touches `window` when loaded, and server-side renders
// of the view (tests) never run effects.
import 'leaflet/dist/leaflet.css';
import { Box, Stack, Text } from '@mantine/core';
import type * as Leaflet from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BlockFrame, BlockLoading, DataError, EmptyState } from '../BlockFrame';
import type { BlockViewProps, MapTiles } from '../types';
import { boundsOf, MAX_DOM_MARKERS, mapColumns, mapHeight, mapNotes, maxZoom, missingColumns, placesOf, tileSettings, type Place } from './map-places';

type L = typeof Leaflet;

async function loadLeaflet(): Promise<L> {
  const mod = await import('leaflet');
  return (mod as unknown as { default?: L }).default ?? mod;
}

/** The pop-up of a place, built from DOM nodes (cell text is never read as HTML). */
function popupOf(place: Place): HTMLElement {
  const root = document.createElement('div');
  root.className = 'sb-map-popup';
  if (place.image) {
    const img = document.createElement('img');
    img.src = place.image;
    img.alt = place.title;
    img.loading = 'lazy';
    img.referrerPolicy = 'no-referrer';
    // A fixed box, so the pop-up has its size before the image arrives (Leaflet measures it once).
    Object.assign(img.style, { display: 'block', width: '100%', height: '120px', objectFit: 'cover', borderRadius: '4px', marginBottom: '6px' });
    root.append(img);
  }
  const title = document.createElement('strong');
  title.textContent = place.title;
  title.style.display = 'block';
  root.append(title);
  if (place.description) {
    const p = document.createElement('div');
    p.textContent = place.description;
    Object.assign(p.style, { marginTop: '4px', whiteSpace: 'pre-wrap' });
    root.append(p);
  }
  return root;
}

/** A pin drawn with CSS (Leaflet's default icon images do not survive bundling). */
function pinIcon(L: L, color: string): Leaflet.DivIcon {
  const pin = document.createElement('span');
  Object.assign(pin.style, {
    display: 'block',
    width: '22px',
    height: '22px',
    background: color,
    border: '2px solid #fff',
    borderRadius: '50% 50% 50% 0',
    transform: 'rotate(-45deg)',
    boxShadow: '0 1px 4px rgba(0,0,0,.45)',
  });
  return L.divIcon({ html: pin, className: 'sb-map-marker', iconSize: [22, 22], iconAnchor: [11, 24], popupAnchor: [0, -22] });
}

interface MapParts {
  L: L;
  map: Leaflet.Map;
  markers: Leaflet.LayerGroup;
  tiles: Leaflet.TileLayer | null;
  canvas: Leaflet.Canvas;
}

export function MapBlock({ config, rows, data, mode }: BlockViewProps) {
  const cols = useMemo(() => mapColumns(config), [config]);
  const missing = missingColumns(cols);
  const geo = data.geo;
  const places = useMemo(() => placesOf(rows, geo?.points ?? [], cols), [rows, geo?.points, cols]);
  const height = mapHeight(config);
  const color = typeof config.marker_color === 'string' && config.marker_color ? config.marker_color : '#4f46e5';
  const zoom = maxZoom(config);

  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<MapParts | null>(null);
  const [ready, setReady] = useState(false);
  const showMap = !data.error && !geo?.error && !!cols.address && rows.length > 0;

  // The map itself, once per mounted container.
  useEffect(() => {
    if (!showMap) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void loadLeaflet().then((L) => {
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, worldCopyJump: true }).setView([20, 0], 2);
      parts.current = { L, map, markers: L.layerGroup().addTo(map), tiles: null, canvas: L.canvas({ padding: 0.5 }) };
      // The block changes size with the page layout and the editor's panel.
      observer = new ResizeObserver(() => map.invalidateSize());
      observer.observe(container.current);
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      parts.current?.map.remove();
      parts.current = null;
      setReady(false);
    };
  }, [showMap]);

  // Tiles, when the settings have loaded.
  const geoTiles = geo?.tiles;
  const tiles: MapTiles | null = useMemo(() => (geoTiles ? tileSettings(geoTiles) : null), [geoTiles]);
  useEffect(() => {
    const p = parts.current;
    if (!ready || !p || !tiles) return;
    p.tiles?.remove();
    p.tiles = p.L.tileLayer(tiles.url, { attribution: tiles.attribution, accessToken: tiles.accessToken, maxZoom: 19 } as Leaflet.TileLayerOptions).addTo(p.map);
  }, [ready, tiles]);

  // Markers, then the view fitted to them.
  useEffect(() => {
    const p = parts.current;
    if (!ready || !p) return;
    const { L, map, markers } = p;
    markers.clearLayers();
    const many = places.length > MAX_DOM_MARKERS;
    for (const place of places) {
      // One icon per marker: a divIcon's element is moved, not copied, into its marker.
      const marker = !many
        ? L.marker([place.lat, place.lng], { icon: pinIcon(L, color), title: place.title, alt: place.title, keyboard: true, riseOnHover: true })
        : L.circleMarker([place.lat, place.lng], { renderer: p.canvas, radius: 5, color: '#fff', weight: 1, fillColor: color, fillOpacity: 0.9 });
      marker.bindPopup(() => popupOf(place), { minWidth: 200, maxWidth: 260 });
      markers.addLayer(marker);
    }
    const bounds = boundsOf(places);
    if (bounds) map.fitBounds(bounds, { padding: [32, 32], maxZoom: zoom });
  }, [ready, places, color, zoom]);

  let body;
  if (data.error != null) body = <DataError error={data.error} />;
  else if (missing.length > 0 && !cols.address)
    body = (
      <EmptyState>
        {mode === 'edit' ? 'Choose the title, description, address and image columns in the block settings.' : 'This map has no places yet.'}
      </EmptyState>
    );
  else if (geo?.error) body = <DataError error={geo.error} />;
  else if (data.loading && rows.length === 0) body = <BlockLoading />;
  else if (rows.length === 0) body = <EmptyState />;
  else {
    const notes = geo ? mapNotes(geo) : [];
    body = (
      <Stack gap={6}>
        <Box
          ref={container}
          role="region"
          aria-label={`Map with ${places.length} ${places.length === 1 ? 'place' : 'places'}`}
          data-testid="map-canvas"
          data-places={places.length}
          style={{ height, width: '100%', borderRadius: 6, overflow: 'hidden', zIndex: 0, background: '#e5e7eb' }}
        />
        {(geo?.loading || notes.length > 0) && (
          <Stack gap={0} data-testid="map-notes">
            {geo?.loading && (
              <Text size="xs" c="dimmed">
                Finding places…
              </Text>
            )}
            {notes.map((n) => (
              <Text key={n} size="xs" c="dimmed">
                {n}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default MapBlock;
