// The map block: schema (spec spelling, all four columns required), the pure view rules, and
// server-side renders of its states (Leaflet itself runs only in the browser test).
import { describe, expect, it } from 'vitest';
import { blockDefaults, normalizeBlock, validateBlock } from '../../shared/settings/block';
import type { BlockData, BlockGeo } from '../types';
import { renderBlock, viewData } from '../testing/views';
import { MapBlock } from './MapBlock';
import {
  boundsOf,
  DEFAULT_ATTRIBUTION,
  DEFAULT_TILE_URL,
  mapColumns,
  mapHeight,
  mapNotes,
  maxZoom,
  missingColumns,
  placesOf,
  safeImage,
  tileSettings,
} from './map-places';
import { mapSchema } from './schema';

describe('map schema', () => {
  it('has the spec’s axis columns, all four required; coordinates optional', () => {
    const s = mapSchema.axis!.settings;
    for (const key of ['title', 'description', 'address', 'image']) expect(s[key], key).toMatchObject({ type: 'sheet_columns', required: true });
    for (const key of ['latitude', 'longitude']) expect(s[key]!.required, key).toBeFalsy();
    expect(mapSchema.axis).toMatchObject({ min: 1, max: 1 });
    expect(mapSchema.data).toBe('all');
  });

  it('a fresh block asks for the sheet and the four columns; a filled one validates', () => {
    const fresh = validateBlock(mapSchema, blockDefaults(mapSchema, 'b1'));
    expect(fresh.map((i) => i.path).sort()).toEqual(['axis.0.address', 'axis.0.description', 'axis.0.image', 'axis.0.title', 'sheet_title']);
    const filled = normalizeBlock(mapSchema, { sheet_title: 'Places', axis: [{ title: 'Name', description: 'Notes', address: 'Address', image: 'Photo' }] });
    expect(validateBlock(mapSchema, filled)).toEqual([]);
    expect(validateBlock(mapSchema, { ...filled, map_height: 50 }).map((i) => i.path)).toEqual(['map_height']);
  });
});

const rows = [
  { _id: '0', _version: 1, Name: 'Louvre', Notes: 'Museum\nParis', Address: 'Rue de Rivoli', Photo: 'https://img.test/louvre.jpg' },
  { _id: '1', _version: 1, Name: '', Notes: '', Address: 'Somewhere', Photo: 'javascript:alert(1)' },
  { _id: '2', _version: 1, Name: 'Upload', Notes: 3, Address: 'x', Photo: '/uploads/abc.png' },
];
const cols = { title: 'Name', description: 'Notes', address: 'Address', image: 'Photo' };

describe('map rules', () => {
  it('reads the columns from the first axis entry and names the missing ones', () => {
    const config = normalizeBlock(mapSchema, { axis: [{ title: 'Name', address: 'Address' }] });
    expect(mapColumns(config)).toEqual({ title: 'Name', description: '', address: 'Address', image: '' });
    expect(missingColumns(mapColumns(config))).toEqual(['description', 'image']);
  });

  it('joins points with rows by _id; a point of a row not shown is skipped; titles fall back to the address', () => {
    const places = placesOf(
      rows,
      [
        { _id: '2', lat: 1, lng: 2 },
        { _id: '0', lat: 48.86, lng: 2.33 },
        { _id: '9', lat: 0, lng: 0 },
        { _id: '1', lat: 3, lng: 4 },
      ],
      cols,
    );
    expect(places).toEqual([
      { id: '2', lat: 1, lng: 2, title: 'Upload', description: '3', image: '/uploads/abc.png' },
      { id: '0', lat: 48.86, lng: 2.33, title: 'Louvre', description: 'Museum\nParis', image: 'https://img.test/louvre.jpg' },
      { id: '1', lat: 3, lng: 4, title: 'Somewhere', description: '', image: null },
    ]);
  });

  it.each<[unknown, string | null]>([
    ['https://img.test/a.png', 'https://img.test/a.png'],
    ['http://img.test/a.png?x=1', 'http://img.test/a.png?x=1'],
    ['  https://img.test/a.png  ', 'https://img.test/a.png'],
    ['/uploads/abc', '/uploads/abc'],
    ['/uploads/../secret', null],
    ['/other/abc.png', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['https://img.test/a b.png', null],
    ['https://x.test/"onerror="x', null],
    ['', null],
    [42, null],
  ])('safeImage(%j) → %j', (v, expected) => {
    expect(safeImage(v)).toBe(expected);
  });

  it.each<[{ pending: number; notFound: number; failed: number; limited: boolean }, string[]]>([
    [{ pending: 0, notFound: 0, failed: 0, limited: false }, []],
    [{ pending: 0, notFound: 1, failed: 0, limited: false }, ['1 address could not be found']],
    [{ pending: 0, notFound: 3, failed: 0, limited: false }, ['3 addresses could not be found']],
    [{ pending: 1, notFound: 0, failed: 0, limited: false }, ['Finding 1 more address…']],
    [{ pending: 1200, notFound: 0, failed: 2, limited: true }, ['Finding 1,200 more addresses…', '2 addresses could not be looked up right now; they will be tried again later', 'The map shows the first 10,000 rows']],
  ])('notes %j', (g, expected) => expect(mapNotes(g)).toEqual(expected));

  it.each<[unknown, number]>([
    [400, 400],
    [undefined, 400],
    ['', 400],
    [50, 200],
    [5000, 1000],
    [333.6, 334],
  ])('height %j → %i', (h, expected) => expect(mapHeight(normalizeBlock(mapSchema, { map_height: h }))).toBe(expected));

  it.each<[unknown, number]>([
    [15, 15],
    [0, 15],
    [30, 18],
    ['x', 15],
  ])('max zoom %j → %i', (z, expected) => expect(maxZoom(normalizeBlock(mapSchema, { max_zoom: z }))).toBe(expected));

  it('tile settings: an empty URL means OpenStreetMap with its credit line', () => {
    expect(tileSettings({ url: '', attribution: '', accessToken: '' })).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION, accessToken: '' });
    const own = { url: 'https://tiles.test/{z}/{x}/{y}.png?token={accessToken}', attribution: 'Mine', accessToken: 'pk.1' };
    expect(tileSettings(own)).toEqual(own);
  });

  it('bounds of the places', () => {
    expect(boundsOf([])).toBeNull();
    const p = (lat: number, lng: number) => ({ id: '', lat, lng, title: '', description: '', image: null });
    expect(boundsOf([p(48, 2), p(41, 12), p(52, -0.1)])).toEqual([
      [41, -0.1],
      [52, 12],
    ]);
  });
});

function geo(patch: Partial<BlockGeo> = {}): BlockGeo {
  return { points: [], pending: 0, notFound: 0, failed: 0, limited: false, loading: false, error: null, tiles: null, ...patch };
}

function render(input: Record<string, unknown>, d: Partial<BlockData>, mode: 'view' | 'edit' = 'view') {
  return renderBlock(MapBlock, mapSchema, { sheet_title: 'Places', ...input }, viewData(rows, { columns: ['Name', 'Notes', 'Address', 'Photo'], ...d }), mode);
}

describe('MapBlock states', () => {
  const axis = [cols];

  it('the map with its notes', () => {
    const html = render({ axis }, { geo: geo({ points: [{ _id: '0', lat: 48.86, lng: 2.33 }], notFound: 2, pending: 1 }) });
    expect(html).toContain('data-testid="map-canvas"');
    expect(html).toContain('Map with 1 place');
    expect(html).toContain('2 addresses could not be found');
    expect(html).toContain('Finding 1 more address…');
    expect(html).toContain('height:400px');
  });

  it('no address column: asks for the columns in the editor, says so to guests', () => {
    expect(render({ axis: [{}] }, { geo: geo() }, 'edit')).toContain('Choose the title, description, address and image columns in the block settings.');
    expect(render({ axis: [{}] }, { geo: geo() })).toContain('This map has no places yet.');
  });

  it('no rows, loading, errors', () => {
    expect(render({ axis }, { rows: [], geo: geo() })).toContain('No rows');
    expect(render({ axis }, { rows: [], loading: true, geo: geo() })).toContain('Loading');
    expect(render({ axis }, { error: 'Sheet &#x27;X&#x27; not found', geo: geo() })).toContain('block-error');
    expect(render({ axis }, { geo: geo({ error: 'This map uses a column “Address” that is no longer in the sheet. The owner can fix it in the editor.' }) })).toContain('no longer in the sheet');
  });
});
