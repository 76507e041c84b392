// What a template ships (Hardening II, item 2), through the real routes on both databases: the
// frozen version, and every clone of it, hold only what a guest of the seller's app reads (the
// sheets and columns of the blocks on public pages: access/columns.ts), so a clone "with the
// sample data" exported to CSV shows no column the seller's app hides, for a free template and for
// a paid one bought; rows of a sheet only a hidden page uses never ship; "Send the template
// without its data" ships the sheets with no row; and the form's summary route answers exactly
// what will ship.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, listAsApproved, multipart, recordPurchase, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { PNG } from '../../testing/fixtures';

const t = testServer();
let seller: TestUser;
let buyer: TestUser;

const as = (u: TestUser) => ({ cookie: u.cookie });
const REVIEW = '/api/multipage/marketplace/review-request';
const CONTENTS = `${REVIEW}/contents`;
/** Values only the seller may read: none may appear in anything that ships. */
const SUPPLIER_COST = '0.1234';
const MARGIN = '77.5';
const PAYROLL = 'Salary of Ann';
const NOTE = 'Private supplier note';

async function upload(user: TestUser, url: string, field: string): Promise<string> {
  const m = multipart('pic.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...as(user) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

/**
 * The seller's public app: a `Parts` sheet of Item, Supplier cost and Margin whose table on the
 * public home page shows only Item; a second page that is not public, whose table shows Parts'
 * Margin and the `Notes` sheet; and a `Payroll` tab no block uses.
 */
async function sellerApp(name: string): Promise<{ appId: string }> {
  const ids = await boardWithSheets(t.app, seller, name, [
    {
      title: 'Parts',
      columns: ['Item', 'Supplier cost', 'Margin'],
      rows: [
        { Item: 'Bolt', 'Supplier cost': SUPPLIER_COST, Margin: MARGIN },
        { Item: 'Nut', 'Supplier cost': '0.05', Margin: '12' },
      ],
    },
    { title: 'Notes', columns: ['Note'], rows: [{ Note: NOTE }] },
    { title: 'Payroll', columns: ['Name', 'Pay'], rows: [{ Name: PAYROLL, Pay: 9000 }] },
  ]);
  // The board's page as the home of a multipage app, and a second page that is not public.
  await t.ctx.db.updateTable('apps').set({ kind: 'multipage' }).where('id', '=', ids.appId).execute();
  await addBlock(t.app, seller, ids.appId, { type: 'table', sheet_title: 'Parts', axis: [{ column: 'Item' }] });
  const page = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(seller), payload: { appId: ids.appId, page_name: 'Back office' } });
  expect(page.statusCode, page.body).toBe(201);
  const hiddenPage = page.json().page.page_id as string;
  const hide = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${ids.appId}&page=${hiddenPage}`, headers: as(seller), payload: { is_public: false } });
  expect(hide.statusCode, hide.body).toBe(200);
  await addBlock(t.app, seller, ids.appId, { type: 'table', sheet_title: 'Parts', axis: [{ column: 'Item' }, { column: 'Margin' }] }, hiddenPage);
  await addBlock(t.app, seller, ids.appId, { type: 'table', sheet_title: 'Notes', axis: [{ column: 'Note' }] }, hiddenPage);
  return { appId: ids.appId };
}

async function submit(appId: string, extra: Record<string, unknown> = {}) {
  const thumbnail = await upload(seller, `/api/upload-file?app_id=${appId}`, 'thumbnail');
  const image = await upload(seller, `/api/upload-file?app_id=${appId}`, 'image');
  const form = { app_id: appId, title: 'Parts template', summary: 'Parts', tags: 'a', description: '<p>Good</p>', category: 'other', price: 5, is_free: true, thumbnail, thumbnail_bg_color: '#ffffff', additional_images: [image], ...extra };
  return t.app.inject({ method: 'PUT', url: REVIEW, headers: as(seller), payload: { form } });
}

/** Submits the app (freezing a version) and lists that version as the reviewers' approval would. */
async function listTemplate(appId: string, options: { free?: boolean; form?: Record<string, unknown> } = {}) {
  const res = await submit(appId, options.form);
  expect(res.statusCode, res.body).toBe(200);
  const requestId = res.json().reviewRequest.id as string;
  const listed = await listAsApproved(t, requestId, seller, { slug: `parts-${requestId}`, kind: 'multipage', title: 'Parts template', summary: 'Parts', free: options.free ?? true });
  return { id: requestId, ...listed, request: res.json().reviewRequest };
}

/** Every sheet of an app's spreadsheet with its columns and rows (the stored JSON). */
async function sheetsOf(appId: string) {
  const app = await t.ctx.db.selectFrom('apps').select('spreadsheet_id').where('id', '=', appId).executeTakeFirstOrThrow();
  const sheets = await t.ctx.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', app.spreadsheet_id!).orderBy('position').execute();
  const out: Record<string, { columns: string[]; types: string; rows: string[]; rowCount: number }> = {};
  for (const s of sheets) {
    const rows = await t.ctx.db.selectFrom('sheet_rows').select('data').where('sheet_id', '=', s.id).orderBy('row_index').execute();
    out[s.title] = { columns: JSON.parse(s.columns), types: s.column_types, rows: rows.map((r) => r.data), rowCount: Number(s.row_count) };
  }
  return out;
}

async function cloneWithData(user: TestUser, templateId: string, name: string, withData = true) {
  const res = await t.app.inject({ method: 'POST', url: `/api/multipage/marketplace/templates/${templateId}/clone`, headers: as(user), payload: { name, with_data: withData } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { app: { id: string }; spreadsheet_id: string };
}

async function exportCsv(user: TestUser, spreadsheetId: string, sheet: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export?sheet=${encodeURIComponent(sheet)}&format=csv`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n').trim();
}

function expectNoSecrets(text: string) {
  for (const secret of ['Supplier cost', SUPPLIER_COST, 'Margin', MARGIN, PAYROLL, NOTE, 'Payroll']) expect(text, secret).not.toContain(secret);
}

beforeAll(async () => {
  seller = await signUp(t.app, 'Seller Sid');
  buyer = await signUp(t.app, 'Buyer Bo');
});

describe('a template ships what a guest of the app reads', () => {
  it('a free template cloned with its sample data and exported: only Item', async () => {
    const { appId } = await sellerApp('Free Parts');
    const listed = await listTemplate(appId);
    // The seller's own app keeps everything.
    expect((await sheetsOf(appId)).Parts!.columns).toEqual(['Item', 'Supplier cost', 'Margin']);

    const snapshot = await sheetsOf(listed.snapshotAppId);
    expect(Object.keys(snapshot)).toEqual(['Parts']);
    expect(snapshot.Parts!.columns).toEqual(['Item']);
    expect(snapshot.Parts!.rows.map((r) => JSON.parse(r))).toEqual([{ Item: 'Bolt' }, { Item: 'Nut' }]);
    expectNoSecrets(JSON.stringify(snapshot));

    // Any account clones a free template with its data, and exports the copy.
    const copy = await cloneWithData(buyer, listed.id, 'My parts');
    const csv = await exportCsv(buyer, copy.spreadsheet_id, 'Parts');
    expect(csv).toBe('Item\nBolt\nNut');
    expectNoSecrets(JSON.stringify(await sheetsOf(copy.app.id)));
    // The sheets no guest reads are not there to export.
    const notes = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${copy.spreadsheet_id}/export?sheet=Notes&format=csv`, headers: as(buyer) });
    expect(notes.statusCode).toBe(404);
  });

  it('a paid template bought by a buyer: the same', async () => {
    const { appId } = await sellerApp('Paid Parts');
    const listed = await listTemplate(appId, { free: false });
    await recordPurchase(t, { id: `pp-${listed.id}`, templateId: listed.id, buyerId: buyer.id, versionId: listed.versionId, status: 'paid' });
    const copy = await cloneWithData(buyer, listed.id, 'Bought parts');
    expect(await exportCsv(buyer, copy.spreadsheet_id, 'Parts')).toBe('Item\nBolt\nNut');
    expectNoSecrets(JSON.stringify(await sheetsOf(copy.app.id)));
  });

  it('rows and columns only a page that is not public shows do not ship; the pages and blocks do', async () => {
    const { appId } = await sellerApp('Hidden Page Parts');
    const listed = await listTemplate(appId);
    const snapshotRows = await t.ctx.db
      .selectFrom('sheet_rows')
      .innerJoin('sheets', 'sheets.id', 'sheet_rows.sheet_id')
      .innerJoin('apps', 'apps.spreadsheet_id', 'sheets.spreadsheet_id')
      .select('sheet_rows.data')
      .where('apps.id', '=', listed.snapshotAppId)
      .execute();
    expect(snapshotRows).toHaveLength(2);
    expectNoSecrets(JSON.stringify(snapshotRows));
    // The hidden page and its blocks are part of the template (its structure), with no data.
    const pages = await t.ctx.db.selectFrom('pages').select(['page_name', 'is_public']).where('app_id', '=', listed.snapshotAppId).orderBy('position').execute();
    expect(pages.map((p) => [p.page_name, Number(p.is_public)])).toContainEqual(['Back office', 0]);
    // Making the page public makes its data a guest's: the next version ships it.
    const hidden = await t.ctx.db.selectFrom('pages').select('id').where('app_id', '=', appId).where('page_name', '=', 'Back office').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('pages').set({ is_public: 1 }).where('id', '=', hidden.id).execute();
    const contents = await t.app.inject({ method: 'GET', url: `${CONTENTS}?app_id=${appId}`, headers: as(seller) });
    expect(contents.json().sheets).toEqual([
      { title: 'Parts', columns: ['Item', 'Margin'], rows: 2 },
      { title: 'Notes', columns: ['Note'], rows: 1 },
    ]);
  });

  it('"Send the template without its data": the sheets and their columns, no row, for the version and every clone', async () => {
    const { appId } = await sellerApp('Empty Parts');
    const listed = await listTemplate(appId, { form: { with_data: false } });
    expect(listed.request.with_data).toBe(false);
    const snapshot = await sheetsOf(listed.snapshotAppId);
    expect(snapshot).toEqual({ Parts: { columns: ['Item'], types: expect.any(String), rows: [], rowCount: 0 } });
    const copy = await cloneWithData(buyer, listed.id, 'Empty parts');
    expect(await exportCsv(buyer, copy.spreadsheet_id, 'Parts')).toBe('Item');
    expect((await sheetsOf(copy.app.id)).Parts).toMatchObject({ columns: ['Item'], rows: [], rowCount: 0 });
    // The choice is kept on the request (an 'Edit & Resubmit' starts from it).
    const read = await t.app.inject({ method: 'GET', url: `${REVIEW}?app_id=${appId}`, headers: as(seller) });
    expect(read.json().reviewRequest.with_data).toBe(false);
    // Without the field (the spec's payload) the rows ship, and the answer says so.
    const { appId: other } = await sellerApp('Full Parts');
    const full = await submit(other);
    expect(full.json().reviewRequest.with_data).toBe(true);
    // Not a yes/no: refused in words, naming the field.
    const bad = await submit(other, { with_data: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('with_data');
  });
});

describe('GET /api/multipage/marketplace/review-request/contents', () => {
  it('answers the sheets, columns and rows a submission would ship now', async () => {
    const { appId } = await sellerApp('Summary Parts');
    const res = await t.app.inject({ method: 'GET', url: `${CONTENTS}?app_id=${appId}`, headers: as(seller) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sheets: [{ title: 'Parts', columns: ['Item'], rows: 2 }] });

    // A block on the public page that shows another sheet: it ships from then on, with its rows.
    await addBlock(t.app, seller, appId, { type: 'table', sheet_title: 'Payroll', axis: [{ column: 'Name' }] });
    const more = await t.app.inject({ method: 'GET', url: `${CONTENTS}?app_id=${appId}`, headers: as(seller) });
    expect(more.json().sheets).toEqual([
      { title: 'Parts', columns: ['Item'], rows: 2 },
      { title: 'Payroll', columns: ['Name'], rows: 1 },
    ]);
    // And the version frozen next holds exactly that.
    const listed = await listTemplate(appId);
    const snapshot = await sheetsOf(listed.snapshotAppId);
    expect(Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, { columns: v.columns, rows: v.rows.length }]))).toEqual({
      Parts: { columns: ['Item'], rows: 2 },
      Payroll: { columns: ['Name'], rows: 1 },
    });
  });

  it("is the owner's: 401 signed out, 403 for another account, 400 without app_id", async () => {
    const { appId } = await sellerApp('Private Summary');
    expect((await t.app.inject({ method: 'GET', url: `${CONTENTS}?app_id=${appId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${CONTENTS}?app_id=${appId}`, headers: as(buyer) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CONTENTS, headers: as(seller) })).statusCode).toBe(400);
  });
});
