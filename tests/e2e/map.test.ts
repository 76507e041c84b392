// Map block, end to end and offline: a local server speaking the Nominatim search protocol
// geocodes the addresses, a local tile server draws the map (MAP_TILE_URL with the
// {accessToken} of MAPS_ACCESS_TOKEN, read by the browser from GET /api/getENV). The owner
// configures the map through the settings panel; a guest sees one marker per found address and a
// pop-up with the row's title, description and image.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

// ---- a tiny PNG encoder, so tiles and photos need no files and no network ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 3 + 1) + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
// A pale land colour with a grid (each tile's edge and a road through its middle).
const TILE = png(256, (x, y) => (x === 0 || y === 0 ? [214, 222, 204] : x === 128 || y === 128 ? [255, 255, 255] : [236, 241, 228]));
const PHOTO = png(64, (x, y) => ((x >> 3) + (y >> 3)) % 2 === 0 ? [79, 70, 229] : [129, 140, 248]);

const PLACES: Record<string, [string, string]> = {
  'eiffel tower, paris': ['48.8582602', '2.2944991'],
  'colosseum, rome': ['41.8902102', '12.4922309'],
  'brandenburg gate, berlin': ['52.5162746', '13.3777041'],
};

let server: RunningServer;
let browser: Browser;
let local: Server;
let localUrl = '';
const geocoded: string[] = [];
const tiles: string[] = [];
let owner: OwnerBoard;

beforeAll(async () => {
  local = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://local');
    if (u.pathname === '/search') {
      const q = u.searchParams.get('q') ?? '';
      geocoded.push(q);
      const place = PLACES[q];
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(place ? [{ lat: place[0], lon: place[1], display_name: q }] : []));
    } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(u.pathname)) {
      tiles.push(u.search);
      res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
      res.end(TILE);
    } else if (u.pathname === '/photo.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(PHOTO);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  server = await startServer({
    GEOCODER_URL: localUrl,
    GEOCODER_INTERVAL_MS: '1',
    MAP_TILE_URL: `${localUrl}/tiles/{z}/{x}/{y}.png?token={accessToken}`,
    MAPS_ACCESS_TOKEN: 'pk.test-token',
    MAP_ATTRIBUTION: 'Test tiles',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await new Promise((r) => local?.close(r));
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);

describe('map block', () => {
  it('is configured through the settings panel and shows the found addresses', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Landmarks',
      sheets: [
        {
          title: 'Places',
          columns: ['Name', 'About', 'Address', 'Photo'],
          rows: [
            { Name: 'Eiffel Tower', About: 'Wrought-iron tower, 1889', Address: 'Eiffel Tower, Paris', Photo: `${localUrl}/photo.png` },
            { Name: 'Colosseum', About: 'Amphitheatre, 80 AD', Address: 'Colosseum, Rome', Photo: `${localUrl}/photo.png` },
            { Name: 'Brandenburg Gate', About: 'Neoclassical monument', Address: 'Brandenburg Gate, Berlin', Photo: '' },
            { Name: 'Atlantis', About: 'Legendary island', Address: 'Atlantis, Atlantic Ocean', Photo: '' },
          ],
        },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'map');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('European landmarks');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Places');
    await choose(page, setting(panel, 'axis.0.title'), 'Title column', 'Name');
    await choose(page, setting(panel, 'axis.0.description'), 'Description column', 'About');
    await choose(page, setting(panel, 'axis.0.address'), 'Address column', 'Address');
    await choose(page, setting(panel, 'axis.0.image'), 'Image column', 'Photo');
    await saveBlock(page);

    const block = page.getByTestId('block-map');
    await block.getByText('1 address could not be found').waitFor();
    await expect.poll(() => block.locator('.leaflet-marker-icon').count()).toBe(3);
    // Each distinct address went to the geocoder once.
    expect([...geocoded].sort()).toEqual(['atlantis, atlantic ocean', 'brandenburg gate, berlin', 'colosseum, rome', 'eiffel tower, paris']);
  });

  it('a guest sees the markers, a pop-up with the row, and tiles carrying the access token', async () => {
    const lookups = geocoded.length;
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-map');
    await block.getByText('European landmarks').waitFor();
    await expect.poll(() => block.locator('.leaflet-marker-icon').count()).toBe(3);
    await block.getByText('1 address could not be found').waitFor();
    // Cached on the server: the guest's map asked the geocoder nothing.
    expect(geocoded.length).toBe(lookups);

    // Every marker draws its pin (and is on the map, not stacked away).
    expect(await block.locator('.leaflet-marker-icon > span').count()).toBe(3);
    await block.locator('.leaflet-marker-icon[title="Eiffel Tower"]').click();
    const popup = block.locator('.leaflet-popup-content');
    await popup.getByText('Eiffel Tower', { exact: true }).waitFor();
    await popup.getByText('Wrought-iron tower, 1889').waitFor();
    await expect.poll(() => popup.locator('img').getAttribute('src')).toBe(`${localUrl}/photo.png`);
    await expect.poll(() => popup.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    // Tiles came from MAP_TILE_URL with MAPS_ACCESS_TOKEN filled in; the credit line is shown.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((q) => q === '?token=pk.test-token')).toBe(true);
    await block.locator('.leaflet-control-attribution').getByText('Test tiles').waitFor();
    // The pop-up pans the map until it fits (an animation): wait for it to be inside the map.
    const canvas = block.getByTestId('map-canvas');
    await expect
      .poll(async () => {
        const [c, p] = [await canvas.boundingBox(), await block.locator('.leaflet-popup').boundingBox()];
        return !!c && !!p && p.y >= c.y && p.y + p.height <= c.y + c.height;
      })
      .toBe(true);
    await guest.waitForLoadState('networkidle');
    await shotOf(block, 'blocks/map');
    await guest.context().close();
  });
});
