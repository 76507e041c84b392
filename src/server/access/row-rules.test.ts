// Row rules (issue 34), as an authorization matrix: three app users held to different rules and
// groups, a guest, the owner, and the owner previewing as each of them, against every route rows
// leave the server by (sheet data with search, sort, filters, paging and totals; the page sheet
// call; the app's data answer; one row; charts; maps; the answer cache and ETags) and every route
// that changes them (edit, delete, add, actions). What each answer holds is compared with what the
// caller's rule gives them: 0 rows of anyone else, through any route, total or error. The last
// describe turns the rule off inside (a broken compileRuleTest) and shows the same checks fail.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addBlock, createSpreadsheet, signInAppUser, signUp, type TestUser } from '../testing/app';
import { testServer } from '../testing/server';
import { PREVIEW_HEADER, PREVIEW_READ_ONLY } from './viewer';
import { XSS_CORPUS } from '../testing/xss-corpus';

/** When on, every rule gives every row (what a broken rule function would do). */
const broken = vi.hoisted(() => ({ on: false }));
vi.mock('../../shared/rules/row-rules', async (original) => {
  const real = await original<typeof import('../../shared/rules/row-rules')>();
  return { ...real, compileRuleTest: (...args: Parameters<typeof real.compileRuleTest>) => (broken.on ? () => true : real.compileRuleTest(...args)) };
});

const t = testServer();

const COLUMNS = ['Order', 'Email', 'Region', 'City', 'Amount', 'Secret'];
/** Orders: Ann's two, Bob's two, Cy's one, one nobody's. Region: the group a row belongs to. */
const ORDERS = [
  { Order: 'ORD-ANN-1', Email: 'ann@example.com', Region: 'North', City: 'Paris', Amount: 10, Secret: 'S-ANN-1' },
  { Order: 'ORD-BOB-1', Email: 'bob@example.com', Region: 'South', City: 'Nice', Amount: 200, Secret: 'S-BOB-1' },
  { Order: 'ORD-ANN-2', Email: 'ANN@example.com ', Region: 'North', City: 'Lille', Amount: 30, Secret: 'S-ANN-2' },
  { Order: 'ORD-BOB-2', Email: 'bob@example.com', Region: 'South', City: 'Nice', Amount: 4000, Secret: 'S-BOB-2' },
  { Order: 'ORD-CY-1', Email: 'cy@example.com, ann@example.com', Region: 'East', City: 'Metz', Amount: 50000, Secret: 'S-CY-1' },
  { Order: 'ORD-NOBODY-1', Email: '', Region: '', City: 'Lyon', Amount: 600000, Secret: 'S-NOBODY-1' },
];
const ACCOUNTS = [
  { Account: 'ACC-NORTH', Team: 'North', Notes: 'n' },
  { Account: 'ACC-SOUTH', Team: 'South', Notes: 's' },
  { Account: 'ACC-BOTH', Team: 'North, South', Notes: 'b' },
  { Account: 'ACC-NONE', Team: '', Notes: '-' },
];

type Who = 'ann' | 'bob' | 'cy' | 'guest';
/**
 * What each caller's rules give them. Orders: Email contains their e-mail ('contains': Cy's
 * order names two people, so Ann sees it too). Accounts: Team equals one of their groups (Ann:
 * North; Bob: South, North; Cy: none). A guest has no e-mail and no group: nothing.
 */
const SEES: Record<Who, { orders: string[]; accounts: string[] }> = {
  ann: { orders: ['ORD-ANN-1', 'ORD-ANN-2', 'ORD-CY-1'], accounts: ['ACC-NORTH'] },
  bob: { orders: ['ORD-BOB-1', 'ORD-BOB-2'], accounts: ['ACC-NORTH', 'ACC-SOUTH'] },
  cy: { orders: ['ORD-CY-1'], accounts: [] },
  guest: { orders: [], accounts: [] },
};
const ALL_MARKERS = [...ORDERS.flatMap((o) => [o.Order, o.Secret]), ...ACCOUNTS.map((a) => a.Account), '600000', '4000', '50000'];

interface Setup {
  owner: TestUser;
  spreadsheetId: string;
  /** The members' app (password sign-in) and the open app (no sign-in: the guest's). */
  members: string;
  open: string;
  tables: Record<'members' | 'open', string>;
  cookies: Record<Exclude<Who, 'guest'>, string>;
  userIds: Record<Exclude<Who, 'guest'>, string>;
  /** Row ids by Order. */
  ids: Record<string, string>;
}

const table = (sheet: string, columns: string[]) => ({
  type: 'table',
  sheet_title: sheet,
  axis: columns.map((column) => ({ column, editable: 'Everyone' })),
  add_new_row: 'Everyone',
  action_button_visibility: 'Everyone',
  actions: [
    { type: 'Duplicate row', title: 'Duplicate' },
    { type: 'Delete row', title: 'Delete' },
  ],
});

async function setUp(prefix: string): Promise<Setup> {
  const owner = await signUp(t.app);
  const headers = { cookie: owner.cookie };
  const spreadsheetId = await createSpreadsheet(t.app, owner, `${prefix} shop`, [
    { title: 'Orders', columns: COLUMNS, rows: ORDERS },
    { title: 'Accounts', columns: ['Account', 'Team', 'Notes'], rows: ACCOUNTS },
  ]);
  const newApp = async (name: string, signIn: string) => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name, kind: 'board', spreadsheetId, public: true } })).json().app.id as string;
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers, payload: { sign_in_method: signIn } })).statusCode).toBe(200);
    const tableId = (await addBlock(t.app, owner, id, table('Orders', COLUMNS))).id;
    await addBlock(t.app, owner, id, table('Accounts', ['Account', 'Team', 'Notes']));
    await addBlock(t.app, owner, id, { type: 'form', sheet_title: 'Orders', axis: [{ column: 'Order' }, { column: 'Email' }, { column: 'City' }] });
    const rules = {
      rules: [
        { sheet: 'Orders', column: 'Email', match: 'contains', value: 'user_email' },
        { sheet: 'Accounts', column: 'Team', match: 'equals', value: 'user_groups' },
      ],
      hidden: [{ sheet: 'Orders', column: 'Secret', from: 'app_users' }],
    };
    const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${id}/row-rules`, headers, payload: rules });
    expect(put.statusCode, put.body).toBe(200);
    return { id, tableId };
  };
  const members = await newApp(`${prefix} members`, 'Use password set by user');
  const open = await newApp(`${prefix} open`, 'No sign in');
  const cookies = {
    ann: await signInAppUser(t, members.id, 'ann@example.com', 'read-write'),
    bob: await signInAppUser(t, members.id, 'bob@example.com', 'read-write'),
    cy: await signInAppUser(t, members.id, 'cy@example.com', 'read'),
  };
  const groups: Record<string, string[]> = { 'ann@example.com': ['North'], 'bob@example.com': ['south', 'North'], 'cy@example.com': [] };
  const userIds = {} as Record<Exclude<Who, 'guest'>, string>;
  for (const [email, g] of Object.entries(groups)) {
    const row = await t.ctx.db.selectFrom('app_users').select('id').where('app_id', '=', members.id).where('email', '=', email).executeTakeFirstOrThrow();
    userIds[email.split('@')[0] as Exclude<Who, 'guest'>] = row.id;
    // Through the owner's Users popup route, as the editor sets them.
    const res = await t.app.inject({ method: 'PUT', url: '/api/mutipageapp_users', headers, payload: { appId: members.id, userId: row.id, name: email.split('@')[0], email, permissions: email.startsWith('cy') ? 'read' : 'read-write', groups: g } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated_user.groups).toEqual(g);
  }
  const all = (await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders`, headers })).json().rows as { _id: string; Order: string }[];
  const ids = Object.fromEntries(all.map((r) => [r.Order, r._id]));
  return { owner, spreadsheetId, members: members.id, open: open.id, tables: { members: members.tableId, open: open.tableId }, cookies, userIds, ids };
}

/** The headers of a caller: an app user's cookie, nothing for a guest, or the owner previewing as `as`. */
function headersOf(s: Setup, who: Who, preview = false): Record<string, string> {
  if (preview) return { cookie: s.owner.cookie, [PREVIEW_HEADER]: who === 'guest' ? 'guest' : s.userIds[who] };
  return who === 'guest' ? {} : { cookie: s.cookies[who] };
}
const appOf = (s: Setup, who: Who) => (who === 'guest' ? s.open : s.members);

/** Every read route, as `who`: the answers' bodies, and the totals they claim. */
async function reads(s: Setup, who: Who, preview = false): Promise<{ bodies: string[]; totals: Record<string, number>; statuses: string[] }> {
  const h = headersOf(s, who, preview);
  const board = appOf(s, who);
  const base = `/api/board/${s.spreadsheetId}/sheet`;
  const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...h, ...extra } });
  const chart = (spec: object) => `${base}/Orders/chart?board=${board}&chart=${encodeURIComponent(JSON.stringify(spec))}`;
  const calls: [string, Promise<{ statusCode: number; body: string }>][] = [
    ['rows', get(`${base}/Orders?board=${board}`)],
    ['rows sorted, paged', get(`${base}/Orders?board=${board}&sort=-Amount&limit=1&offset=0`)],
    ['search for another user', get(`${base}/Orders?board=${board}&q=BOB`)],
    ['search for everyone', get(`${base}/Orders?board=${board}&q=ORD`)],
    ['filter', get(`${base}/Orders?board=${board}&filters=${encodeURIComponent(JSON.stringify([{ name: 'Not Zurich', sheet_column: { sheet: 'Orders', column: 'City' }, condition: 'not_includes', value: 'Zurich', active: true }]))}`)],
    ['accounts', get(`${base}/Accounts?board=${board}`)],
    ['page sheet', get(`/v3/api/page/sheet/Orders?board=${board}&referer=${encodeURIComponent(`http://localhost/${board}`)}`)],
    ['chart sum', get(chart({ x_axis: 'Order', axes: [{ column: 'Amount', type: 'bar' }] }))],
    ['scorecard count', get(chart({ x_axis: 'City', axes: [{ column: 'Amount', type: 'bar', aggregate: 'sum' }] }))],
    ['map', get(`${base}/Orders/geo?board=${board}&address=City`)],
    ...ORDERS.map((o): [string, Promise<{ statusCode: number; body: string }>] => [`one row ${o.Order}`, get(`${base}/Orders/rows/${s.ids[o.Order]}?board=${board}`)]),
  ];
  const bodies: string[] = [];
  const statuses: string[] = [];
  const totals: Record<string, number> = {};
  for (const [name, p] of calls) {
    const res = await p;
    bodies.push(res.body);
    statuses.push(`${name} ${res.statusCode}`);
    const body = res.statusCode === 200 ? (JSON.parse(res.body) as { total?: number; total_rows?: number }) : {};
    if (typeof body.total === 'number') totals[name] = body.total;
    if (typeof body.total_rows === 'number') totals[name] = body.total_rows;
  }
  const data = await t.app.inject({ method: 'POST', url: '/v3/getSpreadsheetData', headers: h, payload: { board, referer: `http://localhost/${board}` } });
  bodies.push(data.body);
  statuses.push(`spreadsheet data ${data.statusCode}`);
  return { bodies, totals, statuses };
}

/** Markers of rows (or hidden cells) `who` must never see that some answer holds. */
function leaks(who: Who, bodies: string[]): string[] {
  const mine = new Set([...SEES[who].orders, ...SEES[who].accounts]);
  // App users and guests never see the hidden column, even of their own rows.
  const foreign = ALL_MARKERS.filter((m) => !mine.has(m));
  const own = ORDERS.filter((o) => mine.has(o.Order));
  const allowedNumbers = new Set(own.map((o) => String(o.Amount)));
  return foreign.filter((m) => !allowedNumbers.has(m) && bodies.some((b) => b.includes(m)));
}

describe('row rules: three app users, a guest and previews, every read route', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('matrix');
  });

  it.each(['ann', 'bob', 'cy', 'guest'] as const)('%s reads only their rows, whatever the route; totals count only theirs', async (who) => {
    const { bodies, totals, statuses } = await reads(s, who);
    expect(leaks(who, bodies)).toEqual([]);
    const orders = SEES[who].orders.length;
    expect(totals).toMatchObject({ rows: orders, 'rows sorted, paged': orders, 'search for everyone': orders, filter: orders, accounts: SEES[who].accounts.length, 'page sheet': orders, 'chart sum': orders, 'scorecard count': orders });
    expect(totals['search for another user']).toBe(who === 'bob' ? 2 : 0);
    // One row: their own answer 200, everyone else's the same 404 as a row that never was.
    for (const o of ORDERS) expect(statuses).toContain(`one row ${o.Order} ${SEES[who].orders.includes(o.Order) ? 200 : 404}`);
    // What they do see is theirs, with its columns but the hidden one.
    const rows = JSON.parse(bodies[0]!) as { rows: Record<string, unknown>[]; columns: string[] };
    expect(rows.rows.map((r) => r.Order).sort()).toEqual([...SEES[who].orders].sort());
    expect(rows.columns).not.toContain('Secret');
  });

  it('a row the rule withholds answers exactly as a row that does not exist', async () => {
    const h = headersOf(s, 'ann');
    const foreign = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders/rows/${s.ids['ORD-BOB-1']}?board=${s.members}`, headers: h });
    const missing = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders/rows/999999?board=${s.members}`, headers: h });
    expect([foreign.statusCode, foreign.body]).toEqual([missing.statusCode, missing.body]);
  });

  it('the owner and previews: the owner sees everything; previewing as each user shows exactly their rows', async () => {
    const owner = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders?board=${s.members}`, headers: { cookie: s.owner.cookie } });
    expect(owner.json().total).toBe(ORDERS.length);
    expect(owner.json().columns).toContain('Secret');
    for (const who of ['ann', 'bob', 'cy', 'guest'] as const) {
      const { bodies, totals } = await reads(s, who, true);
      expect(leaks(who, bodies), `preview as ${who}`).toEqual([]);
      expect(totals.rows, `preview as ${who}`).toBe(SEES[who].orders.length);
    }
  });

  it('kept answers (ETags, the answer cache, chart results) never cross callers', async () => {
    const url = `/api/board/${s.spreadsheetId}/sheet/Orders?board=${s.members}`;
    const first = await t.app.inject({ method: 'GET', url, headers: headersOf(s, 'bob') });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    // Ann presenting Bob's tag is not told her copy is current: she gets her own rows.
    const ann = await t.app.inject({ method: 'GET', url, headers: { ...headersOf(s, 'ann'), 'if-none-match': etag } });
    expect(ann.statusCode).toBe(200);
    expect(leaks('ann', [ann.body])).toEqual([]);
    // The same user with the same tag: 304 (the cache works at all).
    expect((await t.app.inject({ method: 'GET', url, headers: { ...headersOf(s, 'bob'), 'if-none-match': etag } })).statusCode).toBe(304);
    // A change of groups is a change of answer: Bob loses North, his next Accounts read loses it too.
    const accounts = `/api/board/${s.spreadsheetId}/sheet/Accounts?board=${s.members}`;
    const before = await t.app.inject({ method: 'GET', url: accounts, headers: headersOf(s, 'bob') });
    expect(before.json().total).toBe(2);
    await t.app.inject({ method: 'PUT', url: '/api/mutipageapp_users', headers: { cookie: s.owner.cookie }, payload: { appId: s.members, userId: s.userIds.bob, name: 'bob', email: 'bob@example.com', permissions: 'read-write', groups: ['South'] } });
    const after = await t.app.inject({ method: 'GET', url: accounts, headers: { ...headersOf(s, 'bob'), 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().rows.map((r: { Account: string }) => r.Account)).toEqual(['ACC-SOUTH']);
    await t.app.inject({ method: 'PUT', url: '/api/mutipageapp_users', headers: { cookie: s.owner.cookie }, payload: { appId: s.members, userId: s.userIds.bob, name: 'bob', email: 'bob@example.com', permissions: 'read-write', groups: ['south', 'North'] } });
  });
});

describe('row rules: every write route', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('writes');
  });
  const rows = (s: Setup) => `/api/board/${s.spreadsheetId}/sheet/Orders/rows`;
  const stored = async (s: Setup, order: string) => {
    const all = (await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders`, headers: { cookie: s.owner.cookie } })).json().rows as Record<string, unknown>[];
    return all.find((r) => r.Order === order);
  };

  it('edits, deletes and actions on another user\'s row are refused as for a missing row, and change nothing', async () => {
    const h = headersOf(s, 'ann');
    const bobRow = s.ids['ORD-BOB-1']!;
    const edit = await t.app.inject({ method: 'PUT', url: `${rows(s)}/${bobRow}?board=${s.members}`, headers: h, payload: { blockId: s.tables.members, values: { City: 'Hacked' }, _version: 1 } });
    expect(edit.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${rows(s)}/${bobRow}?board=${s.members}&blockId=${s.tables.members}`, headers: h });
    expect(del.statusCode).toBe(404);
    for (const index of [0, 1]) {
      const run = await t.app.inject({ method: 'POST', url: `/api/blocks/${s.tables.members}/actions/${index}/run?board=${s.members}`, headers: h, payload: { rowId: bobRow } });
      expect(run.json().ok, run.body).toBe(false);
      expect(run.body).not.toContain('ORD-BOB');
    }
    expect(await stored(s, 'ORD-BOB-1')).toMatchObject({ City: 'Nice' });
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders`, headers: { cookie: s.owner.cookie } })).json().total).toBe(ORDERS.length);
  });

  it('their own row: edited; giving it away is refused; duplicated as theirs', async () => {
    const h = headersOf(s, 'ann');
    const own = s.ids['ORD-ANN-1']!;
    const edit = await t.app.inject({ method: 'PUT', url: `${rows(s)}/${own}?board=${s.members}`, headers: h, payload: { blockId: s.tables.members, values: { City: 'Rouen' }, _version: 1 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().row).not.toHaveProperty('Secret');
    const away = await t.app.inject({ method: 'PUT', url: `${rows(s)}/${own}?board=${s.members}`, headers: h, payload: { blockId: s.tables.members, values: { Email: 'bob@example.com' }, _version: 2 } });
    expect(away.statusCode).toBe(403);
    expect(away.json().message).toBe("You cannot change 'Email': it says whose row this is.");
    const dup = await t.app.inject({ method: 'POST', url: `/api/blocks/${s.tables.members}/actions/0/run?board=${s.members}`, headers: h, payload: { rowId: own } });
    expect(dup.json().ok, dup.body).toBe(true);
  });

  it('a row an app user adds is theirs whatever was sent; a guest\'s is no one\'s', async () => {
    const add = await t.app.inject({ method: 'POST', url: `${rows(s)}?board=${s.members}`, headers: headersOf(s, 'cy'), payload: { blockId: s.tables.members, values: { Order: 'ORD-FORGED', Email: 'bob@example.com', City: 'Caen' } } });
    expect(add.statusCode, add.body).toBe(201);
    expect(await stored(s, 'ORD-FORGED')).toMatchObject({ Email: 'cy@example.com' });
    const bob = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders?board=${s.members}&q=FORGED`, headers: headersOf(s, 'bob') });
    expect(bob.json().total).toBe(0);
    const guest = await t.app.inject({ method: 'POST', url: `${rows(s)}?board=${s.open}`, headers: {}, payload: { blockId: s.tables.open, values: { Order: 'ORD-GUEST', Email: 'ann@example.com', City: 'Caen' } } });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await stored(s, 'ORD-GUEST')).toMatchObject({ Email: '' });
  });

  it('a preview changes nothing: every write is refused in words', async () => {
    const h = headersOf(s, 'ann', true);
    const own = s.ids['ORD-ANN-2']!;
    const answers = [
      await t.app.inject({ method: 'PUT', url: `${rows(s)}/${own}?board=${s.members}`, headers: h, payload: { blockId: s.tables.members, values: { City: 'X' }, _version: 1 } }),
      await t.app.inject({ method: 'DELETE', url: `${rows(s)}/${own}?board=${s.members}&blockId=${s.tables.members}`, headers: h }),
      await t.app.inject({ method: 'POST', url: `${rows(s)}?board=${s.members}`, headers: h, payload: { blockId: s.tables.members, values: { City: 'X' } } }),
      await t.app.inject({ method: 'POST', url: `/api/blocks/${s.tables.members}/actions/1/run?board=${s.members}`, headers: h, payload: { rowId: own } }),
      await t.app.inject({ method: 'PUT', url: `/api/apps/${s.members}/row-rules`, headers: h, payload: { rules: [] } }),
    ];
    for (const a of answers) expect([a.statusCode, a.json().message]).toEqual([403, PREVIEW_READ_ONLY]);
    expect(await stored(s, 'ORD-ANN-2')).toMatchObject({ City: 'Lille' });
  });
});

describe('row rules API', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('api');
  });
  const url = (s: Setup) => `/api/apps/${s.members}/row-rules`;

  it('answers the rules as set; a missing sheet or column, two rules for a sheet, or an unknown field are refused in words', async () => {
    const h = { cookie: s.owner.cookie };
    const got = await t.app.inject({ method: 'GET', url: url(s), headers: h });
    expect(got.json().rules).toEqual([
      { sheet: 'Orders', column: 'Email', match: 'contains', value: 'user_email' },
      { sheet: 'Accounts', column: 'Team', match: 'equals', value: 'user_groups' },
    ]);
    expect(got.json().hidden).toEqual([{ sheet: 'Orders', column: 'Secret', from: 'app_users' }]);
    const refused = async (payload: unknown) => {
      const res = await t.app.inject({ method: 'PUT', url: url(s), headers: h, payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ rules: [{ sheet: 'Invoices', column: 'Email', match: 'equals', value: 'user_email' }] })).toBe("This app has no sheet called 'Invoices'. Choose one of its sheets.");
    expect(await refused({ rules: [{ sheet: 'Orders', column: 'Mail', match: 'equals', value: 'user_email' }] })).toBe("The sheet 'Orders' has no column called 'Mail'. Choose one of its columns.");
    expect(
      await refused({
        rules: [
          { sheet: 'Orders', column: 'Email', match: 'equals', value: 'user_email' },
          { sheet: 'Orders', column: 'Region', match: 'equals', value: 'user_groups' },
        ],
      }),
    ).toBe("The sheet 'Orders' has two rules. Keep one rule per sheet.");
    expect(await refused({ rules: [], extra: 1 })).toMatch(/extra/);
    // An app user, a guest and another owner may not read or set them.
    for (const headers of [headersOf(s, 'ann'), {}, { cookie: (await signUp(t.app)).cookie }]) {
      expect([401, 403, 404]).toContain((await t.app.inject({ method: 'GET', url: url(s), headers })).statusCode);
      expect([401, 403, 404]).toContain((await t.app.inject({ method: 'PUT', url: url(s), headers, payload: { rules: [] } })).statusCode);
    }
  });

  it('group names from the XSS corpus are kept as text and answered as JSON data, never markup', async () => {
    const groups = XSS_CORPUS.slice(0, 20).map((x) => x.slice(0, 100).trim()).filter(Boolean);
    const res = await t.app.inject({ method: 'PUT', url: '/api/mutipageapp_users', headers: { cookie: s.owner.cookie }, payload: { appId: s.members, userId: s.userIds.cy, name: 'cy', email: 'cy@example.com', permissions: 'read', groups } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = await t.app.inject({ method: 'GET', url: `/api/mutipageapp_users/${s.members}`, headers: { cookie: s.owner.cookie } });
    const cy = (list.json().app_users as { id: string; groups: string[] }[]).find((u) => u.id === s.userIds.cy)!;
    expect(new Set(cy.groups.map((g) => g.toLowerCase())).size).toBe(cy.groups.length);
    for (const g of cy.groups) expect(groups).toContain(g);
  });

  it('no rule: everyone reads every row again (the default of every existing app)', async () => {
    expect((await t.app.inject({ method: 'PUT', url: url(s), headers: { cookie: s.owner.cookie }, payload: { rules: [], hidden: [] } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Orders?board=${s.members}`, headers: headersOf(s, 'cy') });
    expect(res.json().total).toBe(ORDERS.length);
    expect(res.json().columns).toContain('Secret');
  });
});

describe('the matrix can fail: a broken rule function is caught', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('broken');
  });

  it('with every rule giving every row, the same checks find the leaks', async () => {
    broken.on = true;
    try {
      const { bodies, totals } = await reads(s, 'cy');
      expect(leaks('cy', bodies)).toEqual(expect.arrayContaining(['ORD-ANN-1', 'ORD-BOB-2', 'ACC-NORTH']));
      expect(totals.rows).toBe(ORDERS.length);
    } finally {
      broken.on = false;
    }
  });
});
