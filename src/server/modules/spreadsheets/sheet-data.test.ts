import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, createSpreadsheet, publicBoardOverSheet, signUp, tableOf, type TestUser } from '../../testing/app';
import { publicSheetReaders, testServer } from '../../testing/server';

const t = testServer();

const ROWS = [
  { Name: 'Banana', City: 'Paris', Amount: 10 },
  { Name: 'apple', City: 'Berlin', Amount: 2 },
  { Name: 'Cherry', City: 'paris', Amount: 100 },
  { Name: 'Émile', City: 'Lyon', Amount: '' },
  { Name: 'item 10', City: 'Oslo', Amount: -5 },
  { Name: 'item 9', City: 'Rome', Amount: 2 },
];

const s = publicSheetReaders(t, { spreadsheet: 'Fruit', board: 'Fruit Board' }, { title: 'Stock list', columns: ['Name', 'City', 'Amount'], rows: ROWS }, { title: 'S', columns: ['x'], rows: [{ x: 1 }] });

const url = (query: string, id = s.spreadsheetId, title = 'Stock%20list') => `/api/board/${id}/sheet/${title}?${query}`;

describe('who may read', () => {
  it.each([
    ['by app id', () => `board=${s.app.id}`],
    ['by subdomain', () => `board=${s.app.subdomain}`],
    ['by page path /{board_slug}', () => `board=${encodeURIComponent('/' + s.app.subdomain)}`],
    ['by page path with a page', () => `board=${encodeURIComponent('/' + s.app.subdomain + '/home')}`],
    ['by full URL', () => `board=${encodeURIComponent('http://localhost:3000/' + s.app.subdomain)}&referer=x`],
  ])('a guest reads a public board sheet %s', async (_label, q) => {
    const res = await t.app.inject({ method: 'GET', url: url(q()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(6);
  });

  it("a guest on the app host with board '/' reads it (Host names the app)", async () => {
    const res = await t.app.inject({ method: 'GET', url: url('board=%2F'), headers: { host: `${s.app.subdomain}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().columns).toEqual(['Name', 'City', 'Amount']);
  });

  it('the owner reads without board, even with an unrelated page path', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(''), headers: { cookie: s.owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url('board=%2Fdashboard'), headers: { cookie: s.owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url('', s.secretId, 'S'), headers: { cookie: s.owner.cookie } })).statusCode).toBe(200);
  });

  it('a spreadsheet the named board does not use → 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`, s.secretId, 'S') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This board does not use this spreadsheet');
  });

  it('no board and no session → 401; a stranger without board → 404; an unknown board → 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(''), headers: { cookie: s.stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url('board=no-such-board'), headers: { cookie: s.stranger.cookie } })).statusCode).toBe(404);
  });

  it('a private app stops guests (403)', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/apps/${s.app.id}`, headers: { cookie: s.owner.cookie }, payload: { public: false } });
    try {
      const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This application is private and you do not have permission to access it.');
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${s.app.id}`, headers: { cookie: s.owner.cookie }, payload: { public: true } });
    }
  });

  it("unknown sheet → 404 \"Sheet 'X' not found\"; unknown spreadsheet → 403 as another owner's", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`, s.spreadsheetId, 'Nope') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Sheet 'Nope' not found", code: 'not_found' });
    // An unknown spreadsheet is answered as another owner's (403, the board does not use it): whether an id exists is not told.
    const unknown = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`, 'zzzzzz', 'S') });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('This board does not use this spreadsheet');
  });
});

describe('search, sort, paging, fields', () => {
  const get = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&${q}`) });
    expect(res.statusCode).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; columns: string[]; total: number };
  };

  it('searches comma-separated terms, any term, case-insensitive', async () => {
    const r = await get('q=PARIS');
    expect(r.rows.map((x) => x.Name)).toEqual(['Banana', 'Cherry']);
    const any = await get(`q=${encodeURIComponent('berlin, oslo ,')}`);
    expect(any.total).toBe(2);
    expect(any.rows.map((x) => x.Name)).toEqual(['apple', 'item 10']);
    expect((await get('q=100')).rows.map((x) => x.Name)).toEqual(['Cherry']);
    expect((await get('q=zzz')).total).toBe(0);
  });

  it('sorts numbers numerically with empties last, in both directions', async () => {
    expect((await get('sort=Amount')).rows.map((x) => x.Amount)).toEqual([-5, 2, 2, 10, 100, '']);
    expect((await get('sort=Amount&dir=desc')).rows.map((x) => x.Amount)).toEqual([100, 10, 2, 2, -5, '']);
    expect((await get('sort=-Amount')).rows.map((x) => x.Amount)).toEqual([100, 10, 2, 2, -5, '']);
    // Ties keep sheet order.
    expect((await get('sort=Amount')).rows.slice(1, 3).map((x) => x.Name)).toEqual(['apple', 'item 9']);
  });

  it('sorts text with a collator: case and accents fold, numbers inside text compare as numbers', async () => {
    expect((await get('sort=Name')).rows.map((x) => x.Name)).toEqual(['apple', 'Banana', 'Cherry', 'Émile', 'item 9', 'item 10']);
  });

  it('pages with limit and offset and reports the total before paging', async () => {
    const r = await get('sort=Name&limit=2&offset=2');
    expect(r.total).toBe(6);
    expect(r.rows.map((x) => x.Name)).toEqual(['Cherry', 'Émile']);
    const found = await get('q=paris&sort=Amount&dir=desc&limit=1');
    expect(found).toMatchObject({ total: 2, rows: [{ Name: 'Cherry' }] });
  });

  it('limits the returned columns with fields', async () => {
    const r = await get('fields=Name,Amount&limit=1');
    expect(r.columns).toEqual(['Name', 'Amount']);
    // _id and _version are not columns: kept when fields narrows the columns.
    expect(r.rows).toEqual([{ Name: 'Banana', Amount: 10, _id: '0', _version: 1 }]);
  });

  it('reads a sheet whose non-Latin title is long once percent-encoded', async () => {
    const title = 'Продажи по регионам и городам за 2025 год';
    const id = await createSpreadsheet(t.app, s.owner, 'Отчёт', [{ title, columns: ['Город'], rows: [{ Город: 'Москва' }] }]);
    expect(encodeURIComponent(title).length).toBeGreaterThan(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/${encodeURIComponent(title)}`, headers: { cookie: s.owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([{ Город: 'Москва', _id: '0', _version: 1 }]);
  });

  it('takes up to 50 search terms and refuses more (each is a sweep of the sheet)', async () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(',');
    expect((await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&q=${terms(50)},paris`) })).statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&q=${terms(49)},paris,PARIS, paris`) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(2);
    const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&q=${terms(2000)}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search for at most 50 terms at a time');
  });

  it.each(['fields=', 'fields=,', 'fields=%20,%20'])('%s names no column: every column', async (q) => {
    const r = await get(`${q}&limit=1`);
    expect(r.columns).toEqual(['Name', 'City', 'Amount']);
    expect(r.rows).toEqual([{ Name: 'Banana', City: 'Paris', Amount: 10, _id: '0', _version: 1 }]);
  });

  it.each([
    ['sort=Nope', "Unknown column 'Nope' in sort"],
    ['fields=Name,Nope', "Unknown column 'Nope' in fields"],
    ['limit=0', 'The limit must be at least 1'],
    ['offset=-1', 'The offset must be at least 0'],
    ['dir=sideways', 'Choose one of: asc, desc'],
  ])('refuses %s with 400', async (q, message) => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&${q}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('cache', () => {
  it('serves from the cache and reloads when the sheet version changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`) });
    expect(first.json().rows[0].Name).toBe('Banana');
    // Another process (or a future write route) changes a row and bumps the version.
    const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'version']).where('spreadsheet_id', '=', s.spreadsheetId).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sheet_rows').set({ data: JSON.stringify({ Name: 'Blueberry', City: 'Paris', Amount: 10 }) }).where('sheet_id', '=', sheet.id).where('row_index', '=', 0).execute();
    const stale = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}`) });
    expect(stale.json().rows[0].Name).toBe('Banana');
    await t.ctx.db.updateTable('sheets').set({ version: Number(sheet.version) + 1 }).where('id', '=', sheet.id).execute();
    const fresh = await t.app.inject({ method: 'GET', url: url(`board=${s.app.id}&q=blue`) });
    expect(fresh.json().rows.map((r: { Name: string }) => r.Name)).toEqual(['Blueberry']);
  });
});

describe('cache after delete', () => {
  it('drops the sheets of a deleted spreadsheet from the cache', async () => {
    const id = await createSpreadsheet(t.app, s.owner, 'Gone soon', [{ title: 'G', columns: ['x'], rows: [{ x: 1 }] }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/G`, headers: { cookie: s.owner.cookie } })).statusCode).toBe(200);
    const before = t.ctx.sheetCache.size;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spreadsheets/${id}`, headers: { cookie: s.owner.cookie } })).statusCode).toBe(204);
    expect(t.ctx.sheetCache.size).toBe(before - 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/G`, headers: { cookie: s.owner.cookie } })).statusCode).toBe(404);
  });
});

describe('board filters', () => {
  let viewer: TestUser;
  let tasksId: string;
  let tasksApp: { id: string };
  const TASKS = [
    { Task: 'Write spec', Status: 'Open', City: 'Paris', Due: '2024-03-05', Assignee: '' },
    { Task: 'Review code', Status: 'Done', City: 'Lyon', Due: '15/03/2024', Assignee: '' },
    { Task: 'Ship release', Status: 'open', City: 'Berlin', Due: 'April 2, 2024', Assignee: '' },
    { Task: 'Fix the bug', Status: 'Blocked', City: 'Paris', Due: '2024-02-28', Assignee: '' },
    { Task: 'Write docs', Status: 'Open', City: 'Oslo', Due: '', Assignee: '' },
  ];
  const filter = (column: string, condition: string, value: unknown, extra: object = {}) => ({
    name: column,
    active: true,
    condition,
    sheet_column: { sheet: 'Tasks', column },
    value,
    ...extra,
  });

  beforeAll(async () => {
    viewer = await signUp(t.app, 'Viewer');
    const rows = TASKS.map((r, i) => ({ ...r, Assignee: i % 2 === 0 ? viewer.email : s.owner.email }));
    // Guests filter on the columns the board's blocks use: its table shows all five.
    ({ spreadsheetId: tasksId, app: tasksApp } = await publicBoardOverSheet(t.app, s.owner, { spreadsheet: 'Tasks', board: 'Tasks Board' }, { title: 'Tasks', columns: ['Task', 'Status', 'City', 'Due', 'Assignee'], rows }));
  });

  const get = async (filters: unknown[], extra = '', cookie?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/board/${tasksId}/sheet/Tasks?board=${tasksApp.id}&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; total: number };
  };
  const names = (r: { rows: Record<string, unknown>[] }) => r.rows.map((x) => x.Task);

  it('= matches equal text, trimmed and case-insensitive', async () => {
    const r = await get([filter('Status', '=', ' OPEN ')]);
    expect(r.total).toBe(3);
    expect(names(r)).toEqual(['Write spec', 'Ship release', 'Write docs']);
  });

  it('includes, and every active filter must match', async () => {
    expect(names(await get([filter('Task', 'includes', 'write')]))).toEqual(['Write spec', 'Write docs']);
    expect(names(await get([filter('Task', 'includes', 'write'), filter('City', '=', 'paris')]))).toEqual(['Write spec']);
  });

  it('any_of matches any option', async () => {
    expect(names(await get([filter('City', 'any_of', 'Lyon||oslo')]))).toEqual(['Review code', 'Write docs']);
  });

  it('date with a range reads every accepted format; an empty cell never matches', async () => {
    expect(names(await get([filter('Due', 'date', '2024-03-01..2024-03-31')]))).toEqual(['Write spec', 'Review code']);
    expect(names(await get([filter('Due', 'date', '01/03/2024..')]))).toEqual(['Write spec', 'Review code', 'Ship release']);
  });

  it('inactive filters and filters of another sheet are ignored', async () => {
    expect((await get([filter('Status', '=', 'Done', { active: false })])).total).toBe(5);
    expect((await get([filter('Status', '=', 'Done', { sheet_column: { sheet: 'Other', column: 'Status' } })])).total).toBe(5);
    expect((await get([filter('Status', '=', 'Done'), filter('City', '=', 'Paris', { active: false })])).total).toBe(1);
  });

  it("a filter on a column the sheet does not have matches nothing (the owner); a guest's is refused like a hidden column's", async () => {
    expect((await get([filter('Nope', 'not_includes', 'x')], '', s.owner.cookie)).total).toBe(0);
    // Outside the board's columns: the same 400 as a column that exists but is hidden.
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${tasksId}/sheet/Tasks?board=${tasksApp.id}&filters=${encodeURIComponent(JSON.stringify([filter('Nope', 'not_includes', 'x')]))}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A filter uses a column “Nope” that is no longer in the sheet. The owner can fix it in the editor.');
  });

  it('applies before search, sort and paging: total counts filters + search', async () => {
    const r = await get([filter('Status', '=', 'open')], '&q=write,ship&sort=-Task&limit=2');
    expect(r.total).toBe(3);
    expect(names(r)).toEqual(['Write spec', 'Write docs']);
    const page2 = await get([filter('Status', '=', 'open')], '&q=write,ship&sort=-Task&limit=2&offset=2');
    expect(page2.total).toBe(3);
    expect(names(page2)).toEqual(['Ship release']);
    const searched = await get([filter('City', '=', 'Paris')], '&q=bug');
    expect(searched.total).toBe(1);
    expect(names(searched)).toEqual(['Fix the bug']);
  });

  it("'current user' is the session's e-mail; without a session it matches nothing", async () => {
    const mine = [filter('Assignee', '=', 'Current User')];
    expect(names(await get(mine, '', viewer.cookie))).toEqual(['Write spec', 'Ship release', 'Write docs']);
    expect(names(await get(mine, '', s.owner.cookie))).toEqual(['Review code', 'Fix the bug']);
    // Cached per e-mail: the viewer asks again after the owner and still sees their own rows.
    expect((await get(mine, '', viewer.cookie)).total).toBe(3);
    // No session: nothing, whatever the query claims (the spec's `_email` is taken and never read;
    // a made-up identity parameter is refused by name).
    expect((await get(mine, `&_email=${encodeURIComponent(viewer.email)}&_id=1`)).total).toBe(0);
    const claimed = await t.app.inject({ method: 'GET', url: `/api/board/${tasksId}/sheet/Tasks?board=${tasksApp.id}&filters=${encodeURIComponent(JSON.stringify(mine))}&userEmail=${encodeURIComponent(viewer.email)}` });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toMatchObject({ code: 'unknown_field', message: expect.stringMatching(/^userEmail is not an option of this address/) });
    expect(names(await get([filter('Assignee', 'any_of', `current user||${s.owner.email}`)]))).toEqual(['Review code', 'Fix the bug']);
  });

  it('no filters, an empty array or an empty parameter: every row', async () => {
    expect((await get([])).total).toBe(5);
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${tasksId}/sheet/Tasks?board=${tasksApp.id}&filters=` });
    expect(res.json().total).toBe(5);
  });

  it.each([
    ['bad JSON', '[{"name":', 'Invalid filters: not valid JSON'],
    ['not an array', '{"name":"x"}', 'Invalid filters: filters: '],
    ['a bad condition', JSON.stringify([{ name: 'x', active: true, condition: 'like', sheet_column: { sheet: 'Tasks', column: 'Task' }, value: 'a' }]), 'Invalid filters: filters.0.condition: '],
    ['a missing sheet_column', JSON.stringify([{ name: 'x', active: true, condition: '=', value: 'a' }]), 'Invalid filters: filters.0.sheet_column: '],
    ['51 active filters', JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, active: true, condition: 'includes', sheet_column: { sheet: 'Tasks', column: 'Task' }, value: 'w' }))), 'Invalid filters: at most 50 active filters per sheet'],
  ])('%s → 400 naming the problem', async (_label, raw, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${tasksId}/sheet/Tasks?board=${tasksApp.id}&filters=${encodeURIComponent(raw)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.startsWith(message), res.json().message).toBe(true);
  });
});

describe('a viewer receives only the sheet columns the blocks of the pages they may see use (issue 5)', () => {
  let peopleId: string;
  let board: { id: string };
  const PEOPLE = [
    { A: 'alpha', B: 'beta', Secret: 'hush money' },
    { A: 'gamma', B: 'delta', Secret: 'classified' },
  ];
  const guestRows = [
    { A: 'alpha', B: 'beta', _id: '0', _version: 1 },
    { A: 'gamma', B: 'delta', _id: '1', _version: 1 },
  ];
  const secretFilter = (value: string, column = 'Secret') => ({ name: column, active: true, condition: 'includes', sheet_column: { sheet: 'People', column }, value });
  const read = (appId: string, query = '', cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/board/${peopleId}/sheet/People?board=${appId}&${query}`, headers: cookie ? { cookie } : {} });
  const columnsOf = async (appId: string) => {
    const res = await read(appId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().columns as string[];
  };
  /** A public app of the People spreadsheet whose only block is a table of A and B. */
  const newApp = async (name: string, kind: 'board' | 'multipage' = 'board') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: s.owner.cookie }, payload: { public: true, name, kind, spreadsheetId: peopleId } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().app as { id: string };
    await addBlock(t.app, s.owner, created.id, tableOf('People', ['A', 'B']));
    return created;
  };

  beforeAll(async () => {
    peopleId = await createSpreadsheet(t.app, s.owner, 'People', [{ title: 'People', columns: ['A', 'B', 'Secret'], rows: PEOPLE }, { title: 'Other', columns: ['Secret'], rows: [{ Secret: 'x' }] }]);
    board = await newApp('People Board');
  });

  it("a guest's rows carry A, B, _id and _version, not Secret; the columns are [A, B]", async () => {
    const res = await read(board.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: guestRows, columns: ['A', 'B'], total: 2 });
    expect(res.body).not.toContain('hush');
    expect(res.body).not.toContain('Secret');
  });

  it.each([
    ['fields=Secret', "Unknown column 'Secret' in fields"],
    ['fields=A,Secret', "Unknown column 'Secret' in fields"],
    ['sort=Secret', "Unknown column 'Secret' in sort"],
    ['sort=-Secret', "Unknown column 'Secret' in sort"],
    [`filters=${encodeURIComponent(JSON.stringify([secretFilter('hush')]))}`, 'A filter uses a column “Secret” that is no longer in the sheet. The owner can fix it in the editor.'],
  ])("a guest's %s → 400 (a hidden column cannot be asked about)", async (q, message) => {
    const res = await read(board.id, q);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("a guest's search looks at their columns only", async () => {
    const hidden = await read(board.id, 'q=hush');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ rows: [], total: 0 });
    expect((await read(board.id, 'q=classified')).json().total).toBe(0);
    expect((await read(board.id, 'q=ALPHA')).json()).toEqual({ rows: [guestRows[0]], columns: ['A', 'B'], total: 1 });
    expect((await read(board.id, `q=${encodeURIComponent('hush, delta')}`)).json()).toMatchObject({ rows: [guestRows[1]], total: 1 });
  });

  it('the owner still reads every column, searches, sorts and filters on Secret', async () => {
    for (const res of [await read(board.id, '', s.owner.cookie), await t.app.inject({ method: 'GET', url: `/api/board/${peopleId}/sheet/People`, headers: { cookie: s.owner.cookie } })]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().columns).toEqual(['A', 'B', 'Secret']);
      expect(res.json().rows[0]).toEqual({ A: 'alpha', B: 'beta', Secret: 'hush money', _id: '0', _version: 1 });
    }
    expect((await read(board.id, 'q=hush', s.owner.cookie)).json().total).toBe(1);
    expect((await read(board.id, 'sort=Secret&fields=Secret', s.owner.cookie)).json().rows.map((r: { Secret: string }) => r.Secret)).toEqual(['classified', 'hush money']);
    expect((await read(board.id, `filters=${encodeURIComponent(JSON.stringify([secretFilter('hush')]))}`, s.owner.cookie)).json().total).toBe(1);
  });

  it('another signed-in user (not the owner) is a viewer too', async () => {
    expect((await read(board.id, '', s.stranger.cookie)).json().columns).toEqual(['A', 'B']);
  });

  it('a block on a page that is not public does not widen a guest’s columns (until the page is public)', async () => {
    const site = await newApp('People Site', 'multipage');
    const page = await t.app.inject({ method: 'POST', url: '/api/pages', headers: { cookie: s.owner.cookie }, payload: { appId: site.id, page_name: 'Staff only' } });
    expect(page.statusCode, page.body).toBe(201);
    const pageId = page.json().page.page_id as string;
    const hide = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${site.id}&page=${pageId}`, headers: { cookie: s.owner.cookie }, payload: { is_public: false } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().is_public).toBe(false);
    await addBlock(t.app, s.owner, site.id, tableOf('People', ['A', 'Secret']), pageId);
    expect(await columnsOf(site.id)).toEqual(['A', 'B']);
    expect((await read(site.id, 'fields=Secret')).statusCode).toBe(400);
    // The same block counts once its page is public.
    await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${site.id}&page=${pageId}`, headers: { cookie: s.owner.cookie }, payload: { is_public: true } });
    expect(await columnsOf(site.id)).toEqual(['A', 'B', 'Secret']);
  });

  it("a block of another sheet naming a column of the same name does not widen this sheet's columns", async () => {
    const other = await newApp('People Other');
    await addBlock(t.app, s.owner, other.id, tableOf('Other', ['Secret']));
    expect(await columnsOf(other.id)).toEqual(['A', 'B']);
  });

  it('a markdown block naming [Secret] in its text widens them (the text shows that value)', async () => {
    const md = await newApp('People Markdown');
    await addBlock(t.app, s.owner, md.id, { type: 'markdown', sheet_title: 'People', markdown_text: '## Note\nThe secret is [Secret].' });
    expect(await columnsOf(md.id)).toEqual(['A', 'B', 'Secret']);
    expect((await read(md.id, 'q=hush')).json().total).toBe(1);
  });

  it("a saved board filter on Secret widens them (the filter bar needs the column's values)", async () => {
    const filtered = await newApp('People Filtered');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/board/update-metadata?board=${filtered.id}`,
      headers: { cookie: s.owner.cookie },
      payload: { filters: [{ ...secretFilter(''), active: false }], hide_filters: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await columnsOf(filtered.id)).toEqual(['A', 'B', 'Secret']);
    const res = await read(filtered.id, `filters=${encodeURIComponent(JSON.stringify([secretFilter('hush')]))}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { A: string }) => r.A)).toEqual(['alpha']);
  });

  it('a saved board filter on a column the sheet no longer has matches nothing for a guest (not a 400)', async () => {
    const stale = await newApp('People Stale Filter');
    await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${stale.id}`, headers: { cookie: s.owner.cookie }, payload: { filters: [{ ...secretFilter(''), name: 'Gone', sheet_column: { sheet: 'People', column: 'Gone' } }] } });
    expect(await columnsOf(stale.id)).toEqual(['A', 'B']);
    const res = await read(stale.id, `filters=${encodeURIComponent(JSON.stringify([secretFilter('x', 'Gone')]))}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(0);
  });
});
