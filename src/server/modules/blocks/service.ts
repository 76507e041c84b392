import { blockSchemas, migrateBlockRecord, needsOf, resolveKind, schemaOf } from '../../../blocks/schemas';
import { blockRecord, blocksOfPages } from './record';
import { patternProblem } from '../../../shared/rows/regex';
import { normalizeBlock, validateBlock, type BlockRecord, type FormatChecks } from '../../../shared/settings';
import type { ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { newId, nowIso } from '../../http';
import type { AppView } from '../apps/record';
import { viewerBlock } from '../actions/secrets';
import type { PageRow } from '../pages/repo';
import { blocksRepo, type BlockRow } from './repo';

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

/** Adds a block to a page of an app its caller may edit (the 'owner' rule resolved both). */
export async function createBlock(ctx: ServerContext, pageRow: PageRow, app: AppView, body: { pageId: string; type: string } & Record<string, unknown>) {
  const { pageId: _pageId, type, id: _id, ...settings } = body;
  const page = { ...pageRow, appKind: app.kind };
  const record = checked(type, settings, newId());
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const repo = blocksRepo(trx);
    const existing = await repo.listByPages([page.id]);
    const last = existing[existing.length - 1];
    let position = last ? Number(last.position) + 1 : 0;
    // Multipage pages keep their footer last (spec §4): the new block goes before it.
    if (page.appKind === 'multipage' && last && needsOf(last.type).frame === 'bottom' && needsOf(record.type).frame !== 'bottom') {
      position = Number(last.position);
      await repo.update(last.id, { position: position + 1 });
    }
    await repo.insert([{ id: record.id, page_id: page.id, position, type: record.type, config: configOf(record), created_at: now, updated_at: now }]);
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
  await blocksRepo(ctx.db).update(row.id, { config: configOf(record), type: record.type, updated_at: nowIso() });
  return record;
}

export async function deleteBlock(ctx: ServerContext, row: BlockRow) {
  await blocksRepo(ctx.db).delete(row.id);
}

export async function reorderBlocks(ctx: ServerContext, page: PageRow, order: string[]) {
  const current = (await blocksRepo(ctx.db).listByPages([page.id])).map((b) => b.id);
  const given = new Set(order);
  if (given.size !== order.length || order.length !== current.length || current.some((id) => !given.has(id)))
    throw badRequest('The order must list every block of the page exactly once', [{ path: 'order', message: 'Must be exactly the ids of the page\'s blocks' }]);
  await ctx.db.transaction().execute(async (trx) => {
    for (const [position, id] of order.entries()) await blocksRepo(trx).update(id, { position });
  });
  return (await blocksOfPages(ctx, [page.id])).get(page.id) ?? [];
}

/** A block as its viewer (the 'app-viewer' rule let them through) may read it. */
export function readBlock(row: BlockRow, owner: boolean) {
  // Action secrets stay on the server for everyone but the owner.
  return owner ? blockRecord(row) : viewerBlock(blockRecord(row));
}

export function catalogue() {
  return Object.values(blockSchemas).map((s) => ({ type: s.kind, name: s.name, description: s.description, category: s.category, icon: s.icon }));
}
