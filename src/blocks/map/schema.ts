// Map block settings (spec, blocks-and-data §3 "Map axis": title, description, address and image
// columns, all required). One axis entry holds the four columns; latitude/longitude columns are
// optional (empty: columns named lat/latitude and lng/lon/long/longitude are used when the sheet
// has them). Rows with coordinates need no geocoding; the others are geocoded on the server.
// Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { defineSettings } from '../../shared/settings/read';

export const MAP_HEIGHT = { default: 400, min: 200, max: 1000 } as const;

/** The map's one axis: which columns hold each place's parts. */
export const mapAxisSettings = defineSettings({
  title: { type: 'sheet_columns', default: '', required: true, label: 'Title column' },
  description: { type: 'sheet_columns', default: '', required: true, label: 'Description column' },
  address: {
    type: 'sheet_columns',
    default: '',
    required: true,
    label: 'Address column',
    description: 'Addresses are looked up once and remembered. A value such as "48.8584, 2.2945" is used as latitude, longitude as it is.',
  },
  image: { type: 'sheet_columns', default: '', required: true, label: 'Image column' },
  latitude: {
    type: 'sheet_columns',
    default: '',
    label: 'Latitude column',
    description: 'Optional. Empty: a column named lat or latitude is used when the sheet has one. Rows with coordinates need no address lookup.',
  },
  longitude: {
    type: 'sheet_columns',
    default: '',
    label: 'Longitude column',
    description: 'Optional. Empty: a column named lng, lon, long or longitude is used when the sheet has one.',
  },
});

export const mapSchema: BlockSchema = {
  kind: 'map',
  name: 'Map',
  description: 'Rows of a sheet as markers on a map, placed by their address (or latitude and longitude).',
  category: 'data',
  icon: 'map',
  usesSheet: true,
  data: 'all',
  settings: {
    map_height: {
      type: 'number',
      default: MAP_HEIGHT.default,
      min: MAP_HEIGHT.min,
      max: MAP_HEIGHT.max,
      label: 'Map height (px)',
    },
    max_zoom: {
      type: 'range',
      default: 15,
      min: 1,
      max: 18,
      step: 1,
      label: 'Closest zoom',
      description: 'How close the map zooms in when it fits its markers (a single marker, or markers close together).',
    },
    marker_color: { type: 'color', default: '#4f46e5', label: 'Marker colour' },
  },
  axis: {
    label: 'map column',
    min: 1,
    max: 1,
    settings: mapAxisSettings,
  },
  needs: { geocodes: { address: 'address', latitude: 'latitude', longitude: 'longitude' } },
};
