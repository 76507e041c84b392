import { blockSchemas, migrateBlockRecord, resolveKind, schemaOf } from '../../../blocks/schemas';
import { blockRecord, blocksOfPages } from '../../data/blocks/record';
import { patternProblem } from '../../../shared/rows/regex';
import { normalizeBlock, validateBlock, type BlockRecord, type FormatChecks } from '../../../shared/settings';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import { framedOrder, frameRank, homeOf, withAppFrame } from '../../../blocks/app-frame';
import { pagesRepo } from '../../data/pages/repo';
import type { AppView } from '../../data/apps/record';
import { viewerBlock } from '../../platform/secrets';
import type { PageRow } from '../../data/pages/repo';
import { blocksRepo, type BlockRow } from '../../data/blocks/repo';
import { appsRepo } from '../../data/apps/repo';

function configOf(record: BlockRecord): string {
  const { id: _id, type: _type, temp_block: _temp, ...config } = record;
  return JSON.stringify(config);
}

/** Inserts already-normalised records at the end of a page (sign-up's example board). */
export async function insertBlocks(ctx: ServerContext, pageId: string, records: BlockRecord[]) {
  const start = await blocksRepo(ctx.db).nextPosition(pageId);
  const now = nowIso();
  await blocksRepo(ctx.db).insert(
    records.map((r, i) => ({ id: r.id || newId(), page_id: pageId, position: start + i, type: r.type, config: configOf(r), created_at: now, updated_at: now })),
  );
  await appsRepo(ctx.db).touchOfPage(pageId, now);
}

/** Owner-written patterns must be ones RE2 runs (shared/rows/regex.ts): refused on saving. */
const FORMATS: FormatChecks = { regex: patternProblem };

function checked(type: string, input: Record<string, unknown>, id: string): BlockRecord {
  const schema = schemaOf(type);
  if (!schema) throw badRequest(`Unknown block type '${type}'`, [{ path: 'type', message: `Unknown block type '${type}'` }]);
  const { type: _legacyType, ...migrated } = migrateBlockRecord({ ...input, type });
  const record = normalizeBlock(schema, migrated, id);
  // temp_block marks the editor's unsaved copy; a stored block is never temporary.
  delete record.temp_block;
  const issues = validateBlock(schema, record, FORMATS);
  const first = issues[0];
  if (first) throw badRequest(first.message, issues);
  return record;
}

/** Positions 0..n in frame order: headers first, footers last, the rest as they were (blocks/app-frame.ts). */
async function placeInFrameOrder(db: ServerContext['db'], pageId: string, ids?: readonly string[]) {
  const repo = blocksRepo(db);
  const rows = await repo.listByPages([pageId]);
  // Named ones in the order given (ids of other pages are skipped), then the rest (a hidden header).
  const wanted = ids ? [...ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is BlockRow => !!r), ...rows.filter((r) => !ids.includes(r.id))] : rows;
  for (const [position, row] of framedOrder(wanted).entries()) if (Number(row.position) !== position) await repo.update(row.id, { position });
}

/**
 * Adds a block to a page of an app its caller may edit (the 'owner' rule resolved both). A header
 * goes first and a footer last, full width. On a multipage app they are the app's (one each, kept
 * on the home page and shown on every page): a second one is refused.
 */
export async function createBlock(ctx: ServerContext, pageRow: PageRow, app: AppView, body: { pageId: string; type: string } & Record<string, unknown>) {
  const { pageId: _pageId, type, id: _id, ...settings } = body;
  const record = checked(type, settings, newId());
  const rank = frameRank(record.type);
  if (rank !== 1) record.full_width = true;
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    let pageId = pageRow.id;
    if (app.kind === 'multipage' && rank !== 1) {
      const pages = await pagesRepo(trx).listByApp(app.id);
      const home = homeOf(pages) ?? pageRow;
      const stored = await blocksRepo(trx).listByPages([home.id]);
      if (stored.some((b) => frameRank(b.type) === rank)) {
        const what = rank === 0 ? 'header' : 'footer';
        throw conflict(`This app already has a ${what}: it shows on every page. Edit that one, or turn it on for this page in the page's settings.`);
      }
      pageId = home.id;
    }
    const repo = blocksRepo(trx);
    await repo.insert([{ id: record.id, page_id: pageId, position: await repo.nextPosition(pageId), type: record.type, config: configOf(record), created_at: now, updated_at: now }]);
    await placeInFrameOrder(trx, pageId);
    await appsRepo(trx).touch(app.id, now);
  });
  return record;
}

export async function updateBlock(ctx: ServerContext, row: BlockRow, body: Record<string, unknown>) {
  const stored = blockRecord(row);
  const { id: _id, pageId: _pageId, type, ...changes } = body;
  const kind = resolveKind(stored.type) ?? stored.type;
  if (type !== undefined && resolveKind(String(type)) !== kind)
    throw badRequest('The type of a block cannot change; add a new block instead', [{ path: 'type', message: 'Cannot change' }]);
  const { id: _sid, type: _st, ...storedSettings } = stored;
  const record = checked(kind, { ...storedSettings, ...changes }, row.id);
  const now = nowIso();
  await blocksRepo(ctx.db).update(row.id, { config: configOf(record), type: record.type, updated_at: now });
  await appsRepo(ctx.db).touchOfPage(row.page_id, now);
  return record;
}

export async function deleteBlock(ctx: ServerContext, row: BlockRow) {
  await blocksRepo(ctx.db).delete(row.id);
  await appsRepo(ctx.db).touchOfPage(row.page_id, nowIso());
}

/**
 * Orders a page's blocks as shown. The app's header and footer (stored on the home page) may be
 * named and are left where they are; a header stays first and a footer last whatever the order.
 */
export async function reorderBlocks(ctx: ServerContext, page: PageRow, order: string[]) {
  const shown = await shownBlocks(ctx, page);
  const current = shown.map((b) => b.id);
  const given = new Set(order);
  if (given.size !== order.length || order.length !== current.length || current.some((id) => !given.has(id)))
    throw badRequest('The order must list every block of the page exactly once', [{ path: 'order', message: 'Must be exactly the ids of the page\'s blocks' }]);
  await ctx.db.transaction().execute((trx) => placeInFrameOrder(trx, page.id, order));
  await appsRepo(ctx.db).touch(page.app_id, nowIso());
  return shownBlocks(ctx, page);
}

/** The page's blocks as shown (the app's header and footer with them). */
async function shownBlocks(ctx: ServerContext, page: PageRow): Promise<BlockRecord[]> {
  const rows = await pagesRepo(ctx.db).listByApp(page.app_id);
  const blocks = await blocksOfPages(ctx, rows.map((r) => r.id));
  const shown = withAppFrame(rows.map((r) => ({ id: r.id, page_type: r.page_type, blocks: blocks.get(r.id) ?? [], ...frameFlags(r.settings) })));
  return shown.find((p) => p.id === page.id)?.blocks ?? [];
}

function frameFlags(settings: string): { show_header: boolean; show_footer: boolean } {
  const s = parseJson<{ show_header?: unknown; show_footer?: unknown }>(settings, {});
  return { show_header: s.show_header !== false, show_footer: s.show_footer !== false };
}

/** A block as its viewer (the 'app-viewer' rule let them through) may read it. */
export function readBlock(row: BlockRow, owner: boolean) {
  // Action secrets stay on the server for everyone but the owner.
  return owner ? blockRecord(row) : viewerBlock(blockRecord(row));
}

export function catalogue() {
  return Object.values(blockSchemas).map((s) => ({ type: s.kind, name: s.name, description: s.description, category: s.category, icon: s.icon }));
}
