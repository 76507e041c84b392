// Cloning a listed template into a buyer's workspace (issue 15) through the real routes, on both
// databases: who may clone (free, bought, the seller; 401, 402), the deep copy (every id new, the
// files the buyer's, API-call credentials gone, structure only), independence from the seller's
// app and the frozen version, subdomains, the upload quota, the origins' "update available", and
// the per-account rate limit. The listing row itself is written here from a frozen version (the
// admin's approval writes it in production).
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { addBlock, boardWithSheets, listAsApproved, multipart, recordPurchase, signUp, type TestUser } from '../../testing/app';
import { TYPED_TEXT_CORPUS } from '../../testing/xss-corpus';
import { testServer } from '../../testing/server';
import { PNG } from '../../testing/fixtures';

const t = testServer();
let seller: TestUser;
let buyer: TestUser;

const as = (u: TestUser) => ({ cookie: u.cookie });
const REVIEW = '/api/multipage/marketplace/review-request';
const cloneUrl = (id: string) => `/api/multipage/marketplace/templates/${id}/clone`;
const SECRET_TOKEN = 'sk_live_seller_only_1234';
const SECRET_HEADER = 'X-Seller-Private-Key';
const SECRET_ENDPOINT = 'https://hooks.example.com/services/seller-secret-path';

async function upload(user: TestUser, url: string, field = 'file'): Promise<string> {
  const m = multipart('pic.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...as(user) } });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.upload?.url ?? body.url) as string;
}

async function workspaceOf(user: TestUser): Promise<string> {
  return (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow()).id;
}

interface Source {
  appId: string;
  spreadsheetId: string;
  file: string;
}

/** The seller's public board: a table with an API-call action holding credentials, a markdown naming a file, and rows. */
async function sellerApp(name: string): Promise<Source> {
  const ids = await boardWithSheets(t.app, seller, name, [
    { title: 'Orders', columns: ['City', 'Amount', 'Link'], rows: [{ City: 'Paris', Amount: 12, Link: 'https://a.example' }, { City: 'Lyon', Amount: 7, Link: 'https://b.example' }] },
  ]);
  const file = await upload(seller, `/api/uploads?board=${ids.appId}&purpose=block-setting`);
  await addBlock(t.app, seller, ids.appId, {
    type: 'table',
    sheet_title: 'Orders',
    axis: [{ column: 'City' }, { column: 'Amount' }],
    actions: [
      { title: 'Open', type: 'Open link', source_column: 'Link' },
      { title: 'Notify', type: 'API call', api_endpoint: SECRET_ENDPOINT, authorization_method: 'Custom Header', custom_header: SECRET_HEADER, token: SECRET_TOKEN },
    ],
  });
  await addBlock(t.app, seller, ids.appId, { type: 'markdown', markdown_text: `Hello ![pic](${file})` });
  return { appId: ids.appId, spreadsheetId: ids.spreadsheetId, file };
}

/** Submits the app (freezing a version) and lists that version as the marketplace's approval would. */
async function listTemplate(appId: string, options: { free?: boolean; templateId?: string } = {}): Promise<{ id: string; versionId: string; snapshotAppId: string }> {
  if (options.templateId) await t.ctx.db.updateTable('review_requests').set({ status: 'rejected' }).where('id', '=', options.templateId).execute();
  const thumbnail = await upload(seller, `/api/upload-file?app_id=${appId}`, 'thumbnail');
  const image = await upload(seller, `/api/upload-file?app_id=${appId}`, 'image');
  const form = { app_id: appId, title: 'Shop template', summary: 'Orders', tags: 'a', description: '<p>Good</p>', category: 'other', price: 5, is_free: true, thumbnail, thumbnail_bg_color: '#ffffff', additional_images: [image] };
  const res = await t.app.inject({ method: 'PUT', url: REVIEW, headers: as(seller), payload: { form } });
  expect(res.statusCode, res.body).toBe(200);
  const requestId = res.json().reviewRequest.id as string;
  const listed = await listAsApproved(t, requestId, seller, { slug: `shop-${requestId}`, kind: 'board', title: 'Shop template', summary: 'Orders', free: options.free ?? true, thumbnail });
  return { id: requestId, ...listed };
}

/** An app with everything that names anything: app row, pages, blocks, spreadsheet, sheets, rows. */
async function appState(appId: string) {
  const app = await t.ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
  const pages = await t.ctx.db.selectFrom('pages').selectAll().where('app_id', '=', appId).execute();
  const blocks = await t.ctx.db.selectFrom('blocks').selectAll().where('page_id', 'in', pages.map((p) => p.id)).orderBy('position').execute();
  const sheets = app.spreadsheet_id ? await t.ctx.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', app.spreadsheet_id).execute() : [];
  const rows = sheets.length ? await t.ctx.db.selectFrom('sheet_rows').select(['sheet_id', 'row_index', 'data']).where('sheet_id', 'in', sheets.map((s) => s.id)).orderBy('row_index').execute() : [];
  return { app, pages, blocks, sheets, rows };
}

const clone = (user: TestUser | null, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: cloneUrl(id), headers: user ? as(user) : {}, payload });

beforeAll(async () => {
  seller = await signUp(t.app, 'Seller Sam');
  buyer = await signUp(t.app, 'Buyer Bea');
});

describe('a version is frozen without the seller\'s API credentials', () => {
  it('the snapshot keeps the action but not its token, header, endpoint or field mapping', async () => {
    const src = await sellerApp('Frozen Secrets');
    const listed = await listTemplate(src.appId);
    const snap = await appState(listed.snapshotAppId);
    const text = JSON.stringify(snap.blocks.map((b) => b.config));
    for (const secret of [SECRET_TOKEN, SECRET_HEADER, SECRET_ENDPOINT]) expect(text).not.toContain(secret);
    const table = JSON.parse(snap.blocks.find((b) => b.type === 'table')!.config);
    expect(table.actions[1]).toMatchObject({ title: 'Notify', type: 'API call', token: '', custom_header: '', api_endpoint: '' });
    // The seller's own app keeps them.
    expect(JSON.stringify((await appState(src.appId)).blocks.map((b) => b.config))).toContain(SECRET_TOKEN);
  });
});

describe('POST /api/multipage/marketplace/templates/:id/clone', () => {
  it('copies the version into the buyer\'s workspace: a private app with the chosen name, fresh ids everywhere, its own files, the rows', async () => {
    const src = await sellerApp('Deep Copy Shop');
    const listed = await listTemplate(src.appId);
    const res = await clone(buyer, listed.id, { name: '  My Orders  ', with_data: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.app).toMatchObject({ name: 'My Orders', subdomain: 'my-orders', kind: 'board' });
    const copy = await appState(body.app.id);
    const snap = await appState(listed.snapshotAppId);
    expect(copy.app).toMatchObject({ workspace_id: await workspaceOf(buyer), public: 0, name: 'My Orders', spreadsheet_id: body.spreadsheet_id });
    expect(JSON.parse(copy.app.settings).title).toBe('My Orders');
    expect(copy.pages.map((p) => p.page_name)).toEqual(['My Orders']);
    expect(copy.blocks.map((b) => b.type)).toEqual(snap.blocks.map((b) => b.type));
    expect(copy.rows.map((r) => JSON.parse(r.data).City)).toEqual(['Paris', 'Lyon']);
    // The copied spreadsheet is named after the template, not after the seller's spreadsheet
    // (often their 'Sample business', which the buyer has too).
    const copiedSheet = await t.ctx.db.selectFrom('spreadsheets').select('title').where('id', '=', body.spreadsheet_id).executeTakeFirstOrThrow();
    const sellerSheet = await t.ctx.db.selectFrom('spreadsheets').select('title').where('id', '=', (await appState(src.appId)).app.spreadsheet_id!).executeTakeFirstOrThrow();
    expect(copiedSheet.title).toBe('Shop template');
    expect(sellerSheet.title).not.toBe('Shop template');

    // No id of the version (nor of the seller's app) anywhere in the copy.
    const uploadIdsOf = (text: string) => [...text.matchAll(/\/api\/uploads\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
    const snapText = JSON.stringify(snap);
    const oldIds = [
      snap.app.id,
      snap.app.spreadsheet_id!,
      ...snap.pages.map((p) => p.id),
      ...snap.blocks.map((b) => b.id),
      ...snap.sheets.map((s) => s.id),
      ...uploadIdsOf(snapText),
      src.appId,
      src.spreadsheetId,
      src.file.split('/').pop()!,
    ];
    const copyText = JSON.stringify(copy);
    for (const id of oldIds) expect(copyText, id).not.toContain(id);
    // The files are the buyer's workspace media, readable like the seller's were.
    const files = uploadIdsOf(copyText);
    expect(files.length).toBeGreaterThan(0);
    for (const id of files) {
      const rec = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(rec.workspace_id).toBe(await workspaceOf(buyer));
      expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` })).rawPayload.equals(PNG)).toBe(true);
    }
    // Secrets gone, the rest of the action kept.
    for (const secret of [SECRET_TOKEN, SECRET_HEADER, SECRET_ENDPOINT]) expect(copyText).not.toContain(secret);
    const table = JSON.parse(copy.blocks.find((b) => b.type === 'table')!.config);
    expect(table.actions.map((a: { type: string }) => a.type)).toEqual(['Open link', 'API call']);
    // Where it came from.
    const origin = await t.ctx.db.selectFrom('app_origins').selectAll().where('app_id', '=', body.app.id).executeTakeFirstOrThrow();
    expect(origin).toMatchObject({ template_id: listed.id, version_id: listed.versionId, version_number: 1, cloned_by: buyer.id });
    expect(Number(origin.with_rows)).toBe(1);
    // The buyer edits it like any app of theirs; the seller cannot.
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${body.app.id}`, headers: as(buyer), payload: { name: 'Mine' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${body.app.id}`, headers: as(seller), payload: { name: 'Theirs' } })).statusCode).toBe(403);
  });

  it('structure only: the same sheets and columns, no rows', async () => {
    const listed = await listTemplate((await sellerApp('Structure Shop')).appId);
    const res = await clone(buyer, listed.id, { name: 'Empty Orders', with_data: false });
    expect(res.statusCode, res.body).toBe(201);
    const copy = await appState(res.json().app.id);
    const snap = await appState(listed.snapshotAppId);
    expect(copy.sheets.map((s) => [s.title, s.columns, s.column_types, Number(s.row_count)])).toEqual(snap.sheets.map((s) => [s.title, s.columns, s.column_types, 0]));
    expect(copy.rows).toEqual([]);
    const origin = await t.ctx.db.selectFrom('app_origins').select('with_rows').where('app_id', '=', res.json().app.id).executeTakeFirstOrThrow();
    expect(Number(origin.with_rows)).toBe(0);
  });

  it('keeps working when the seller deletes the source app (its listing goes with it), and nothing done to the version reaches the clone', async () => {
    const src = await sellerApp('Vanishing Shop');
    const listed = await listTemplate(src.appId);
    const res = await clone(buyer, listed.id, { name: 'After Delete', with_data: true });
    expect(res.statusCode, res.body).toBe(201);
    const appId = res.json().app.id as string;
    const before = await appState(appId);
    expect(before.rows).toHaveLength(2);
    // Alter the frozen version's blocks and rows: the clone stays as it was.
    const snap = await appState(listed.snapshotAppId);
    await t.ctx.db.updateTable('blocks').set({ config: '{"title":"changed"}' }).where('id', 'in', snap.blocks.map((b) => b.id)).execute();
    await t.ctx.db.updateTable('sheet_rows').set({ data: '{"City":"Changed"}' }).where('sheet_id', 'in', snap.sheets.map((s) => s.id)).execute();
    expect(await appState(appId)).toEqual(before);
    // The seller deletes the source app (its review request and listing go too), then the version is deleted.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/apps/${src.appId}`, headers: as(seller) })).statusCode).toBeLessThan(300);
    await t.ctx.db.deleteFrom('apps').where('id', '=', listed.snapshotAppId).execute();
    expect(await appState(appId)).toEqual(before);
    // The buyer's app still serves its rows and its files.
    const rows = await t.app.inject({ method: 'GET', url: `/api/board/${before.app.spreadsheet_id}/sheet/Orders?board=${appId}`, headers: as(buyer) });
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.body).toContain('Paris');
    for (const m of JSON.stringify(before.blocks).matchAll(/\/api\/uploads\/([A-Za-z0-9_-]+)/g))
      expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${m[1]}`, headers: as(buyer) })).statusCode).toBe(200);
  });

  it('subdomains come from the name, unique among all apps, never reserved', async () => {
    const listed = await listTemplate((await sellerApp('Naming Shop')).appId);
    const sub = async (name: string) => {
      const res = await clone(buyer, listed.id, { name, with_data: false });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().app.subdomain as string;
    };
    expect(await sub('Team Board')).toBe('team-board');
    expect(await sub('Team Board')).toBe('team-board-2');
    expect(await sub('team board!')).toBe('team-board-3');
    expect(await sub('Templates')).toBe('templates-2');
    expect(await sub('!!!')).toMatch(/^app(-\d+)?$/);
  });

  it('clones racing for the same name each get a subdomain of their own', async () => {
    const listed = await listTemplate((await sellerApp('Race Shop')).appId);
    const racer = await signUp(t.app, 'Racer Rex');
    const answers = await Promise.all([0, 1, 2].map(() => clone(racer, listed.id, { name: 'Race Board', with_data: true })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const subs = answers.map((r) => r.json().app.subdomain as string);
    expect(new Set(subs).size).toBe(3);
    for (const sub of subs) expect(sub).toMatch(/^race-board(-\d+)?$/);
    expect(subs).toContain('race-board');
  });

  it('names from an XSS corpus are kept as plain text; their subdomains are plain DNS labels', async () => {
    const listed = await listTemplate((await sellerApp('Corpus Shop')).appId);
    const visitor = await signUp(t.app, 'Corpus Cleo');
    // A path and letters outside ASCII too: the name makes the subdomain.
    const CORPUS = [...TYPED_TEXT_CORPUS, '../../etc/passwd', 'Ünïcødé 🚀 board'];
    for (const name of CORPUS) {
      const res = await clone(visitor, listed.id, { name, with_data: false });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const { app } = res.json();
      expect(app.name).toBe(name);
      expect(app.subdomain).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
      const read = await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}`, headers: as(visitor) });
      expect(read.json().app.name).toBe(name);
      expect(read.headers['content-type']).toContain('application/json');
    }
  });

  it('refuses: 401 without a session, 404 for an unknown template, 400 for a missing or long name', async () => {
    const listed = await listTemplate((await sellerApp('Refusing Shop')).appId);
    expect((await clone(null, listed.id, { name: 'X', with_data: true })).statusCode).toBe(401);
    const unknown = await clone(buyer, 'nosuchtemplate', { name: 'X', with_data: true });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, TEMPLATE_MESSAGES.notFound]);
    const empty = await clone(buyer, listed.id, { name: '   ', with_data: true });
    expect([empty.statusCode, empty.json().message]).toEqual([400, TEMPLATE_MESSAGES.cloneNameRequired]);
    const long = await clone(buyer, listed.id, { name: 'x'.repeat(TEMPLATE_LIMITS.cloneNameMax + 1), with_data: true });
    expect([long.statusCode, long.json().message]).toEqual([400, TEMPLATE_MESSAGES.cloneNameTooLong]);
    expect((await clone(buyer, listed.id, { name: 'X' })).statusCode).toBe(400);
  });

  it('a paid template: 402 until the buyer holds a paid purchase (refunded counts for nothing); the seller clones it anyway', async () => {
    const listed = await listTemplate((await sellerApp('Paid Shop')).appId, { free: false });
    const refused = await clone(buyer, listed.id, { name: 'Paid', with_data: true });
    expect([refused.statusCode, refused.json().message]).toEqual([402, TEMPLATE_MESSAGES.notPurchased]);
    const purchase = (status: 'paid' | 'refunded', session: string) =>
      recordPurchase(t, { id: `p${session}`, templateId: listed.id, buyerId: buyer.id, versionId: listed.versionId, status, checkoutSessionId: `cs_${session}_${listed.id}` });
    await purchase('refunded', 'a');
    expect((await clone(buyer, listed.id, { name: 'Paid', with_data: true })).statusCode).toBe(402);
    await purchase('paid', 'b');
    expect((await clone(buyer, listed.id, { name: 'Paid', with_data: true })).statusCode).toBe(201);
    expect((await clone(seller, listed.id, { name: 'My own', with_data: true })).statusCode).toBe(201);
    // Another visitor still cannot.
    const other = await signUp(t.app, 'Other Olly');
    expect((await clone(other, listed.id, { name: 'Paid', with_data: true })).statusCode).toBe(402);
  });

  it("refuses with the uploads' quota message when the copied files would not fit the buyer's quota, leaving nothing", async () => {
    const listed = await listTemplate((await sellerApp('Quota Shop')).appId);
    const full = await signUp(t.app, 'Full Fran');
    const apps = async () => Number((await t.ctx.db.selectFrom('apps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await apps();
    const quota = t.ctx.config.uploadQuotaMb;
    // A quota smaller than the template's one file (a few dozen bytes).
    (t.ctx.config as { uploadQuotaMb: number }).uploadQuotaMb = 10 / (1024 * 1024);
    try {
      const res = await clone(full, listed.id, { name: 'Too Big', with_data: true });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toContain('your workspace has reached its limit of');
    } finally {
      (t.ctx.config as { uploadQuotaMb: number }).uploadQuotaMb = quota;
    }
    expect(await apps()).toBe(before);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('workspace_id', '=', await workspaceOf(full)).execute()).toEqual([]);
    expect((await clone(full, listed.id, { name: 'Fits', with_data: true })).statusCode).toBe(201);
  });
});

describe('GET /api/multipage/marketplace/origins', () => {
  it('lists the cloned apps; update available once a newer version is approved; null once the template is unlisted', async () => {
    const owner = await signUp(t.app, 'Origin Ori');
    const src = await sellerApp('Origin Shop');
    const v1 = await listTemplate(src.appId);
    const appId = (await clone(owner, v1.id, { name: 'Origin Copy', with_data: true })).json().app.id as string;
    const origins = async () => (await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins', headers: as(owner) })).json().origins;
    expect(await origins()).toEqual([
      { app_id: appId, template_id: v1.id, template_name: 'Shop template', template_slug: `shop-${v1.id}`, version_number: 1, latest_version_number: 1, update_available: false, can_restore: false },
    ]);
    await addBlock(t.app, seller, src.appId, { type: 'markdown', markdown_text: 'New in version 2' });
    await listTemplate(src.appId, { templateId: v1.id });
    expect(await origins()).toEqual([expect.objectContaining({ app_id: appId, version_number: 1, latest_version_number: 2, update_available: true })]);
    // No automatic merge: the clone is unchanged.
    expect(JSON.stringify((await appState(appId)).blocks)).not.toContain('New in version 2');
    await t.ctx.db.deleteFrom('marketplace_templates').where('id', '=', v1.id).execute();
    expect(await origins()).toEqual([expect.objectContaining({ app_id: appId, template_name: null, template_slug: null, latest_version_number: null, update_available: false })]);
    // Someone else's list holds none of these; without a session, 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins', headers: as(seller) })).json().origins.some((o: { app_id: string }) => o.app_id === appId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins' })).statusCode).toBe(401);
  });
});

describe('the clone rate limit', () => {
  it(`allows ${TEMPLATE_LIMITS.clonesPerHour} clones an hour per account, then 429 with the wait`, async () => {
    const listed = await listTemplate((await sellerApp('Limit Shop')).appId);
    const busy = await signUp(t.app, 'Busy Bo');
    for (let i = 0; i < TEMPLATE_LIMITS.clonesPerHour; i++) expect((await clone(busy, listed.id, { name: `Copy ${i}`, with_data: false })).statusCode).toBe(201);
    const refused = await clone(busy, listed.id, { name: 'One more', with_data: false });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have copied many templates in a short while\. Please wait .+ and try again\.$/);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another account has its own budget.
    expect((await clone(buyer, listed.id, { name: 'Still fine', with_data: false })).statusCode).toBe(201);
  });
});
