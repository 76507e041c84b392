// Binding a cloned app to the buyer's own spreadsheet (issue 15's column mapping) through the real
// routes, on both databases: what the blocks use, the guessed mapping, every reference rewritten
// (chart, table with its actions, list, grid, form, board filters), the app then reading the
// buyer's rows, and who may do it.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { schemaOf } from '../../../blocks/schemas';
import { addBlock, boardWithSheets, joinAsEditor, multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { nowIso } from '../../http';
import { blockRecord } from '../../data/blocks/record';
import { PNG } from '../../testing/fixtures';
import { checkApp } from '../../../shared/settings/integrity';
import { suggestSheet, usedReferences } from './mapping';

const t = testServer();
let seller: TestUser;
let buyer: TestUser;
let appId: string;
let mineId: string;

const as = (u: TestUser) => ({ cookie: u.cookie });
const url = () => `/api/apps/${appId}/column-mapping`;
const OLD = ['City', 'Amount', 'Link', 'Status'];
const MAPPING = { City: 'town', Amount: 'Total', Link: 'Website', Status: 'State' };

async function upload(user: TestUser, path: string, field: string): Promise<string> {
  const m = multipart('pic.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url: path, payload: m.payload, headers: { ...m.headers, ...as(user) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

/** The seller's app (chart, table with actions, list, grid, form, a board filter), listed and cloned by the buyer. */
async function clonedApp(): Promise<string> {
  const ids = await boardWithSheets(t.app, seller, 'Mapping Shop', [
    {
      title: 'Orders',
      columns: [...OLD, 'Unused'],
      rows: [
        { City: 'Paris', Amount: 12, Link: 'https://a.example', Status: 'open', Unused: 'x' },
        { City: 'Lyon', Amount: 7, Link: 'https://b.example', Status: 'done', Unused: 'y' },
      ],
    },
  ]);
  await addBlock(t.app, seller, ids.appId, { type: 'chart', sheet_title: 'Orders', x_axis: 'City', axis: [{ column: 'Amount' }] });
  await addBlock(t.app, seller, ids.appId, {
    type: 'table',
    sheet_title: 'Orders',
    axis: [{ column: 'City' }, { column: 'Amount' }],
    actions: [{ title: 'Open', type: 'Open link', source_column: 'Link' }],
  });
  await addBlock(t.app, seller, ids.appId, { type: 'list', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Status' }] });
  await addBlock(t.app, seller, ids.appId, { type: 'grid', sheet_title: 'Orders', axis: [{ column: 'Status' }, { column: 'Amount' }] });
  await addBlock(t.app, seller, ids.appId, { type: 'form', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Amount' }] });
  await addBlock(t.app, seller, ids.appId, { type: 'scorecard', axis: [{ source: { sheet: 'Orders', column: 'Amount' }, function: 'sum' }] });
  const filters = [{ name: 'Status', active: false, condition: '=', sheet_column: { sheet: 'Orders', column: 'Status' }, value: 'open' }];
  expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${ids.appId}`, headers: as(seller), payload: { filters } })).statusCode).toBe(200);

  const form = {
    app_id: ids.appId,
    title: 'Mapping template',
    summary: 'Orders',
    tags: 'a',
    description: '<p>Good</p>',
    category: 'other',
    price: 5,
    is_free: true,
    thumbnail: await upload(seller, `/api/upload-file?app_id=${ids.appId}`, 'thumbnail'),
    thumbnail_bg_color: '#ffffff',
    additional_images: [await upload(seller, `/api/upload-file?app_id=${ids.appId}`, 'image')],
  };
  const submitted = await t.app.inject({ method: 'PUT', url: '/api/multipage/marketplace/review-request', headers: as(seller), payload: { form } });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const requestId = submitted.json().reviewRequest.id as string;
  const version = await t.ctx.db.selectFrom('template_versions').selectAll().where('request_id', '=', requestId).executeTakeFirstOrThrow();
  const sellerWs = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', seller.id).executeTakeFirstOrThrow()).id;
  const now = nowIso();
  await t.ctx.db
    .insertInto('marketplace_templates')
    .values({
      id: requestId,
      slug: 'mapping-template',
      workspace_id: sellerWs,
      seller_name: seller.name,
      kind: 'board',
      title: 'Mapping template',
      summary: 'Orders',
      tags: '[]',
      description: '<p>Good</p>',
      category: 'other',
      price_cents: 0,
      is_free: 1,
      thumbnail: form.thumbnail,
      thumbnail_bg_color: '#ffffff',
      additional_images: '[]',
      search_text: 'mapping template',
      version_id: version.id,
      version_number: 1,
      snapshot_app_id: version.snapshot_app_id!,
      published_at: now,
      updated_at: now,
    })
    .execute();
  const res = await t.app.inject({ method: 'POST', url: `/api/multipage/marketplace/templates/${requestId}/clone`, headers: as(buyer), payload: { name: 'Bound App', with_data: true } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().app.id as string;
}

async function blocksOf(id: string) {
  const pages = await t.ctx.db.selectFrom('pages').select('id').where('app_id', '=', id).execute();
  return (await t.ctx.db.selectFrom('blocks').selectAll().where('page_id', 'in', pages.map((p) => p.id)).orderBy('position').execute()).map(blockRecord);
}

beforeAll(async () => {
  seller = await signUp(t.app, 'Seller Sue');
  buyer = await signUp(t.app, 'Buyer Ben');
  appId = await clonedApp();
  const mine = await t.app.inject({
    method: 'POST',
    url: '/api/spreadsheets',
    headers: as(buyer),
    payload: {
      title: 'My CSV',
      sheets: [
        {
          title: 'Sales',
          columns: ['Website', 'town', 'Total', 'State', 'Notes'],
          rows: [
            { Website: 'https://mine.example', town: 'Oslo', Total: 99, State: 'new', Notes: 'private' },
            { Website: 'https://mine2.example', town: 'Bergen', Total: 5, State: 'old', Notes: 'private' },
          ],
        },
      ],
    },
  });
  expect(mine.statusCode, mine.body).toBe(201);
  mineId = mine.json().spreadsheet.id;
});

describe('GET /api/apps/:appId/column-mapping', () => {
  it('lists every sheet and column the blocks and filters use, with the blocks using each', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: as(buyer) });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan.target).toBeNull();
    expect(plan.suggestion).toEqual([]);
    expect(plan.used).toHaveLength(1);
    expect(plan.used[0].sheet).toBe('Orders');
    const columns = Object.fromEntries(plan.used[0].columns.map((c: { name: string; type: string; blocks: string[] }) => [c.name, c]));
    expect(Object.keys(columns).sort()).toEqual([...OLD].sort());
    expect(columns.Amount.type).toBe('number');
    // Each block as the owner knows it: its kind's name (these blocks have no title).
    const idOf = (type: string) => schemaOf(type)!.name;
    expect(columns.City.blocks.sort()).toEqual([idOf('chart'), idOf('table'), idOf('list'), idOf('form')].sort());
    expect(columns.Link.blocks).toEqual([idOf('table')]);
    expect(columns.Amount.blocks.sort()).toEqual([idOf('chart'), idOf('table'), idOf('grid'), idOf('form'), idOf('scorecard')].sort());
    // The board filter names it too (no block for a filter).
    expect(columns.Status.blocks.sort()).toEqual([idOf('list'), idOf('grid')].sort());
  });

  it('with a spreadsheet: its sheets and the guess (the only sheet; no column guessed, since no name is shared)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url()}?spreadsheet_id=${mineId}`, headers: as(buyer) });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan.target).toMatchObject({ spreadsheet_id: mineId, title: 'My CSV' });
    expect(plan.target.sheets[0].columns.map((c: { name: string }) => c.name)).toEqual(['Website', 'town', 'Total', 'State', 'Notes']);
    const [s] = plan.suggestion;
    expect(s.from).toBe('Orders');
    expect(s.to).toBe('Sales');
    // City, Amount, Link, Status share no name with town, Total, Website, State: nothing is
    // matched by type alone (issue 33: weather columns were matched onto an Orders sheet).
    expect(s.columns).toEqual({ City: null, Amount: null, Link: null, Status: null });
    expect(Object.keys(s.columns).sort()).toEqual([...OLD].sort());
  });
});

describe('the guess', () => {
  it('matches no column onto a sheet whose columns share nothing with the template’s (weather onto an Orders sheet)', () => {
    const weather = { title: 'seattle-weather', columns: [{ name: 'date', type: 'date' }, { name: 'temp_max', type: 'number' }, { name: 'weather', type: 'text' }] };
    const orders = { title: 'Orders', columns: [{ name: 'Order date', type: 'date' }, { name: 'Quantity', type: 'number' }, { name: 'Customer', type: 'text' }] };
    expect(suggestSheet(weather, [orders])).toEqual({ from: 'seattle-weather', to: 'Orders', columns: { date: null, temp_max: null, weather: null } });
    // One shared name is enough to guess the rest by type.
    const withDate = { ...orders, columns: [...orders.columns, { name: 'Date', type: 'date' }] };
    expect(suggestSheet(weather, [withDate]).columns).toEqual({ date: 'Date', temp_max: 'Quantity', weather: 'Customer' });
  });
});

describe('POST /api/apps/:appId/column-mapping', () => {
  it("refuses another workspace's spreadsheet, a used sheet left unmapped, and a column the sheet lacks; changes nothing", async () => {
    const before = JSON.stringify(await blocksOf(appId));
    const theirs = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(seller), payload: { title: 'Theirs', sheets: [{ title: 'Sales', columns: ['Town'], rows: [] }] } });
    const send = (payload: unknown) => t.app.inject({ method: 'POST', url: url(), headers: as(buyer), payload: payload as object });
    const notMine = await send({ spreadsheet_id: theirs.json().spreadsheet.id, sheets: [{ from: 'Orders', to: 'Sales', columns: {} }] });
    expect([notMine.statusCode, notMine.json().message]).toEqual([404, TEMPLATE_MESSAGES.mappingSpreadsheetNotYours]);
    const unknown = await send({ spreadsheet_id: 'nosuchsheet', sheets: [] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, TEMPLATE_MESSAGES.mappingSpreadsheetNotYours]);
    const missing = await send({ spreadsheet_id: mineId, sheets: [] });
    expect([missing.statusCode, missing.json().message]).toEqual([400, TEMPLATE_MESSAGES.mappingSheetMissing]);
    const noSuchSheet = await send({ spreadsheet_id: mineId, sheets: [{ from: 'Orders', to: 'Nope', columns: {} }] });
    expect([noSuchSheet.statusCode, noSuchSheet.json().message]).toEqual([400, TEMPLATE_MESSAGES.mappingSheetMissing]);
    const badColumn = await send({ spreadsheet_id: mineId, sheets: [{ from: 'Orders', to: 'Sales', columns: { City: 'Village' } }] });
    expect([badColumn.statusCode, badColumn.json().message]).toEqual([400, TEMPLATE_MESSAGES.mappingColumnUnknown('Village', 'Sales')]);
    expect(JSON.stringify(await blocksOf(appId))).toBe(before);
  });

  it('only owners and editors of the workspace: 401 without a session, 403 for another owner', async () => {
    const other = await signUp(t.app, 'Other Ola');
    const payload = { spreadsheet_id: mineId, sheets: [] };
    expect((await t.app.inject({ method: 'POST', url: url(), payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect([403, 404]).toContain((await t.app.inject({ method: 'POST', url: url(), headers: as(other), payload })).statusCode);
    expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url: url(), headers: as(other) })).statusCode);
    const editor = await signUp(t.app, 'Editor Eda');
    await joinAsEditor(t, buyer, editor);
    expect((await t.app.inject({ method: 'GET', url: `${url()}?spreadsheet_id=${mineId}`, headers: as(editor) })).statusCode).toBe(200);
  });

  it('rewrites every reference of every block and filter, and the app reads the buyer’s rows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: as(buyer),
      payload: { spreadsheet_id: mineId, sheets: [{ from: 'Orders', to: 'Sales', columns: MAPPING }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ app_id: appId, spreadsheet_id: mineId, blocks: 6, removed: 0 });

    const blocks = await blocksOf(appId);
    const byType = (type: string) => blocks.find((b) => b.type === type)! as Record<string, unknown> & { axis: Record<string, unknown>[]; actions: Record<string, unknown>[] };
    for (const b of blocks) expect(b.sheet_title).toBe(b.type === 'scorecard' ? '' : 'Sales');
    expect(byType('scorecard').axis[0]).toMatchObject({ source: { sheet: 'Sales', column: 'Total' } });
    expect(byType('chart')).toMatchObject({ x_axis: 'town', axis: [{ column: 'Total' }] });
    expect(byType('table').axis.map((a) => a.column)).toEqual(['town', 'Total']);
    expect(byType('table').actions[0]).toMatchObject({ source_column: 'Website' });
    expect(byType('list').axis.map((a) => a.column)).toEqual(['town', 'State']);
    expect(byType('grid').axis.map((a) => a.column)).toEqual(['State', 'Total']);
    expect(byType('form').axis.map((a) => a.column)).toEqual(['town', 'Total']);
    // No old column is named anywhere the schemas mark as a column reference.
    const app = await t.ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    const settings = JSON.parse(app.settings);
    const used = usedReferences(blocks, settings, []);
    expect([...used.keys()]).toEqual(['Sales']);
    for (const column of used.get('Sales')!.keys()) expect(Object.values(MAPPING), column).toContain(column);
    for (const b of blocks) expect(schemaOf(b.type), b.type).toBeTruthy();
    expect(settings.filters[0].sheet_column).toEqual({ sheet: 'Sales', column: 'State' });
    expect(app.spreadsheet_id).toBe(mineId);

    // The app, made public, serves the buyer's rows to a visitor, and only the mapped columns.
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(buyer), payload: { public: true } })).statusCode).toBe(200);
    const data = await t.app.inject({ method: 'GET', url: `/api/board/${mineId}/sheet/Sales?board=${appId}` });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.body).toContain('Oslo');
    expect(data.body).toContain('Bergen');
    expect(data.body).not.toContain('Paris');
    expect(data.body).not.toContain('private');
    // Now mapped, the plan names the buyer's columns only.
    const plan = (await t.app.inject({ method: 'GET', url: url(), headers: as(buyer) })).json();
    expect(plan.used.map((u: { sheet: string }) => u.sheet)).toEqual(['Sales']);
    for (const c of plan.used[0].columns) expect(OLD).not.toContain(c.name);
  });

  it('refuses, in words, a mapping that leaves a block naming a column the new sheet lacks, until the owner chooses per block; then drops or removes as chosen', async () => {
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: as(buyer),
      payload: { title: 'Second', sheets: [{ title: 'Data', columns: ['town', 'Total', 'Extra'], rows: [{ town: 'Oslo', Total: 3, Extra: 'e' }] }] },
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().spreadsheet.id as string;
    const before = await blocksOf(appId);
    const idOf = (type: string) => before.find((b) => b.type === type)!.id;

    // The plan names, per column, the blocks that break when it is left unmapped.
    const plan = (await t.app.inject({ method: 'GET', url: `${url()}?spreadsheet_id=${secondId}`, headers: as(buyer) })).json();
    const state = plan.used[0].columns.find((c: { name: string }) => c.name === 'State');
    expect(state.named_by.map((n: { block_id: string }) => n.block_id).sort()).toEqual(['', idOf('list'), idOf('grid')].sort());
    expect(state.named_by.find((n: { block_id: string }) => n.block_id === '').block).toBe('The board’s filters');

    const sheets = [{ from: 'Sales', to: 'Data', columns: { town: 'town', Total: 'Total', Website: null, State: null } }];
    const send = (choices?: unknown[]) => t.app.inject({ method: 'POST', url: url(), headers: as(buyer), payload: { spreadsheet_id: secondId, sheets, ...(choices ? { choices } : {}) } });
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(400);
    const message = refused.json().message as string;
    expect(message).toContain('The list uses the column “State”, which is not in the sheet “Data”.');
    expect(message).toContain('The grid uses the column “State”');
    expect(message).toContain('The table uses the column “Website”');
    expect(message).toContain('The board’s filters uses the column “State”');
    expect(message).toContain('drop the column from the block or remove the block');
    expect(message).not.toMatch(/axis|Unknown column/);
    expect(JSON.stringify(await blocksOf(appId))).toBe(JSON.stringify(before));

    const choices = [
      { block_id: idOf('list'), sheet: 'Sales', column: 'State', choice: 'drop' },
      { block_id: idOf('grid'), sheet: 'Sales', column: 'State', choice: 'remove' },
      { block_id: idOf('table'), sheet: 'Sales', column: 'Website', choice: 'drop' },
    ];
    // One broken reference still without a choice (the board's filter): refused, naming only it.
    const partly = await send(choices);
    expect(partly.statusCode).toBe(400);
    expect(partly.json().message).toContain('The board’s filters uses the column “State”');
    expect(partly.json().message).not.toContain('The list');
    // An unknown choice is a 400 in words too.
    expect((await send([{ ...choices[0], choice: 'ignore' }])).statusCode).toBe(400);

    const res = await send([...choices, { block_id: '', sheet: 'Sales', column: 'State', choice: 'drop' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ removed: 1 });
    const after = await blocksOf(appId);
    expect(after.map((b) => b.type)).not.toContain('grid');
    expect(after.find((b) => b.type === 'list')!.axis.map((a) => a.column)).toEqual(['town']);
    expect(after.find((b) => b.type === 'table')!.actions).toEqual([]);
    const app = await t.ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    const settings = JSON.parse(app.settings);
    expect(settings.filters).toEqual([]);
    expect(app.spreadsheet_id).toBe(secondId);
    // The app checks clean against its new data.
    expect(checkApp(after, [{ title: 'Data', columns: ['town', 'Total', 'Extra'] }], schemaOf, settings.filters)).toEqual([]);
  });
});
