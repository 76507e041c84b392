// Template updates merged into a buyer's copy (issue 33 §2) through the real routes, on both
// databases: what the new version changes in words, the three-way merge (the template's changes
// taken, the buyer's kept, both changed → a conflict the buyer decides), the buyer's column
// mapping and data kept, a column the new blocks need added, the snapshot and its restore, and
// who may do it. The pure merge rules have their own cases at the end.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, createSpreadsheet, signUp, type TestUser } from '../../testing/app';
import { listTemplate } from '../../testing/listing';
import { testServer } from '../../testing/server';
import { mergeApp, type AppDoc, type ItemInfo } from './merge';
import { composeMapping } from './column-mapping';
import { UPDATE_MESSAGES } from './update';

const t = testServer();
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;

const as = (u: TestUser) => ({ cookie: u.cookie });
const updateUrl = (appId: string) => `/api/apps/${appId}/template-update`;

async function blocksOf(appId: string) {
  const pages = await t.ctx.db.selectFrom('pages').select('id').where('app_id', '=', appId).execute();
  const rows = await t.ctx.db.selectFrom('blocks').selectAll().where('page_id', 'in', pages.map((p) => p.id)).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ ...r, config: JSON.parse(r.config) as Record<string, unknown> }));
}
const byText = async (appId: string, text: string) => (await blocksOf(appId)).find((b) => JSON.stringify(b.config).includes(text));

async function editBlock(user: TestUser, id: string, patch: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/blocks/${id}`, headers: as(user), payload: patch });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  seller = await signUp(t.app, 'Seller Sam');
  buyer = await signUp(t.app, 'Buyer Bea');
  stranger = await signUp(t.app, 'Stranger Sid');
});

describe('a template update merged into a clone', () => {
  it('takes what only the template changed, keeps what only the buyer changed, asks where both did, keeps the mapping and the data, and can be undone', async () => {
    // Version 1: a table of Orders and three notes.
    const src = await boardWithSheets(t.app, seller, 'Update Shop', [
      { title: 'Orders', columns: ['City', 'Amount', 'Status'], rows: [{ City: 'Paris', Amount: 12, Status: 'open' }] },
    ]);
    const table = await addBlock(t.app, seller, src.appId, { type: 'table', title: 'Orders', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Amount' }] });
    const welcome = await addBlock(t.app, seller, src.appId, { type: 'markdown', markdown_text: 'Welcome v1' });
    const notes = await addBlock(t.app, seller, src.appId, { type: 'markdown', markdown_text: 'Notes v1' });
    const old = await addBlock(t.app, seller, src.appId, { type: 'markdown', markdown_text: 'Old news' });
    const v1 = await listTemplate(t.app, t.ctx.db, seller, src.appId);

    // The buyer clones it, maps it onto their own spreadsheet, and makes it theirs.
    const cloned = await t.app.inject({ method: 'POST', url: `/api/multipage/marketplace/templates/${v1.id}/clone`, headers: as(buyer), payload: { name: 'My Shop', with_data: true } });
    expect(cloned.statusCode, cloned.body).toBe(201);
    const appId = cloned.json().app.id as string;
    const own = await createSpreadsheet(t.app, buyer, 'My sales', [{ title: 'Sales', columns: ['Town', 'Total'], rows: [{ Town: 'Oslo', Total: 3 }, { Town: 'Bergen', Total: 5 }] }]);
    const mapped = await t.app.inject({
      method: 'POST',
      url: `/api/apps/${appId}/column-mapping`,
      headers: as(buyer),
      payload: { spreadsheet_id: own, sheets: [{ from: 'Orders', to: 'Sales', columns: { City: 'Town', Amount: 'Total' } }] },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    await editBlock(buyer, (await byText(appId, '"Orders"'))!.id, { title: 'My orders' });
    await editBlock(buyer, (await byText(appId, 'Notes v1'))!.id, { markdown_text: 'Notes by Bea' });
    const mine = await addBlock(t.app, buyer, appId, { type: 'markdown', markdown_text: 'My own block' });
    const before = await blocksOf(appId);

    // Nothing to apply yet.
    const none = (await t.app.inject({ method: 'GET', url: updateUrl(appId), headers: as(buyer) })).json();
    expect(none).toMatchObject({ available: false, version_number: 1, latest_version_number: 1, changes: [], conflicts: [], restore: null });

    // Version 2: the welcome and the notes reworded, the old news gone, a list of cities and statuses added.
    await editBlock(seller, welcome.id, { markdown_text: 'Welcome v2' });
    await editBlock(seller, notes.id, { markdown_text: 'Notes v2' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${old.id}`, headers: as(seller) })).statusCode).toBeLessThan(300);
    await addBlock(t.app, seller, src.appId, { type: 'list', title: 'Cities', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Status' }] });
    expect(table.id).toBeTruthy();
    const v2 = await listTemplate(t.app, t.ctx.db, seller, src.appId);
    expect(v2).toMatchObject({ id: v1.id, versionNumber: 2 });

    const preview = await t.app.inject({ method: 'GET', url: updateUrl(appId), headers: as(buyer) });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ available: true, template_name: 'Shop template', version_number: 1, latest_version_number: 2, restore: null });
    expect(p.changes.map((c: { text: string }) => c.text).sort()).toEqual(
      [
        "Added the block 'Cities' on the page 'Update Shop'",
        "Changed the block 'Markdown' on the page 'Update Shop': Markdown text",
        "Changed the block 'Markdown' on the page 'Update Shop': Markdown text",
        "Removed the block 'Markdown' on the page 'Update Shop'",
      ].sort(),
    );
    expect(p.conflicts).toHaveLength(1);
    const conflict = p.conflicts[0];
    expect(conflict).toMatchObject({ mine: '“Notes by Bea”', theirs: '“Notes v2”' });
    expect(conflict.text).toMatch(/^You and the template both changed .+ of the block 'Markdown' on the page 'My Shop'\.$/);

    // Without an answer for the conflict, nothing is applied; a version number not current either.
    const unanswered = await t.app.inject({ method: 'POST', url: updateUrl(appId), headers: as(buyer), payload: { version_number: 2 } });
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json().message).toBe(UPDATE_MESSAGES.unresolved);
    const stale = await t.app.inject({ method: 'POST', url: updateUrl(appId), headers: as(buyer), payload: { version_number: 1, resolutions: { [conflict.id]: 'theirs' } } });
    expect(stale.json().message).toBe(UPDATE_MESSAGES.stale);
    expect(await blocksOf(appId)).toEqual(before);
    // Strict body.
    expect((await t.app.inject({ method: 'POST', url: updateUrl(appId), headers: as(buyer), payload: { version_number: 2, extra: 1 } })).statusCode).toBe(400);
    // Nobody else may look or apply.
    for (const [who, headers] of [['anonymous', {}], ['stranger', as(stranger)]] as const) {
      expect((await t.app.inject({ method: 'GET', url: updateUrl(appId), headers })).statusCode, who).toBeGreaterThanOrEqual(401);
      const refused = await t.app.inject({ method: 'POST', url: updateUrl(appId), headers, payload: { version_number: 2, resolutions: { [conflict.id]: 'theirs' } } });
      expect([401, 403, 404], who).toContain(refused.statusCode);
    }

    const applied = await t.app.inject({ method: 'POST', url: updateUrl(appId), headers: as(buyer), payload: { version_number: 2, resolutions: { [conflict.id]: 'theirs' } } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ version_number: 2, changes: 4 });

    const after = await blocksOf(appId);
    const texts = after.map((b) => b.config.markdown_text).filter(Boolean);
    expect(texts).toEqual(expect.arrayContaining(['Welcome v2', 'Notes v2', 'My own block']));
    expect(texts).not.toContain('Old news');
    // The buyer's title and mapping stay; the new list reads the buyer's column, and Status (not mapped) was added empty.
    const tableNow = after.find((b) => b.type === 'table')!;
    expect(tableNow.config).toMatchObject({ title: 'My orders', sheet_title: 'Sales', axis: [expect.objectContaining({ column: 'Town' }), expect.objectContaining({ column: 'Total' })] });
    const list = after.find((b) => b.type === 'list')!;
    expect(list.config).toMatchObject({ title: 'Cities', sheet_title: 'Sales', axis: [expect.objectContaining({ column: 'Town' }), expect.objectContaining({ column: 'Status' })] });
    expect(after.find((b) => b.id === mine.id)).toBeTruthy();
    // Blocks the buyer had keep their ids.
    expect(after.find((b) => b.type === 'table')!.id).toBe(before.find((b) => b.type === 'table')!.id);
    const sheet = await t.ctx.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', own).executeTakeFirstOrThrow();
    expect(JSON.parse(sheet.columns)).toEqual(['Town', 'Total', 'Status']);
    const rows = await t.ctx.db.selectFrom('sheet_rows').select('data').where('sheet_id', '=', sheet.id).orderBy('row_index').execute();
    expect(rows.map((r) => JSON.parse(r.data))).toEqual([{ Town: 'Oslo', Total: 3 }, { Town: 'Bergen', Total: 5 }]);
    const origin = (await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins', headers: as(buyer) })).json().origins.find((o: { app_id: string }) => o.app_id === appId);
    expect(origin).toMatchObject({ version_number: 2, update_available: false });

    // Up to date now, with the version before restorable.
    const now = (await t.app.inject({ method: 'GET', url: updateUrl(appId), headers: as(buyer) })).json();
    expect(now).toMatchObject({ available: false, version_number: 2, restore: { version_number: 1 } });
    expect((await t.app.inject({ method: 'POST', url: `${updateUrl(appId)}/restore`, headers: as(stranger), payload: { snapshot_id: now.restore.snapshot_id } })).statusCode).toBeGreaterThanOrEqual(403);
    const restored = await t.app.inject({ method: 'POST', url: `${updateUrl(appId)}/restore`, headers: as(buyer), payload: { snapshot_id: now.restore.snapshot_id } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ version_number: 1 });
    const back = await blocksOf(appId);
    expect(back.map(({ updated_at: _u, ...b }) => b)).toEqual(before.map(({ updated_at: _u, ...b }) => b));
    // The update is available again, with the same conflict; the snapshot is spent.
    const again = (await t.app.inject({ method: 'GET', url: updateUrl(appId), headers: as(buyer) })).json();
    expect(again).toMatchObject({ available: true, version_number: 1, restore: null });
    expect(again.conflicts).toHaveLength(1);
    const spent = await t.app.inject({ method: 'POST', url: `${updateUrl(appId)}/restore`, headers: as(buyer), payload: { snapshot_id: now.restore.snapshot_id } });
    expect(spent.statusCode).toBe(404);
    expect(spent.json().message).toBe(UPDATE_MESSAGES.snapshotNotFound);

    // Keeping mine this time: the buyer's notes stay, the rest of the update comes.
    const kept = await t.app.inject({ method: 'POST', url: updateUrl(appId), headers: as(buyer), payload: { version_number: 2, resolutions: { [again.conflicts[0].id]: 'mine' } } });
    expect(kept.statusCode, kept.body).toBe(200);
    const final = (await blocksOf(appId)).map((b) => b.config.markdown_text).filter(Boolean);
    expect(final).toEqual(expect.arrayContaining(['Welcome v2', 'Notes by Bea', 'My own block']));
  });

  it('an app not made from a template has nothing to update; a restore of an unknown snapshot is 404', async () => {
    const own = await boardWithSheets(t.app, buyer, 'Plain Board', [{ title: 'T', columns: ['A'] }]);
    expect((await t.app.inject({ method: 'GET', url: updateUrl(own.appId), headers: as(buyer) })).json()).toMatchObject({ available: false, version_number: null });
    const apply = await t.app.inject({ method: 'POST', url: updateUrl(own.appId), headers: as(buyer), payload: { version_number: 1 } });
    expect(apply.statusCode).toBe(404);
    expect(apply.json().message).toBe(UPDATE_MESSAGES.notCloned);
    expect((await t.app.inject({ method: 'POST', url: `${updateUrl(own.appId)}/restore`, headers: as(buyer), payload: { snapshot_id: 'nope' } })).statusCode).toBe(404);
  });
});

describe('the merge rules', () => {
  const info = (item: string): ItemInfo => ({ kind: item === 'app' ? 'app' : item.startsWith('page:') ? 'page' : 'block', label: item, fieldLabel: (f) => f });
  const doc = (items: Record<string, Record<string, unknown>>): AppDoc => new Map(Object.entries(items));

  it('removed by one side and changed by the other is a conflict; untouched removals go; additions of both sides stay', () => {
    const base = doc({ app: {}, 'block:a': { x: 1 }, 'block:b': { x: 1 }, 'block:c': { x: 1 }, 'block:d': { x: 1 } });
    const mine = doc({ app: {}, 'block:a': { x: 2 }, 'block:c': { x: 1 }, 'block:mine': { x: 9 } });
    const theirs = doc({ app: {}, 'block:b': { x: 3 }, 'block:c': { x: 1 }, 'block:new': { x: 7 } });
    const r = mergeApp(base, mine, theirs, info);
    expect(r.conflicts.map((c) => c.id).sort()).toEqual(['block:a', 'block:b']);
    expect(r.unresolved.sort()).toEqual(['block:a', 'block:b']);
    // Unanswered: the buyer's side (a kept with their change, b left removed); d removed by both.
    expect([...r.doc.keys()].sort()).toEqual(['app', 'block:a', 'block:c', 'block:mine', 'block:new']);
    const answered = mergeApp(base, mine, theirs, info, { 'block:a': 'theirs', 'block:b': 'theirs' });
    expect([...answered.doc.keys()].sort()).toEqual(['app', 'block:b', 'block:c', 'block:mine', 'block:new']);
    expect(answered.doc.get('block:b')).toEqual({ x: 3 });
    expect(answered.unresolved).toEqual([]);
  });

  it('the same change on both sides is no conflict', () => {
    const r = mergeApp(doc({ 'block:a': { x: 1 } }), doc({ 'block:a': { x: 2 } }), doc({ 'block:a': { x: 2 } }), info);
    expect(r.conflicts).toEqual([]);
    expect(r.doc.get('block:a')).toEqual({ x: 2 });
  });

  it('a second column mapping is composed onto the first', () => {
    const first = composeMapping({}, { sheets: [{ from: 'Orders', to: 'Sales', columns: { City: 'Town', Amount: null } }] });
    expect(first).toEqual({ Orders: { to: 'Sales', columns: { City: 'Town' } } });
    expect(composeMapping(first, { sheets: [{ from: 'Sales', to: 'Ventes', columns: { Town: 'Ville', Amount: 'Total' } }] })).toEqual({
      Orders: { to: 'Ventes', columns: { City: 'Ville', Amount: 'Total' } },
    });
  });
});
