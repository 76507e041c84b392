// The sheet routes' no-cache flag on a connected Google spreadsheet (issue 16, gsheets/freshen.ts),
// on the test database against testing/google.ts: a cell changed in Google shows at once with
// nocache and not without; a second nocache within the window does not call Google; a paused
// connection never calls Google; a guest of a public app gets the same through the /v3 page
// route; a spreadsheet that is not Google's answers as ever.
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../testing/google';
import { addBlock, signUp, tableOf, type TestUser } from '../../testing/app';
import { FRESHEN_TUNING, wantsFresh } from './freshen';
import { runningPulls } from './pull';
import { googleConnectionsRepo } from '../../data/gsheets/repo';
import { connectGoogle, connectSheet, googleTestServer } from '../../testing/gsheets';

const { google, t } = googleTestServer();
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});
let fileCounter = 0;

const connect = (user: TestUser) => connectGoogle(t, google, user, 'read-write', `fresh${++fileCounter}@gmail.example`);

const HEADER: Cell[] = ['Name', 'City', 'Amount'];
const ROWS: Cell[][] = [
  ['Ada', 'London', 12.5],
  ['Grace', 'Arlington', 7],
];

/** A Google file shared with `email`, connected and pulled once; its last pull then set back a minute (past the window). */
async function connected(owner: TestUser): Promise<{ fileId: string; spreadsheetId: string }> {
  const email = await connect(owner);
  const fileId = `fresh-${String(++fileCounter).padStart(4, '0')}-${'y'.repeat(30)}`;
  google.createSpreadsheet({ spreadsheetId: fileId, title: 'Orders book', tabs: [{ title: 'Orders', rows: [HEADER, ...ROWS] }], writers: [email] });
  const { spreadsheetId } = await connectSheet(t, owner, fileId);
  await age(spreadsheetId);
  return { fileId, spreadsheetId };
}

/** The last pull a minute ago: the next nocache read may pull. */
async function age(spreadsheetId: string) {
  expect(FRESHEN_TUNING.windowMs).toBeLessThan(60_000);
  await t.ctx.db.updateTable('google_sources').set({ last_pull_at: new Date(Date.now() - 60_000).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
}

/** Ada's city as the board route answers it, with or without the no-cache flag. */
async function adaCity(user: TestUser, spreadsheetId: string, nocache: boolean): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders${nocache ? '?nocache=1' : ''}`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: { Name: unknown; City: unknown }[] }>().rows.find((r) => r.Name === 'Ada')?.City;
}

/** Requests that reached Google since the last `forget()`. */
const calls = () => google.requests.map((r) => r.kind);
const forget = () => {
  google.requests.length = 0;
};

describe('the no-cache flag', () => {
  it.each([
    [undefined, false],
    ['1', true],
    ['true', true],
    ['', true],
    ['false', false],
    ['0', false],
  ])('nocache=%j asks for fresh rows: %s', (flag, fresh) => {
    expect(wantsFresh(flag)).toBe(fresh);
  });

  it('a cell changed in Google: the cache answers the old value, nocache the new one at once; a second nocache within the window does not call Google', async () => {
    const owner = await signUp(t.app);
    const { fileId, spreadsheetId } = await connected(owner);
    google.setCell(fileId, 'Orders', 'B2', 'Paris');
    forget();
    expect(await adaCity(owner, spreadsheetId, false)).toBe('London');
    expect(calls()).toEqual([]);

    expect(await adaCity(owner, spreadsheetId, true)).toBe('Paris');
    expect(calls().filter((k) => k === 'drive.files.get')).toHaveLength(1);
    expect(calls()).toContain('sheets.values.get');

    // Within the window the last pull is fresh enough: answered from the cache, Google not asked.
    google.setCell(fileId, 'Orders', 'B2', 'Rome');
    forget();
    expect(await adaCity(owner, spreadsheetId, true)).toBe('Paris');
    expect(await adaCity(owner, spreadsheetId, true)).toBe('Paris');
    expect(calls()).toEqual([]);
    expect(runningPulls(t.ctx)).toHaveLength(0);

    // Past it (the clock moved on a window), the next nocache pulls again.
    const later = Date.now() + FRESHEN_TUNING.windowMs;
    FRESHEN_TUNING.now = () => later;
    try {
      expect(await adaCity(owner, spreadsheetId, true)).toBe('Rome');
    } finally {
      FRESHEN_TUNING.now = () => Date.now();
    }
    expect(calls().filter((k) => k === 'drive.files.get')).toHaveLength(1);
  });

  it('a paused connection (Google refused it): answered from the cache, nothing sent to Google', async () => {
    const owner = await signUp(t.app);
    const { fileId, spreadsheetId } = await connected(owner);
    const source = await t.ctx.db.selectFrom('google_sources').select('connection_id').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
    await googleConnectionsRepo(t.ctx.db).markReconnectNeeded(source.connection_id, 'Google refused the connection.', new Date().toISOString());
    google.setCell(fileId, 'Orders', 'B2', 'Paris');
    forget();
    expect(await adaCity(owner, spreadsheetId, true)).toBe('London');
    expect(calls()).toEqual([]);
    expect(runningPulls(t.ctx)).toHaveLength(0);
  });

  it('a spreadsheet whose sync is paused (connection fine): answered from the cache, nothing sent to Google', async () => {
    const owner = await signUp(t.app);
    const { fileId, spreadsheetId } = await connected(owner);
    await t.ctx.db.updateTable('google_sources').set({ status: 'paused' }).where('spreadsheet_id', '=', spreadsheetId).execute();
    google.setCell(fileId, 'Orders', 'B2', 'Paris');
    forget();
    expect(await adaCity(owner, spreadsheetId, true)).toBe('London');
    expect(calls()).toEqual([]);
  });

  it("a guest of a public multipage app, through the /v3 page route: nocache pulls the app's Google spreadsheet first", async () => {
    const owner = await signUp(t.app);
    const { fileId, spreadsheetId } = await connected(owner);
    const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Live shop', kind: 'multipage', spreadsheetId } });
    expect(created.statusCode, created.body).toBe(201);
    const appId = created.json<{ app: { id: string } }>().app.id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(owner), payload: { public: true } })).statusCode).toBe(200);
    await addBlock(t.app, owner, appId, tableOf('Orders', ['Name', 'City']));
    google.setCell(fileId, 'Orders', 'B3', 'Boston');
    const city = async (nocache: boolean) => {
      const res = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${appId}${nocache ? '&nocache=true' : ''}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rows: { Name: unknown; City: unknown }[] }>().rows.find((r) => r.Name === 'Grace')?.City;
    };
    expect(await city(false)).toBe('Arlington');
    expect(await city(true)).toBe('Boston');
  });

  it('a spreadsheet that is not Google’s: nocache answers as without it', async () => {
    const owner = await signUp(t.app);
    const s = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(owner), payload: { title: 'Local', sheets: [{ title: 'Orders', columns: ['Name', 'City'], rows: [{ Name: 'Ada', City: 'London' }] }] } });
    const spreadsheetId = s.json<{ spreadsheet: { id: string } }>().spreadsheet.id;
    forget();
    expect(await adaCity(owner, spreadsheetId, true)).toBe('London');
    expect(calls()).toEqual([]);
  });
});
