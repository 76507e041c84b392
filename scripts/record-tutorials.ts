// Records the Tutorial Videos (shell §2.3: tabs Board Settings, Add Block, Publish to MarketPlace)
// from the product itself: starts the built app (tests/e2e/processes.ts, a fresh data directory),
// signs an owner up with a small sales spreadsheet, and drives the real editor in Chromium.
//
//   npm run build && npx tsx scripts/record-tutorials.ts            # all three
//   npx tsx scripts/record-tutorials.ts add                          # one: board | add | publish
//   WEB_DIR=.scratch/web npx tsx scripts/record-tutorials.ts        # another build folder
//
// No ffmpeg: the page is filmed with the DevTools protocol's screencast (JPEG frames as the page
// changes), and the frames are encoded to WebM (VP8) inside Chromium itself: a blank page draws
// them on a canvas at a steady 15 frames a second in real time, `canvas.captureStream()` feeds a
// MediaRecorder, and the bytes come back to Node. A drawn cursor and a caption bar (injected into
// the filmed page) show what is clicked and why. Each video lands in src/web/public/tutorials/ as
// {name}-{hash}.webm (served with long caching; the hash changes with the content) and
// src/web/editor/tutorial-videos.ts names the current files.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from 'playwright-core';
import { call, choose, newOwnerEmail, png } from '../tests/e2e/flows';
import { chromiumOptions, spawnServer, type SpawnedServer } from '../tests/e2e/processes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(ROOT, 'src/web/public/tutorials');
const MANIFEST = join(ROOT, 'src/web/editor/tutorial-videos.ts');
const VIEWPORT = { width: 1280, height: 800 };
/** The encoded size: a little smaller than the viewport keeps each file well under 1.5 MB. */
const VIDEO = { width: 1120, height: 700, fps: 15, bitsPerSecond: 420_000 };
const MAX_BYTES = 1.5 * 1024 * 1024;
/** The longest a video may run (shell §2.3 videos: 10–30 s), and the longest still stretch kept. */
const MAX_SECONDS = 28;
const MAX_STILL = 2.6;

type Name = 'board' | 'add' | 'publish';
interface VideoEntry {
  src: string;
  /** The still shown before the video plays: its last frame, the finished result. */
  poster?: string;
  seconds: number;
  bytes: number;
}

const SALES = [
  { Region: 'North', Month: 'January', Amount: 1200, Rep: 'Ada' },
  { Region: 'South', Month: 'January', Amount: 950, Rep: 'Ben' },
  { Region: 'North', Month: 'February', Amount: 1430, Rep: 'Ada' },
  { Region: 'East', Month: 'February', Amount: 780, Rep: 'Cleo' },
  { Region: 'South', Month: 'March', Amount: 1610, Rep: 'Ben' },
  { Region: 'East', Month: 'March', Amount: 1020, Rep: 'Cleo' },
];

// ---- Filming -------------------------------------------------------------------------------

interface Frame {
  data: string;
  /** Seconds (the screencast's clock). */
  t: number;
}

class Screencast {
  readonly frames: Frame[] = [];
  private startedAt = 0;
  endedAt = 0;
  constructor(private readonly cdp: CDPSession) {}

  async start() {
    this.cdp.on('Page.screencastFrame', (f) => {
      this.frames.push({ data: f.data, t: f.metadata.timestamp ?? Date.now() / 1000 });
      this.cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    this.startedAt = Date.now() / 1000;
    await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 82, maxWidth: VIEWPORT.width, maxHeight: VIEWPORT.height, everyNthFrame: 1 });
  }

  async stop() {
    this.endedAt = Date.now() / 1000;
    await this.cdp.send('Page.stopScreencast');
  }

  /**
   * Frames with times from 0, and the length in seconds. The film follows the wall clock, so a
   * busy machine makes it longer: a still stretch longer than MAX_STILL (waiting for a screen) is
   * cut to it, and a film still over MAX_SECONDS is played faster to fit.
   */
  timeline(): { frames: Frame[]; seconds: number } {
    const t0 = this.frames[0]?.t ?? this.startedAt;
    const frames: Frame[] = [];
    let cut = 0;
    let prev = 0;
    for (const f of this.frames) {
      const t = f.t - t0;
      if (t - prev > MAX_STILL) cut += t - prev - MAX_STILL;
      prev = t;
      frames.push({ data: f.data, t: t - cut });
    }
    let seconds = Math.max(this.endedAt - t0 - cut, (frames.at(-1)?.t ?? 0) + 0.5);
    if (seconds > MAX_SECONDS) {
      const k = MAX_SECONDS / seconds;
      for (const f of frames) f.t *= k;
      seconds = MAX_SECONDS;
    }
    return { frames, seconds };
  }
}

/** Encodes frames to WebM in a blank Chromium page (canvas → captureStream → MediaRecorder). */
async function encode(browser: Browser, frames: Frame[], seconds: number): Promise<{ webm: Buffer; seconds: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<canvas></canvas>');
  // The frames go over in batches (a few MB in all).
  for (let i = 0; i < frames.length; i += 25) {
    await page.evaluate((batch) => {
      const w = window as unknown as { __frames?: { data: string; t: number }[] };
      (w.__frames ??= []).push(...batch);
    }, frames.slice(i, i + 25));
  }
  const { base64, duration } = await page.evaluate(
    async ({ video, seconds }) => {
      const frames = (window as unknown as { __frames: { data: string; t: number }[] }).__frames;
      const canvas = document.querySelector('canvas')!;
      canvas.width = video.width;
      canvas.height = video.height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, video.width, video.height);
      const stream = canvas.captureStream(0);
      const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
      const type = MediaRecorder.isTypeSupported('video/webm;codecs=vp8') ? 'video/webm;codecs=vp8' : 'video/webm';
      const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: video.bitsPerSecond });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => {
        if (e.data.size) chunks.push(e.data);
      };
      const done = new Promise<void>((r) => (recorder.onstop = () => r()));
      recorder.start(1000);
      const step = 1 / video.fps;
      const ticks = Math.ceil(seconds / step);
      const start = performance.now();
      let shown = -1;
      for (let k = 0; k <= ticks; k++) {
        const at = k * step;
        // The newest frame at this moment (the screencast sends frames only when the page changes).
        let idx = shown;
        while (idx + 1 < frames.length && frames[idx + 1]!.t <= at) idx++;
        if (idx !== shown && idx >= 0) {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/jpeg;base64,${frames[idx]!.data}`)).blob());
          ctx.drawImage(bitmap, 0, 0, video.width, video.height);
          bitmap.close();
          shown = idx;
        }
        track.requestFrame();
        const wait = start + (k + 1) * step * 1000 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      recorder.stop();
      await done;
      const blob = new Blob(chunks, { type: 'video/webm' });
      // The real length, as a player reads it (MediaRecorder's WebM has no duration field: seek to the end).
      const player = document.createElement('video');
      player.muted = true;
      player.src = URL.createObjectURL(blob);
      await new Promise((r) => (player.onloadedmetadata = r));
      if (!Number.isFinite(player.duration)) {
        player.currentTime = 1e9;
        await new Promise((r) => (player.ontimeupdate = r));
      }
      const duration = player.duration;
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { base64: btoa(binary), duration };
    },
    { video: VIDEO, seconds },
  );
  await context.close();
  return { webm: Buffer.from(base64, 'base64'), seconds: duration };
}

// ---- WebM duration ----------------------------------------------------------------------------
// MediaRecorder writes a live stream: its WebM has no Duration, so players show no length and
// seek poorly. Insert Segment › Info › Duration (EBML id 0x4489, a float of milliseconds at the
// default 1 ms timecode scale), re-encoding Info's size.

function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; len: number; unknown: boolean } {
  const first = buf[pos]!;
  let len = 1;
  let mask = 0x80;
  while (len <= 8 && !(first & mask)) {
    len++;
    mask >>= 1;
  }
  let value = keepMarker ? first : first & (mask - 1);
  let allOnes = (first & (mask - 1)) === mask - 1;
  for (let i = 1; i < len; i++) {
    value = value * 256 + buf[pos + i]!;
    if (buf[pos + i] !== 0xff) allOnes = false;
  }
  return { value, len, unknown: allOnes };
}

function sizeVint8(n: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  let v = n;
  for (let i = 7; i >= 1; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return out;
}

export function withDuration(webm: Buffer, ms: number): Buffer {
  let pos = 0;
  const header = readVint(webm, pos, true);
  const headerSize = readVint(webm, pos + header.len, false);
  pos += header.len + headerSize.len + headerSize.value;
  const segmentId = readVint(webm, pos, true);
  if (segmentId.value !== 0x18538067) throw new Error('not a WebM segment');
  const segmentSize = readVint(webm, pos + segmentId.len, false);
  const segmentSizeAt = pos + segmentId.len;
  let child = segmentSizeAt + segmentSize.len;
  while (child < webm.length) {
    const id = readVint(webm, child, true);
    const size = readVint(webm, child + id.len, false);
    const start = child + id.len + size.len;
    if (id.value === 0x1549a966) {
      const content = webm.subarray(start, start + size.value);
      for (let p = 0; p < content.length; ) {
        const cid = readVint(content, p, true);
        const csize = readVint(content, p + cid.len, false);
        if (cid.value === 0x4489) return webm;
        p += cid.len + csize.len + csize.value;
      }
      const duration = Buffer.alloc(11);
      duration.set([0x44, 0x89, 0x88]);
      duration.writeDoubleBE(ms, 3);
      const info = Buffer.concat([webm.subarray(child, child + id.len), sizeVint8(content.length + duration.length), content, duration]);
      const out = Buffer.concat([webm.subarray(0, child), info, webm.subarray(start + size.value)]);
      if (!segmentSize.unknown) {
        const grown = segmentSize.value + (info.length - (start + size.value - child));
        if (segmentSize.len !== 8) throw new Error('unexpected segment size width');
        sizeVint8(grown).copy(out, segmentSizeAt);
      }
      return out;
    }
    child = start + size.value;
  }
  throw new Error('no Info element in the WebM');
}

// ---- The filmed page: a drawn cursor, captions, unhurried clicks ---------------------------------

// The drawn cursor and the caption bar, as plain page script (a string: tsx would wrap a function's
// inner functions in a helper the page does not have).
const DRESS_UP = `(() => {
  function install() {
    if (document.getElementById('tutorial-cursor')) return;
    var cursor = document.createElement('div');
    cursor.id = 'tutorial-cursor';
    cursor.style.cssText = 'position:fixed;left:-40px;top:-40px;width:26px;height:26px;z-index:2147483647;pointer-events:none;transform-origin:3px 3px;transition:transform 120ms';
    cursor.innerHTML = '<svg width="26" height="26" viewBox="0 0 26 26"><path d="M3 2 L3 21 L8 16 L12 24 L15.5 22.5 L11.5 14.5 L18.5 14.5 Z" fill="#111" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>';
    var caption = document.createElement('div');
    caption.id = 'tutorial-caption';
    caption.style.cssText = 'position:fixed;left:50%;bottom:22px;transform:translateX(-50%);z-index:2147483646;pointer-events:none;max-width:80%;padding:10px 18px;border-radius:10px;background:rgba(17,24,39,.88);color:#fff;font:600 17px/1.35 system-ui,sans-serif;text-align:center;display:none';
    document.documentElement.append(cursor, caption);
    addEventListener('mousemove', function (e) { cursor.style.left = (e.clientX - 3) + 'px'; cursor.style.top = (e.clientY - 3) + 'px'; }, true);
    addEventListener('mousedown', function () { cursor.style.transform = 'scale(0.8)'; }, true);
    addEventListener('mouseup', function () { cursor.style.transform = ''; }, true);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
})();`;

async function dressUp(page: Page) {
  await page.addInitScript({ content: DRESS_UP });
}

async function caption(page: Page, text: string) {
  await page.evaluate((t) => {
    const el = document.getElementById('tutorial-caption');
    if (!el) return;
    el.textContent = t;
    el.style.display = t ? 'block' : 'none';
  }, text);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Moves the drawn cursor to the element in a visible glide, then clicks. */
async function clickOn(page: Page, target: Locator, opts: { hold?: number } = {}) {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to click has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 14 });
  await pause(opts.hold ?? 180);
  await page.mouse.down();
  await page.mouse.up();
}

async function typeInto(page: Page, target: Locator, text: string) {
  await clickOn(page, target);
  await target.pressSequentially(text, { delay: 30 });
}

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await clickOn(page, scope.getByRole('textbox', { name: label, exact: true }));
  await pause(350);
  await clickOn(page, page.getByRole('option', { name: option, exact: true }), { hold: 150 });
}

// ---- The three tutorials ------------------------------------------------------------------------

interface Owner {
  page: Page;
  editorUrl: string;
}

async function newOwner(browser: Browser, server: SpawnedServer, board: string): Promise<Owner> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await call(context, server as never, 'POST', '/api/auth/signup', { name: 'Ada Owner', email: newOwnerEmail('tutorial'), password: 'correct horse battery' });
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(context, server as never, 'POST', '/api/spreadsheets', {
    title: 'Sales 2024',
    sheets: [{ title: 'Sales', columns: ['Region', 'Month', 'Amount', 'Rep'], rows: SALES }],
  });
  const { app } = await call<{ app: { subdomain: string } }>(context, server as never, 'POST', '/api/apps', {
    name: board,
    kind: 'board',
    spreadsheetId: spreadsheet.id,
    public: true,
  });
  const page = await context.newPage();
  await dressUp(page);
  const editorUrl = `${server.baseUrl}/${app.subdomain}`;
  await page.goto(editorUrl);
  await page.getByRole('button', { name: 'New Block' }).waitFor();
  return { page, editorUrl };
}

/** A table of the Sales sheet, added off camera (the Board Settings video starts with it). */
async function addTable(page: Page) {
  await page.getByRole('button', { name: 'New Block' }).click();
  await page.getByTestId('block-option-table').click();
  const panel = page.getByRole('region', { name: 'Block settings' });
  await panel.getByRole('tab', { name: 'Data' }).click();
  await choose(page, panel, 'Sheet', 'Sales');
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.waitFor({ state: 'detached' });
  await page.getByTestId('block-table').getByRole('cell', { name: 'Ada' }).first().waitFor();
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

const SCENES: Record<Name, { board: string; setUp?: (page: Page) => Promise<void>; play: (page: Page) => Promise<void> }> = {
  board: {
    board: 'Sales board',
    setUp: addTable,
    async play(page) {
      await caption(page, 'Board settings: filters let viewers narrow the board');
      await pause(1200);
      await clickOn(page, page.getByRole('button', { name: 'Filters', exact: true }));
      const dialog = page.getByRole('dialog', { name: 'Board filters' });
      await dialog.waitFor();
      await caption(page, 'Add a filter and name it');
      await clickOn(page, dialog.getByRole('button', { name: 'Add filter' }));
      const filter = dialog.getByRole('group', { name: 'Filter 1' });
      await typeInto(page, filter.getByRole('textbox', { name: 'Name' }), 'Region');
      await caption(page, 'Pick the column, the condition and a value');
      await pick(page, filter, 'Column', 'Region');
      await pick(page, filter, 'Condition', 'Is equal to');
      await typeInto(page, filter.getByRole('textbox', { name: 'Value' }), 'North');
      await caption(page, 'Show the filter bar to viewers, then save');
      await clickOn(page, dialog.getByRole('switch', { name: 'Show the filter bar to viewers' }));
      await pause(500);
      await clickOn(page, dialog.getByRole('button', { name: 'Save filters' }));
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('filter-bar').waitFor();
      await caption(page, 'The board now shows North only; viewers can switch the filter off');
      await pause(1800);
      await clickOn(page, page.getByTestId('filter-chip').getByRole('switch').first());
      await pause(1800);
      await caption(page, '');
    },
  },
  add: {
    board: 'Sales board',
    async play(page) {
      await caption(page, 'Click “New Block” in the left bar');
      await pause(1000);
      await clickOn(page, page.getByRole('button', { name: 'New Block' }));
      await page.getByRole('dialog', { name: 'Choose Your Block' }).waitFor();
      await caption(page, 'Choose a block: here, a chart');
      await pause(700);
      await clickOn(page, page.getByTestId('block-option-chart'));
      const panel = page.getByRole('region', { name: 'Block settings' });
      await panel.waitFor();
      await caption(page, 'Under “Data”, pick the columns to show');
      await pause(600);
      await pick(page, panel, 'X axis', 'Month');
      await pick(page, panel.locator('[data-setting="axis.0.column"]'), 'Column', 'Amount');
      await caption(page, 'The board previews it live. Give it a title under “General”');
      await pause(900);
      await clickOn(page, panel.getByRole('tab', { name: 'General' }));
      const title = panel.getByLabel('Title', { exact: true });
      await clickOn(page, title);
      await title.fill('');
      await title.pressSequentially('Sales by month', { delay: 30 });
      await caption(page, 'Save: the block is on your board');
      await clickOn(page, panel.getByRole('button', { name: 'Save' }));
      await panel.waitFor({ state: 'detached' });
      await pause(2200);
      await caption(page, '');
    },
  },
  publish: {
    board: 'Sales tracker',
    async setUp(page) {
      await addTable(page);
      // The form's code (rich text editor) loads once off camera.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Publish to Marketplace' }).click();
      const dialog = page.getByRole('dialog', { name: /^Launch Your App/ });
      await dialog.getByRole('textbox', { name: 'Description' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    },
    async play(page) {
      await caption(page, 'Open “Publish”, then “Publish to Marketplace”');
      await pause(1000);
      await clickOn(page, page.getByRole('button', { name: 'Publish', exact: true }));
      await clickOn(page, page.getByRole('menuitem', { name: 'Publish to Marketplace' }));
      const dialog = page.getByRole('dialog', { name: /^Launch Your App/ });
      await dialog.getByLabel('Title').waitFor();
      await caption(page, 'Describe your template');
      await typeInto(page, dialog.getByLabel('Title'), 'Sales tracker');
      await typeInto(page, dialog.getByLabel('Summary'), 'Sales by region and month.');
      await clickOn(page, dialog.getByRole('textbox', { name: 'Description' }));
      await page.keyboard.type('Sales by region.', { delay: 25 });
      await clickOn(page, dialog.getByLabel('Category'));
      await clickOn(page, page.getByRole('option', { name: 'Sales & CRM' }), { hold: 150 });
      await typeInto(page, dialog.getByLabel('Tags'), 'sales, crm');
      await caption(page, 'Add a thumbnail and at least one screenshot');
      await dialog.getByLabel('Thumbnail', { exact: true }).setInputFiles({ name: 'thumbnail.png', mimeType: 'image/png', buffer: png(320, 180, [79, 70, 229], [45, 212, 191]) });
      await pause(700);
      await dialog.getByLabel('Additional images').setInputFiles([{ name: 'screenshot.png', mimeType: 'image/png', buffer: png(480, 300, [255, 190, 40], [30, 90, 200]) }]);
      await pause(900);
      await caption(page, 'Submit: the provider’s team reviews it and e-mails you');
      await clickOn(page, dialog.getByRole('button', { name: 'Submit for Review' }));
      await dialog.getByTestId('marketplace-title').getByText('Submission Status').waitFor({ timeout: 30_000 });
      await pause(2500);
      await caption(page, '');
    },
  },
};

// ---- Files -------------------------------------------------------------------------------------

function readManifest(): Partial<Record<Name, VideoEntry>> {
  if (!existsSync(MANIFEST)) return {};
  const m = /\/\* manifest \*\/ (\{[\s\S]*?\}) \/\* end \*\//.exec(readFileSync(MANIFEST, 'utf8'));
  return m ? (JSON.parse(m[1]!) as Partial<Record<Name, VideoEntry>>) : {};
}

function writeManifest(entries: Partial<Record<Name, VideoEntry>>) {
  const json = JSON.stringify(entries, null, 2);
  writeFileSync(
    MANIFEST,
    `// Written by scripts/record-tutorials.ts (docs/decisions: "Tutorial videos"): the current recording of each
// Tutorial Videos tab, served from src/web/public/tutorials/ with long caching (the name carries a hash).
export type TutorialVideoName = 'board' | 'add' | 'publish';
export interface TutorialVideo {
  /** Where the app serves the WebM file. */
  src: string;
  /** The still (JPEG) shown before the video plays: its last frame, the finished result. */
  poster?: string;
  /** Length in seconds. */
  seconds: number;
  /** File size in bytes. */
  bytes: number;
}

export const TUTORIAL_VIDEOS: Partial<Record<TutorialVideoName, TutorialVideo>> = /* manifest */ ${json} /* end */;
`,
  );
}

async function main() {
  const wanted = (process.argv.slice(2).filter((a) => a in SCENES) as Name[]).length ? (process.argv.slice(2) as Name[]) : (Object.keys(SCENES) as Name[]);
  const webDir = process.env.WEB_DIR ?? join(ROOT, 'dist/web');
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`No built app in ${webDir}: run \`npm run build\` first (or set WEB_DIR)`);
  const server = await spawnServer({ WEB_DIR: webDir, UPLOADS_PER_IP: '10000' });
  const browser = await chromium.launch(chromiumOptions());
  const manifest = readManifest();
  try {
    for (const name of wanted) {
      const scene = SCENES[name];
      const owner = await newOwner(browser, server, scene.board);
      await scene.setUp?.(owner.page);
      await owner.page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      const cdp = await owner.page.context().newCDPSession(owner.page);
      const cast = new Screencast(cdp);
      await cast.start();
      await pause(400);
      await scene.play(owner.page);
      await pause(300);
      await cast.stop();
      await owner.page.context().close();
      const { frames, seconds } = cast.timeline();
      const encoded = await encode(browser, frames, seconds);
      const length = encoded.seconds;
      const webm = withDuration(encoded.webm, length * 1000);
      if (webm.length > MAX_BYTES) console.warn(`${name}: ${(webm.length / 1048576).toFixed(2)} MB is over the 1.5 MB aim`);
      const hash = createHash('sha256').update(webm).digest('hex').slice(0, 10);
      for (const old of readdirSync(OUT_DIR)) if (old.startsWith(`${name}-`) && (old.endsWith('.webm') || old.endsWith('.jpg'))) rmSync(join(OUT_DIR, old));
      const file = `${name}-${hash}.webm`;
      writeFileSync(join(OUT_DIR, file), webm);
      // The poster: the screencast's last JPEG frame as it came, so the player shows the result, not black.
      const still = Buffer.from(frames.at(-1)?.data ?? '', 'base64');
      const poster = still.length > 0 ? `${name}-${createHash('sha256').update(still).digest('hex').slice(0, 10)}.jpg` : null;
      if (poster) writeFileSync(join(OUT_DIR, poster), still);
      manifest[name] = { src: `/tutorials/${file}`, ...(poster ? { poster: `/tutorials/${poster}` } : {}), seconds: Math.round(length * 10) / 10, bytes: webm.length };
      console.log(`${name}: ${file}, ${length.toFixed(1)} s, ${(webm.length / 1024).toFixed(0)} KB, ${frames.length} frames`);
    }
    writeManifest(manifest);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
