// The map's geocoding route against a real local server speaking the Nominatim search protocol
// (started here, not a mock), on SQLite and PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addBlock, createSpreadsheet, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { closeGeocoder } from './geocoder';

// What the local geocoder knows (keys as the server sends them: normalised, lower case).
const PLACES: Record<string, [string, string]> = {
  'eiffel tower, paris': ['48.8582602', '2.2944991'],
  'colosseum, rome': ['41.8902102', '12.4922309'],
  'brandenburg gate, berlin': ['52.5162746', '13.3777041'],
  'big ben, london': ['51.5007292', '-0.1246254'],
  'sagrada familia, barcelona': ['41.4036299', '2.1743558'],
  'slow place 1': ['1.5', '2.5'],
  'slow place 2': ['3.5', '4.5'],
};

interface Hit {
  q: string;
  agent: string | undefined;
  key: string | null;
}

const geo = {
  hits: [] as Hit[],
  failing: new Set<string>(),
  server: null as http.Server | null,
  url: '',
};

function startNominatim(): Promise<void> {
  geo.server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://local');
    if (u.pathname !== '/search' || u.searchParams.get('format') !== 'json' || u.searchParams.get('limit') !== '1') {
      res.writeHead(400).end('bad request');
      return;
    }
    const q = u.searchParams.get('q') ?? '';
    geo.hits.push({ q, agent: req.headers['user-agent'], key: u.searchParams.get('key') });
    if (geo.failing.has(q)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('overloaded');
      return;
    }
    const place = PLACES[q];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(place ? [{ place_id: 1, lat: place[0], lon: place[1], display_name: q }] : []));
  });
  return new Promise((resolve) => geo.server!.listen(0, '127.0.0.1', () => resolve()));
}

let owner: TestUser;
let stranger: TestUser;
let spreadsheetId: string;
let app: { id: string; subdomain: string };

const SHEETS = [
  {
    title: 'Places',
    columns: ['Name', 'Address', 'Photo'],
    rows: [
      { Name: 'Eiffel', Address: 'Eiffel Tower, Paris', Photo: 'https://img.test/e.png' },
      { Name: 'Colosseum', Address: 'Colosseum, Rome', Photo: '' },
      { Name: 'Atlantis', Address: 'Atlantis, Nowhere', Photo: '' },
      { Name: 'Eiffel again', Address: '  eiffel   TOWER,  Paris ', Photo: '' },
      { Name: 'No address', Address: '', Photo: '' },
    ],
  },
  {
    title: 'Shops',
    columns: ['Name', 'Address', 'Latitude', 'Longitude'],
    rows: [
      { Name: 'North', Address: 'Somewhere unknown 1', Latitude: 59.91, Longitude: 10.75 },
      { Name: 'Text coords', Address: 'Somewhere unknown 2', Latitude: '40,4168', Longitude: '-3,7038' },
      { Name: 'No coords', Address: 'Big Ben, London', Latitude: '', Longitude: '' },
      { Name: 'Pair', Address: '41.9028, 12.4964', Latitude: '', Longitude: '' },
      { Name: 'Out of range', Address: 'Atlantis, Nowhere', Latitude: 123, Longitude: 10 },
    ],
  },
  {
    title: 'Custom',
    columns: ['Name', 'Where', 'Y', 'X'],
    rows: [{ Name: 'One', Where: 'Unknown town', Y: '35.6895', X: '139.6917' }],
  },
  {
    title: 'Batch',
    columns: ['Address'],
    rows: [{ Address: 'Brandenburg Gate, Berlin' }, { Address: 'Sagrada Familia, Barcelona' }, { Address: 'Big Ben, London' }],
  },
  { title: 'Flaky', columns: ['Address'], rows: [{ Address: 'Flaky place' }] },
  { title: 'Slow', columns: ['Address'], rows: [{ Address: 'Slow place 1' }, { Address: 'Slow place 2' }] },
];

// The local geocoder first (its address is a setting of the server), closed after the server.
beforeAll(async () => {
  await startNominatim();
  geo.url = `http://127.0.0.1:${(geo.server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => geo.server?.close(r));
});
const t = testServer(() => ({ geocoderUrl: geo.url, geocoderIntervalMs: 0, geocoderWaitMs: 10_000, mapsAccessToken: 'pk.public-token', geocoderKey: null }));
beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  spreadsheetId = await createSpreadsheet(t.app, owner, 'Map data', SHEETS);
  app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Map Board', kind: 'board', spreadsheetId } })).json().app;
  // Guests read the columns the board's blocks use: maps of Places and of Shops (whose latitude
  // and longitude columns are found by their names, the block leaves them empty).
  const map = (sheet_title: string, image: string) =>
    addBlock(t.app, owner, app.id, { type: 'map', sheet_title, axis: [{ title: 'Name', description: 'Name', address: 'Address', image }] });
  await map('Places', 'Photo');
  await map('Shops', 'Name');
});

const geoUrl = (sheet: string, query: string) => `/api/board/${spreadsheetId}/sheet/${encodeURIComponent(sheet)}/geo?${query}`;

async function owned(sheet: string, query: string) {
  const res = await t.app.inject({ method: 'GET', url: geoUrl(sheet, query), headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { points: { _id: string; lat: number; lng: number }[]; pending: number; notFound: number; failed: number; limited: boolean };
}

const byId = (points: { _id: string; lat: number; lng: number }[]) => Object.fromEntries(points.map((p) => [p._id, [p.lat, p.lng]]));
const hitsFor = (q: string) => geo.hits.filter((h) => h.q === q).length;

describe('GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/geo', () => {
  it('geocodes each distinct address once, places rows sharing it, counts the unknown ones', async () => {
    const before = geo.hits.length;
    const body = await owned('Places', 'address=Address');
    expect(byId(body.points)).toEqual({
      '0': [48.8582602, 2.2944991],
      '1': [41.8902102, 12.4922309],
      '3': [48.8582602, 2.2944991],
    });
    expect(body).toMatchObject({ pending: 0, notFound: 1, failed: 0, limited: false });
    // Three distinct addresses (the two Eiffel spellings are one), the empty one not at all.
    expect(geo.hits.slice(before).map((h) => h.q).sort()).toEqual(['atlantis, nowhere', 'colosseum, rome', 'eiffel tower, paris']);
    // Nominatim's policy: a User-Agent naming the application.
    expect(geo.hits.at(-1)!.agent).toMatch(/^Sheetboard\/1\.0 \(\+http:\/\/localhost:3000\)$/);
  });

  it('a second load is answered from the database cache: no request reaches the provider', async () => {
    const before = geo.hits.length;
    const body = await owned('Places', 'address=Address');
    expect(body.points).toHaveLength(3);
    expect(body.notFound).toBe(1);
    expect(geo.hits.length).toBe(before);
    const rows = await t.ctx.db.selectFrom('geocode_cache').selectAll().where('address', 'in', ['eiffel tower, paris', 'atlantis, nowhere']).orderBy('address').execute();
    expect(rows.map((r) => [r.address, r.status, r.lat === null ? null : Number(r.lat)])).toEqual([
      ['atlantis, nowhere', 'not_found', null],
      ['eiffel tower, paris', 'found', 48.8582602],
    ]);
  });

  it('rows holding latitude/longitude (detected columns, text with a decimal comma, a "lat, lng" address) need no geocoding', async () => {
    const before = geo.hits.length;
    const body = await owned('Shops', 'address=Address');
    expect(byId(body.points)).toEqual({
      '0': [59.91, 10.75],
      '1': [40.4168, -3.7038],
      '2': [51.5007292, -0.1246254],
      '3': [41.9028, 12.4964],
    });
    // Only the row without coordinates went to the provider; the out-of-range latitude falls back
    // to its address, which the cache already knows is not found.
    expect(geo.hits.slice(before).map((h) => h.q)).toEqual(['big ben, london']);
    expect(body).toMatchObject({ pending: 0, notFound: 1, failed: 0 });
  });

  it('the block can name the coordinate columns (lat, lng)', async () => {
    const before = geo.hits.length;
    expect(byId((await owned('Custom', 'address=Where&lat=Y&lng=X')).points)).toEqual({ '0': [35.6895, 139.6917] });
    expect(geo.hits.length).toBe(before);
  });

  it('applies the board filters like the sheet route', async () => {
    const filters = JSON.stringify([{ name: 'n', active: true, condition: '=', sheet_column: { sheet: 'Places', column: 'Name' }, value: 'Colosseum' }]);
    const body = await owned('Places', `address=Address&filters=${encodeURIComponent(filters)}`);
    expect(byId(body.points)).toEqual({ '1': [41.8902102, 12.4922309] });
    expect(body.notFound).toBe(0);
  });

  it('a request queues a bounded number of new addresses; the rest are pending and come with later loads', async () => {
    t.ctx.config.geocoderMaxPerRequest = 1;
    try {
      const first = await owned('Batch', 'address=Address');
      // Big Ben is already cached; one of the two new addresses was looked up.
      expect(first.points).toHaveLength(2);
      expect(first.pending).toBe(1);
      const second = await owned('Batch', 'address=Address');
      expect(second.points).toHaveLength(3);
      expect(second.pending).toBe(0);
      expect(hitsFor('brandenburg gate, berlin')).toBe(1);
      expect(hitsFor('sagrada familia, barcelona')).toBe(1);
    } finally {
      t.ctx.config.geocoderMaxPerRequest = 50;
    }
  });

  it('a failing provider is reported (failed), not a crash; the address is tried again after the retry time', async () => {
    geo.failing.add('flaky place');
    const body = await owned('Flaky', 'address=Address');
    expect(body).toMatchObject({ points: [], pending: 0, notFound: 0, failed: 1 });
    // Within the retry time the failure is remembered: the provider is not asked again.
    await owned('Flaky', 'address=Address');
    expect(hitsFor('flaky place')).toBe(1);

    geo.failing.delete('flaky place');
    PLACES['flaky place'] = ['10.5', '20.25'];
    t.ctx.config.geocoderRetryMs = 0;
    try {
      const again = await owned('Flaky', 'address=Address');
      expect(byId(again.points)).toEqual({ '0': [10.5, 20.25] });
      expect(again.failed).toBe(0);
      expect(hitsFor('flaky place')).toBe(2);
    } finally {
      t.ctx.config.geocoderRetryMs = 600_000;
    }
  });

  it('an unreachable provider is a failure too', async () => {
    const saved = t.ctx.config.geocoderUrl;
    t.ctx.config.geocoderUrl = 'http://127.0.0.1:1';
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/board/${spreadsheetId}/sheet/Slow/geo?address=Address`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ points: [], pending: 0, failed: 2 });
    } finally {
      t.ctx.config.geocoderUrl = saved;
      // Forget the failures so later tests of this sheet start afresh.
      await t.ctx.db.deleteFrom('geocode_cache').where('address', 'like', 'slow place%').execute();
    }
  });

  it('lookups are throttled: with a long interval the request answers with the addresses pending', async () => {
    closeGeocoder(t.ctx);
    t.ctx.config.geocoderIntervalMs = 3_600_000;
    t.ctx.config.geocoderWaitMs = 50;
    const before = geo.hits.length;
    try {
      // The first lookup starts at once, the second would wait an hour.
      const first = await owned('Slow', 'address=Address');
      expect(first.points.length + first.pending).toBe(2);
      expect(first.pending).toBeGreaterThanOrEqual(1);
      // Asking again does not queue the waiting address twice nor skip the interval.
      const second = await owned('Slow', 'address=Address');
      expect(second.pending).toBeGreaterThanOrEqual(1);
      expect(geo.hits.length - before).toBeLessThanOrEqual(1);
    } finally {
      closeGeocoder(t.ctx);
      t.ctx.config.geocoderIntervalMs = 0;
      t.ctx.config.geocoderWaitMs = 10_000;
    }
  });
});

describe('who may read the points (the sheet route’s rule)', () => {
  beforeEach(() => {
    // Everything below is answered from the cache or refused before any lookup.
    geo.failing.clear();
  });

  it('a guest of the public board reads them', async () => {
    const res = await t.app.inject({ method: 'GET', url: geoUrl('Places', `address=Address&board=${app.subdomain}`) });
    expect(res.statusCode).toBe(200);
    expect(res.json().points).toHaveLength(3);
  });

  it("a guest's map finds the latitude/longitude columns by their names too (the block leaves them empty)", async () => {
    const before = geo.hits.length;
    const res = await t.app.inject({ method: 'GET', url: geoUrl('Shops', `address=Address&board=${app.id}`) });
    expect(res.statusCode, res.body).toBe(200);
    // The owner's answer: the rows with coordinates are placed by them, not looked up.
    expect(byId(res.json().points)).toEqual({
      '0': [59.91, 10.75],
      '1': [40.4168, -3.7038],
      '2': [51.5007292, -0.1246254],
      '3': [41.9028, 12.4964],
    });
    expect(geo.hits.length).toBe(before);
  });

  it('no board and no session → 401; a stranger → 404; another spreadsheet → 403; a private app → 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: geoUrl('Places', 'address=Address') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: geoUrl('Places', 'address=Address'), headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const otherId = await createSpreadsheet(t.app, owner, 'Other', [{ title: 'S', columns: ['Address'], rows: [{ Address: 'Eiffel Tower, Paris' }] }]);
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${otherId}/sheet/S/geo?address=Address&board=${app.id}` });
    expect(res.statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      const priv = await t.app.inject({ method: 'GET', url: geoUrl('Places', `address=Address&board=${app.id}`) });
      expect(priv.statusCode).toBe(403);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
  });

  it('400 for a missing or unknown column, 404 for an unknown sheet', async () => {
    const missing = await t.app.inject({ method: 'GET', url: geoUrl('Places', ''), headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: geoUrl('Places', 'address=Nope'), headers: { cookie: owner.cookie } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This map uses a column “Nope” that is no longer in the sheet. The owner can fix it in the editor.');
    const badLat = await t.app.inject({ method: 'GET', url: geoUrl('Places', 'address=Address&lat=Nope&lng=Name'), headers: { cookie: owner.cookie } });
    expect(badLat.json().message).toBe('This map uses a column “Nope” that is no longer in the sheet. The owner can fix it in the editor.');
    const sheet = await t.app.inject({ method: 'GET', url: geoUrl('Nope', 'address=Address'), headers: { cookie: owner.cookie } });
    expect(sheet.statusCode).toBe(404);
  });
});

describe('the geocoder key', () => {
  it('goes to the provider as `key` and never to browsers', async () => {
    t.ctx.config.geocoderKey = 'secret-geo-key';
    try {
      const id = await createSpreadsheet(t.app, owner, 'Keyed', [{ title: 'K', columns: ['Address'], rows: [{ Address: 'Key test street' }] }]);
      const r = await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/K/geo?address=Address`, headers: { cookie: owner.cookie } });
      expect(r.json().notFound).toBe(1);
      expect(geo.hits.find((h) => h.q === 'key test street')!.key).toBe('secret-geo-key');
    } finally {
      t.ctx.config.geocoderKey = null;
    }
  });
});

describe('GET /api/getENV: the map settings browsers need, and nothing secret', () => {
  it.each([
    ['MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    ['MAP_ATTRIBUTION', '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'],
    ['MAPS_ACCESS_TOKEN', 'pk.public-token'],
  ])('%s', async (name, value) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/getENV/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(value);
  });

  it.each(['GEOCODER_KEY', 'GEOCODER_URL', 'GEOCODER_INTERVAL_MS'])('%s → 404', async (name) => {
    t.ctx.config.geocoderKey = 'secret-geo-key';
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/getENV/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret-geo-key');
    } finally {
      t.ctx.config.geocoderKey = null;
    }
  });
});
