// Shared steps of the browser tests: an owner with a board on a spreadsheet of our choosing (set
// up through the real API, in the browser context so the session cookie is the browser's), the
// editor's "New Block" flow, Mantine selects, screenshots and small real media files (PNG, WAV) made
// on the spot so no test needs the network. Each block's test file builds on these.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RunningServer } from './harness';

// Screenshots go to docs/screenshots when SCREENSHOTS=1 (to refresh the README's pictures),
// otherwise to an ignored folder so a test run never dirties the tree.
export const shotDir = process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : 'tests/e2e/.artifacts';

/** Full-page screenshot `<shotDir>/<name>.png`; `name` may hold folders ('blocks/form'). */
export async function shot(page: Page, name: string): Promise<void> {
  const path = join(shotDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
}

/** Screenshot of one element (a block), for docs/screenshots/blocks. */
export async function shotOf(locator: Locator, name: string): Promise<void> {
  const path = join(shotDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await locator.screenshot({ path });
}

// ---- Small real media files, so tests need no network. ----
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
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

/** A real PNG of `width`×`height` px: a diagonal gradient from one RGB colour to another. */
export function png(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const o = y * (width * 3 + 1) + 1 + x * 3;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(from[i]! + (to[i]! - from[i]!) * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A real WAV (16-bit PCM, mono): `seconds` of a sine tone at `hz`, faded in and out. */
export function wav(seconds: number, hz = 440, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 4, rate / 20);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 0.4 * envelope * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Picks an option of a Mantine Select found by its accessible name. */
export async function choose(page: Page, scope: Locator | Page, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('textbox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export interface SheetJson {
  title: string;
  columns: string[];
  rows: Record<string, string | number>[];
}

export interface OwnerBoard {
  context: BrowserContext;
  page: Page;
  email: string;
  app: { id: string; name: string; subdomain: string; spreadsheetId: string | null };
  spreadsheetId: string;
  /** The owner's editor of the board: `${baseUrl}/${subdomain}`. */
  editorUrl: string;
  /** What a guest opens: `http://${subdomain}.localhost:${port}/`. */
  guestUrl: string;
}

let counter = 0;
/** An address no other owner has, on a server other files (running at the same time too) sign owners up on. */
export const newOwnerEmail = (prefix = 'owner') => `${prefix}${Date.now()}${counter++}-${randomBytes(4).toString('hex')}@example.com`;

/** One JSON call to the API in `context` (its cookies: the session of whoever signed up there); throws on an error status. */
export async function call<T>(context: BrowserContext, server: RunningServer, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${server.baseUrl}${path}`, { method, data, headers: { Accept: 'application/json' } });
  if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Marks an owner's e-mail address verified in the server's SQLite database, as following the
 * link e-mailed at sign-up would (issue 18: an unverified owner builds but cannot publish). The
 * link itself is followed in accounts.test.ts; tests about other things publish at once.
 */
export function verifyOwnerEmail(server: RunningServer, email: string): void {
  const db = new BetterSqlite3(join(server.dataDir, 'sheetboard.db'), { timeout: 10_000 });
  try {
    const res = db.prepare('UPDATE users SET email_verified_at = ? WHERE email = ?').run(new Date().toISOString(), email.toLowerCase());
    if (res.changes !== 1) throw new Error(`no owner ${email} to verify`);
  } finally {
    db.close();
  }
}

/** Signs an owner up through the API in `context` (its cookie is the session) with a verified address. */
export async function signUpOwner(context: BrowserContext, server: RunningServer, owner: { name: string; email: string; password: string }): Promise<void> {
  await call(context, server, 'POST', '/api/auth/signup', owner);
  verifyOwnerEmail(server, owner.email);
}

/**
 * Signs a new owner up (API), imports `sheets` as a JSON spreadsheet and creates a board on it,
 * then opens the board's editor. The board is public (asked for: new boards start private) with 'No sign in'.
 */
export async function ownerWithBoard(
  browser: Browser,
  server: RunningServer,
  opts: { board: string; sheets: SheetJson[]; spreadsheet?: string; viewport?: { width: number; height: number } },
): Promise<OwnerBoard> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 900 }, acceptDownloads: true });
  const email = newOwnerEmail();
  await signUpOwner(context, server, { name: 'Ada Owner', email, password: 'correct horse battery' });
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(context, server, 'POST', '/api/spreadsheets', {
    title: opts.spreadsheet ?? `${opts.board} data`,
    sheets: opts.sheets,
  });
  const { app } = await call<{ app: OwnerBoard['app'] }>(context, server, 'POST', '/api/apps', {
    name: opts.board,
    kind: 'board',
    spreadsheetId: spreadsheet.id,
    // New boards start private; these tests share them with guests.
    public: true,
  });
  const page = await context.newPage();
  const editorUrl = `${server.baseUrl}/${app.subdomain}`;
  await page.goto(editorUrl);
  await page.getByRole('button', { name: 'New Block' }).waitFor();
  return { context, page, email, app, spreadsheetId: spreadsheet.id, editorUrl, guestUrl: `http://${app.subdomain}.localhost:${server.port}/` };
}

/** Editor: New Block → the kind → its settings panel (region 'Block settings'). */
export async function addBlock(page: Page, kind: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New Block' }).click();
  await page.getByRole('dialog', { name: 'Choose Your Block' }).waitFor();
  await page.getByTestId(`block-option-${kind}`).click();
  const panel = page.getByRole('region', { name: 'Block settings' });
  await panel.waitFor();
  return panel;
}

/** Saves the open settings panel and waits for it to close. */
export async function saveBlock(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Block settings' });
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.waitFor({ state: 'detached' });
}

/** A fresh visitor (no session) on the board's app host. */
export async function guestPage(browser: Browser, url: string, viewport = { width: 1400, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/**
 * Signs a new owner up and imports `sheets` as a JSON spreadsheet (API, in the browser context),
 * then creates a multipage app through the UI: the dashboard's 'New multipage app' → the
 * /dashboard/new-multipage form (name, spreadsheet) → 'Create app', which opens the app's editor
 * on its home page (a header and a footer already there). The app is then made public.
 */
export async function ownerWithApp(
  browser: Browser,
  server: RunningServer,
  opts: { app: string; sheets: SheetJson[]; spreadsheet?: string; viewport?: { width: number; height: number } },
): Promise<OwnerBoard> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 900 }, acceptDownloads: true });
  const email = newOwnerEmail();
  await signUpOwner(context, server, { name: 'Ada Owner', email, password: 'correct horse battery' });
  const title = opts.spreadsheet ?? `${opts.app} data`;
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(context, server, 'POST', '/api/spreadsheets', { title, sheets: opts.sheets });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByRole('link', { name: 'New multipage app' }).click();
  const form = page.getByRole('form', { name: 'New multipage app' });
  await form.waitFor();
  await form.getByLabel('App name').fill(opts.app);
  await choose(page, form, /^Spreadsheet/, title);
  await form.getByRole('button', { name: 'Create app' }).click();
  await page.getByRole('button', { name: 'New Block' }).waitFor();
  const { apps } = await call<{ apps: OwnerBoard['app'][] }>(context, server, 'GET', '/api/apps');
  const app = apps.find((a) => a.name === opts.app);
  if (!app) throw new Error(`the app '${opts.app}' was not created`);
  // New apps start private; these tests share them with guests.
  await call(context, server, 'PUT', `/api/apps/${app.id}`, { public: true });
  const editorUrl = `${server.baseUrl}/${app.subdomain}`;
  if (new URL(page.url()).pathname !== `/${app.subdomain}`) throw new Error(`expected the editor at ${editorUrl}, got ${page.url()}`);
  return { context, page, email, app, spreadsheetId: spreadsheet.id, editorUrl, guestUrl: `http://${app.subdomain}.localhost:${server.port}/` };
}

/**
 * After signing up in the browser a new owner lands on the first-run page (/dashboard/start,
 * issue 18): skips it to the dashboard, as the tests that start from the dashboard need.
 */
export async function skipOnboarding(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/dashboard/start');
  await page.getByTestId('skip-start').click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}
