import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, createSpreadsheet, signUp, type TestUser } from '../../testing/app';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import { testServer } from '../../testing/server';
import { answerCacheOf } from '../spreadsheets/sheet-etag';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let sheetId: string;
let app: { id: string; subdomain: string };

// 30 cities, city k appears k+1 times with Sales 10 each, in North or South; Home matches Region
// on even rows. Day is a number 0..n-1 (an ordered x).
const ROWS: Record<string, string | number>[] = [];
for (let k = 0; k < 30; k++)
  for (let r = 0; r <= k; r++) ROWS.push({ City: `City ${k}`, Sales: 10, Region: k % 2 ? 'North' : 'South', Home: r % 2 ? 'North' : 'South', Day: ROWS.length, Note: '' });
const TOTAL = ROWS.length; // 465
const SUM = TOTAL * 10;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  sheetId = await createSpreadsheet(t.app, owner, 'Shop', [{ title: 'Sales data', columns: ['City', 'Sales', 'Region', 'Home', 'Day', 'Note'], rows: ROWS }]);
  app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Shop Board', kind: 'board', spreadsheetId: sheetId } })).json().app;
  // Guests chart the columns the board's blocks use: sales by city, by day, and by region on the
  // rows whose Region is their Home (Note is used by no block).
  const chart = (x_axis: string, more: object = {}) => addBlock(t.app, owner, app.id, { type: 'chart', sheet_title: 'Sales data', x_axis, axis: [{ column: 'Sales' }], ...more });
  await chart('City');
  await chart('Day');
  await chart('Region', { filters: [{ select_column: 'Region', condition: 'Is', filter_by: 'None', match_with_column: 'Home' }] });
});

const spec = (over: object = {}) => ({ x_axis: 'City', axes: [{ column: 'Sales', type: 'bar' }], ...over });
function url(chart: unknown, extra = '', board: string | null = app.id) {
  const q = new URLSearchParams({ chart: typeof chart === 'string' ? chart : JSON.stringify(chart) });
  if (board) q.set('board', board);
  return `/api/board/${sheetId}/sheet/Sales%20data/chart?${q.toString()}${extra}`;
}
const get = (u: string, cookie?: string) => t.app.inject({ method: 'GET', url: u, headers: cookie ? { cookie } : {} });

describe('GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/chart', () => {
  it('groups the rows: labels, one series per axis, totals', async () => {
    const res = await get(url(spec({ axes: [{ column: 'Sales' }, { column: 'Sales', duplicateXAxis: 'average' }] })));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.labels).toHaveLength(30);
    expect(body.labels.slice(0, 2)).toEqual(['City 0', 'City 1']);
    expect(body.series[0].slice(0, 3)).toEqual([10, 20, 30]);
    expect(body.series[1].slice(0, 3)).toEqual([10, 10, 10]);
    expect(body).toMatchObject({ total_rows: TOTAL, groups: 30, points: 30, aggregated: false, other: false });
  });

  it('never more than `points`: top groups plus Other, the sum kept', async () => {
    const body = (await get(url(spec({ axes: [{ column: 'Sales', type: 'pie' }] }), '&points=5'))).json();
    expect(body.labels).toEqual(['City 26', 'City 27', 'City 28', 'City 29', 'Other']);
    expect(body.series[0].reduce((a: number, b: number) => a + b, 0)).toBe(SUM);
    expect(body).toMatchObject({ points: 5, aggregated: true, other: true, groups: 30 });
  });

  it('ordered x on a line: decimated to `points`, extremes and ends kept', async () => {
    const body = (await get(url(spec({ x_axis: 'Day', axes: [{ column: 'Sales', type: 'line' }] }), '&points=20'))).json();
    expect(body.labels.length).toBeLessThanOrEqual(20);
    expect(body.labels[0]).toBe('0');
    expect(body.labels.at(-1)).toBe(String(TOTAL - 1));
    expect(body.aggregated).toBe(true);
  });

  it('points over 100 are taken in whole hundreds (never more than asked)', async () => {
    const body = (await get(url(spec({ x_axis: 'Day', axes: [{ column: 'Sales', type: 'scatter' }] }), '&points=199'))).json();
    expect(body.xy[0].length).toBeLessThanOrEqual(100);
    expect(body.points).toBe(body.xy[0].length);
  });

  it('scatter sends points per axis', async () => {
    const body = (await get(url(spec({ x_axis: 'Day', axes: [{ column: 'Sales', type: 'scatter' }] }), '&points=100'))).json();
    expect(body.xy[0].length).toBeLessThanOrEqual(100);
    expect(body.xy[0][0]).toEqual({ x: 0, y: 10 });
  });

  it('the second identical request is served from the result cache; a write invalidates it', async () => {
    const u = url(spec({ x_axis: 'Region' }), '&points=50');
    await get(u);
    // The finished answer is kept by its ETag too (net/answer-cache.ts); without it, the result cache answers.
    answerCacheOf(t.ctx).clear();
    const again = (await get(u)).json();
    expect(again.cached).toBe(true);
    expect(again.labels).toEqual(['South', 'North']);
    expect(again.series[0]).toEqual([2250, 2400]);
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/board/${sheetId}/sheet/Sales%20data/rows`,
      headers: { cookie: owner.cookie },
      payload: { board: app.id, values: { City: 'New', Sales: 5, Region: 'North', Home: '', Day: 999, Note: '' } },
    });
    expect(add.statusCode, add.body).toBe(201);
    const after = (await get(u)).json();
    expect(after.cached).toBe(false);
    expect(after.series[0]).toEqual([2250, 2405]);
    expect(after.total_rows).toBe(TOTAL + 1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/board/${sheetId}/sheet/Sales%20data/rows/${add.json().row._id}?board=${app.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode, del.body).toBe(204);
  });

  it('board filters apply before grouping', async () => {
    const filters = [{ name: 'Region', active: true, condition: '=', sheet_column: { sheet: 'Sales data', column: 'Region' }, value: 'North' }];
    const body = (await get(url(spec({ x_axis: 'Region' }), `&filters=${encodeURIComponent(JSON.stringify(filters))}`))).json();
    expect(body.labels).toEqual(['North']);
    expect(body.series).toEqual([[2400]]);
    expect(body.total_rows).toBe(240);
    const other = [{ ...filters[0], sheet_column: { sheet: 'Another sheet', column: 'Region' } }];
    expect((await get(url(spec({ x_axis: 'Region' }), `&filters=${encodeURIComponent(JSON.stringify(other))}`))).json().total_rows).toBe(TOTAL);
  });

  it('conditional filters (select_column Is match_with_column) apply too', async () => {
    const filters = [{ select_column: 'Region', condition: 'Is', filter_by: 'None', match_with_column: 'Home' }];
    const body = (await get(url(spec({ x_axis: 'Region', filters })))).json();
    // Rows whose Region equals Home: South rows with even r, North rows with odd r.
    const expected = ROWS.filter((r) => r.Region === r.Home).length;
    expect(body.total_rows).toBe(expected);
    expect(body.series[0].reduce((a: number, b: number) => a + b, 0)).toBe(expected * 10);
  });
});

describe('who may read a chart', () => {
  it('a guest of a public board; the owner without board', async () => {
    expect((await get(url(spec()))).statusCode).toBe(200);
    expect((await get(url(spec(), '', null), owner.cookie)).statusCode).toBe(200);
  });

  it("a guest charts only the columns the board's blocks use (issue 5): Note → 400; the owner → 200", async () => {
    const onNote = [spec({ x_axis: 'Note' }), spec({ axes: [{ column: 'Note' }] }), spec({ filters: [{ select_column: 'Note', condition: 'Is', filter_by: 'None', match_with_column: 'Home' }] })];
    for (const chart of onNote) {
      const res = await get(url(chart));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING_COLUMN_WORDS.chart('Note'));
      expect((await get(url(chart), owner.cookie)).statusCode).toBe(200);
      expect((await get(url(chart, '', null), owner.cookie)).statusCode).toBe(200);
    }
    // Board filters on it too: they would answer questions about the hidden column.
    const filters = encodeURIComponent(JSON.stringify([{ name: 'Note', active: true, condition: '=', sheet_column: { sheet: 'Sales data', column: 'Note' }, value: '' }]));
    const guest = await get(url(spec(), `&filters=${filters}`));
    expect(guest.statusCode).toBe(400);
    expect(guest.json().message).toBe(MISSING_COLUMN_WORDS.filter('Note'));
    const own = await get(url(spec(), `&filters=${filters}`), owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().total_rows).toBe(TOTAL);
  });

  it('no board and no session → 401; a stranger without board → 404', async () => {
    expect((await get(url(spec(), '', null))).statusCode).toBe(401);
    expect((await get(url(spec(), '', null), stranger.cookie)).statusCode).toBe(404);
  });

  it('a private board → 403 for guests, still fine for its owner', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      const res = await get(url(spec()));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This application is private and you do not have permission to access it.');
      expect((await get(url(spec()), stranger.cookie)).statusCode).toBe(403);
      expect((await get(url(spec()), owner.cookie)).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
  });

  it('an unknown sheet → 404', async () => {
    const res = await get(`/api/board/${sheetId}/sheet/Nope/chart?board=${app.id}&chart=${encodeURIComponent(JSON.stringify(spec()))}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('bad requests name the problem', () => {
  it.each([
    ['an unknown x column', spec({ x_axis: 'Nope' }), 'This chart uses a column “Nope” that is no longer in the sheet. The owner can fix it in the editor.', 'chart.x_axis'],
    ['an unknown axis column', spec({ axes: [{ column: 'Sales' }, { column: 'Profit' }] }), 'This chart uses a column “Profit” that is no longer in the sheet.', 'chart.axes.1.column'],
    ['an unknown filter column', spec({ filters: [{ select_column: 'Region', match_with_column: 'Zone' }] }), 'This chart uses a column “Zone”', 'chart.filters.0.match_with_column'],
    ['no x axis', spec({ x_axis: '' }), 'Choose a column', 'chart.x_axis'],
    ['no axes', spec({ axes: [] }), 'Add a column to plot', 'chart.axes'],
    ['a chart type outside the spec', spec({ axes: [{ column: 'Sales', type: 'donut' }] }), 'Choose one of: ', 'chart.axes.0.type'],
    ['a condition other than Is', spec({ filters: [{ select_column: 'Region', condition: 'Is not', match_with_column: 'Home' }] }), 'The condition must be Is', 'chart.filters.0.condition'],
    ['bad JSON', '{"x_axis":', 'Invalid chart: not valid JSON', 'chart'],
  ])('%s → 400', async (_label, chart, message, path) => {
    const res = await get(url(chart));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues[0].path).toBe(path);
  });

  it.each([
    ['points below 3', '&points=2', 'points'],
    ['points above 20000', '&points=20001', 'points'],
    ['bad board filters', '&filters=%5B%7B', 'filters'],
  ])('%s → 400', async (_label, extra, path) => {
    const res = await get(url(spec(), extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe(path);
  });

  it('no chart parameter → 400', async () => {
    const res = await get(`/api/board/${sheetId}/sheet/Sales%20data/chart?board=${app.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('chart');
  });
});
