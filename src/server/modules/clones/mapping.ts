// Binding an app (typically a template's clone) to a spreadsheet of its own workspace: the column
// mapping (issue 15, "beyond what peers do"). What the app uses is found the way viewers' columns
// are (shared/settings/columns.ts, from each block's schema: sheet_title, sheet_columns settings at
// every level, datasources, markdown `[Column]`, axis, actions, filters) plus the app's board
// filters; no block kind is named here. The rewrite maps every reference at once (a swap of two
// columns stays a swap), in one transaction with the app's new spreadsheet.
import { schemaOf } from '../../../blocks/schemas';
import type { BoardSettings } from '../../../shared/api';
import type { MappingBody, MappingPlan } from '../../../shared/api/templates';
import { guessColumns, sharedColumns } from '../../../shared/rules/column-guess';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { BlockRecord } from '../../../shared/settings';
import { blockLabel, datasourceSheets, readsWholeSheet, remapBlockColumns, usedColumns, type ColumnMap } from '../../../shared/settings/columns';
import { checkApp, columnReferences, dropColumnFromBlock, INTEGRITY_MESSAGES, type BlockProblem } from '../../../shared/settings/integrity';
import type { ServerContext } from '../../platform/context';
import { badRequest, notFound } from '../../errors';
import { nowIso } from '../../http';
import type { AppView } from '../../data/apps/record';
import { blockRecord } from '../../data/blocks/record';
import { sheetWithTypes } from '../spreadsheets/columns';
import { clonesRepo } from '../../data/clones/repo';
import { recordMapping } from './column-mapping';

export interface SheetShape {
  title: string;
  columns: { name: string; type: string }[];
}

/** sheet → column → ids of the blocks naming it (a sheet with no column: a block reads it, no column named). */
export type UsedReferences = Map<string, Map<string, Set<string>>>;

/** A sheet's columns with their types (stored, else guessed from its first rows, as the data editor shows them). */
async function shapesOf(ctx: ServerContext, spreadsheetId: string): Promise<SheetShape[]> {
  const out: SheetShape[] = [];
  for (const row of await clonesRepo(ctx.db).sheets(spreadsheetId)) {
    const sheet = await sheetWithTypes(ctx, row);
    out.push({ title: sheet.title, columns: sheet.columns.map((name) => ({ name, type: sheet.column_types[name] ?? 'text' })) });
  }
  return out;
}

/** Every sheet and column the blocks and the board filters name, with the blocks naming each. */
export function usedReferences(blocks: readonly BlockRecord[], settings: BoardSettings, sheets: readonly SheetShape[]): UsedReferences {
  const used: UsedReferences = new Map();
  const add = (sheet: string, column: string | null, blockId: string | null) => {
    const columns = used.get(sheet) ?? used.set(sheet, new Map()).get(sheet)!;
    if (column === null) return;
    const ids = columns.get(column) ?? columns.set(column, new Set()).get(column)!;
    if (blockId) ids.add(blockId);
  };
  for (const block of blocks) {
    const schema = schemaOf(block.type);
    if (!schema) continue;
    if (block.sheet_title) {
      add(block.sheet_title, null, null);
      // A block showing every column of its sheet uses each of them.
      const whole = readsWholeSheet(schema, block) ? (sheets.find((s) => s.title === block.sheet_title)?.columns.map((c) => c.name) ?? []) : [];
      for (const c of [...usedColumns(schema, block), ...whole]) add(block.sheet_title, c, block.id);
    }
    for (const [sheet, columns] of Object.entries(datasourceSheets(schema, block))) {
      add(sheet, null, null);
      for (const c of columns) add(sheet, c, block.id);
    }
  }
  const filters = Array.isArray(settings.filters) ? settings.filters : [];
  for (const f of filters) if (f?.sheet_column?.sheet && f.sheet_column.column) add(f.sheet_column.sheet, f.sheet_column.column, null);
  return used;
}

/**
 * The guess for one used sheet: the target sheet of the same title (any case), else the one
 * sharing most column names, else the only one; its columns by name, then (only when the sheets
 * share a column name) by type (shared/rules/column-guess.ts), else null.
 */
export function suggestSheet(from: SheetShape, targets: readonly SheetShape[]): MappingPlan['suggestion'][number] {
  const overlap = (t: SheetShape) => sharedColumns(from.columns, t.columns);
  let target = targets.find((t) => t.title.toLowerCase() === from.title.toLowerCase());
  if (!target) {
    const best = [...targets].sort((a, b) => overlap(b) - overlap(a))[0];
    if (best && overlap(best) > 0) target = best;
  }
  if (!target && targets.length === 1) target = targets[0];
  if (!target) return { from: from.title, to: null, columns: Object.fromEntries(from.columns.map((c) => [c.name, null])) };
  return { from: from.title, to: target.title, columns: guessColumns(from.columns, target.columns) };
}

/** [sheet, column] → ids of the blocks naming it by name ('' for the board's filters), in page order. */
function namingBlocks(blocks: readonly BlockRecord[], settings: BoardSettings): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (sheet: string, column: string, id: string) => {
    const key = JSON.stringify([sheet, column]);
    (out.get(key) ?? out.set(key, new Set()).get(key)!).add(id);
  };
  for (const block of blocks) {
    const schema = schemaOf(block.type);
    if (schema) for (const r of columnReferences(schema, block)) add(r.sheet, r.column, block.id);
  }
  for (const f of Array.isArray(settings.filters) ? settings.filters : []) if (f?.sheet_column?.sheet && f.sheet_column.column) add(f.sheet_column.sheet, f.sheet_column.column, '');
  return out;
}

async function appState(ctx: ServerContext, app: AppView) {
  const repo = clonesRepo(ctx.db);
  const rows = await repo.appBlocks(app.id);
  const blocks = rows.map(blockRecord);
  const own = app.spreadsheetId ? await shapesOf(ctx, app.spreadsheetId) : [];
  return { rows, blocks, own, used: usedReferences(blocks, app.settings, own) };
}

/** The spreadsheet of the app's workspace the caller names (404 for anyone else's or none). */
async function targetSpreadsheet(ctx: ServerContext, app: AppView, id: string) {
  const s = await clonesRepo(ctx.db).spreadsheet(id);
  if (!s || s.workspace_id !== app.workspaceId) throw notFound(TEMPLATE_MESSAGES.mappingSpreadsheetNotYours);
  return { ...s, sheets: await shapesOf(ctx, s.id) };
}


/** What the app's blocks use and, with a spreadsheet, its sheets and the guessed mapping. */
export async function mappingPlan(ctx: ServerContext, app: AppView, spreadsheetId: string | undefined): Promise<MappingPlan> {
  const { own, used, blocks } = await appState(ctx, app);
  const typeOf = (sheet: string, column: string) => own.find((s) => s.title === sheet)?.columns.find((c) => c.name === column)?.type ?? 'text';
  // The blocks by what the owner sees of them: the block's title, else its kind's name ('Table').
  const labels = new Map(blocks.map((b) => [b.id, blockLabel(schemaOf(b.type), b)]));
  const named = namingBlocks(blocks, app.settings);
  const usedOut = [...used].map(([sheet, columns]) => ({
    sheet,
    columns: [...columns].map(([name, ids]) => ({
      name,
      type: typeOf(sheet, name),
      blocks: [...new Set([...ids].map((id) => labels.get(id) ?? id))],
      named_by: [...(named.get(JSON.stringify([sheet, name])) ?? [])].map((id) => ({ block_id: id, block: id ? (labels.get(id) ?? id) : INTEGRITY_MESSAGES.boardFilters })),
    })),
  }));
  if (!spreadsheetId) return { used: usedOut, target: null, suggestion: [] };
  const target = await targetSpreadsheet(ctx, app, spreadsheetId);
  return {
    used: usedOut,
    target: { spreadsheet_id: target.id, title: target.title, sheets: target.sheets },
    suggestion: usedOut.map((u) => suggestSheet({ title: u.sheet, columns: u.columns.map(({ name, type }) => ({ name, type })) }, target.sheets)),
  };
}

/**
 * Binds the app to `body.spreadsheet_id`: every used sheet must be mapped to one of its sheets and
 * every mapped column must exist there; then every block reference and board filter is rewritten
 * and the app reads the new spreadsheet. A block left naming a column the new sheet lacks is
 * refused in words unless body.choices drops that column from it or removes it (integrity.ts).
 * Returns how many blocks changed and how many were removed.
 */
export async function applyMapping(ctx: ServerContext, app: AppView, body: MappingBody): Promise<{ changed: number; removed: number }> {
  const { rows, blocks, used } = await appState(ctx, app);
  const target = await targetSpreadsheet(ctx, app, body.spreadsheet_id);
  const bySheet = new Map(body.sheets.map((s) => [s.from, s]));
  for (const sheet of used.keys()) {
    const entry = bySheet.get(sheet);
    if (!entry || !target.sheets.some((t) => t.title === entry.to)) throw badRequest(TEMPLATE_MESSAGES.mappingSheetMissing, [{ path: 'sheets', message: sheet }]);
  }
  for (const entry of body.sheets) {
    if (!used.has(entry.from)) continue;
    const to = target.sheets.find((t) => t.title === entry.to)!;
    for (const column of Object.values(entry.columns))
      if (column !== null && !to.columns.some((c) => c.name === column)) throw badRequest(TEMPLATE_MESSAGES.mappingColumnUnknown(column, to.title), [{ path: 'sheets', message: column }]);
  }
  const map: ColumnMap = {
    sheet: (title) => (used.has(title) ? bySheet.get(title)?.to : undefined),
    column: (sheet, column) => {
      if (!used.has(sheet)) return undefined;
      const entry = bySheet.get(sheet);
      const to = entry && Object.hasOwn(entry.columns, column) ? entry.columns[column] : undefined;
      return to ?? undefined;
    },
  };
  const filters = Array.isArray(app.settings.filters) ? app.settings.filters : [];
  let nextFilters = filters.map((f) => {
    const sc = f?.sheet_column;
    if (!sc?.sheet) return f;
    return { ...f, sheet_column: { sheet: map.sheet(sc.sheet) ?? sc.sheet, column: map.column(sc.sheet, sc.column) ?? sc.column } };
  });
  let next = blocks.map((block) => {
    const schema = schemaOf(block.type);
    return (schema ? remapBlockColumns(schema, block, map) : null) ?? block;
  });

  // The integrity check of the result: a block naming a column the new sheet lacks is broken,
  // and stays so only if the owner did not choose what happens to it.
  const sheets = target.sheets.map((t) => ({ title: t.title, columns: t.columns.map((c) => c.name) }));
  const choiceOf = (p: BlockProblem) =>
    (body.choices ?? []).find((c) => c.block_id === p.blockId && (map.sheet(c.sheet) ?? c.sheet) === p.sheet && (c.column || null) === p.column)?.choice;
  const unresolved: BlockProblem[] = [];
  const removed = new Set<string>();
  const dropped = new Map<string, BlockProblem[]>();
  for (const broken of checkApp(next, sheets, schemaOf, nextFilters))
    for (const p of broken.problems) {
      const choice = choiceOf(p);
      if (!choice) unresolved.push(p);
      else if (choice === 'remove' || p.column === null) {
        if (p.blockId) removed.add(p.blockId);
        else dropped.set('', [...(dropped.get('') ?? []), p]);
      } else dropped.set(p.blockId, [...(dropped.get(p.blockId) ?? []), p]);
    }
  if (unresolved.length) {
    const words = unresolved.map((p) => p.message);
    throw badRequest(TEMPLATE_MESSAGES.mappingBreaks(words), unresolved.map((p) => ({ path: 'choices', message: p.message })));
  }
  next = next.map((block) => {
    let b = block;
    const schema = schemaOf(block.type);
    for (const p of dropped.get(block.id) ?? []) if (schema && p.column !== null) b = dropColumnFromBlock(schema, b, p.sheet, p.column) ?? b;
    return b;
  });
  // The board's filters over a missing column are taken out, whichever was chosen.
  const goneFilters = new Set((dropped.get('') ?? []).flatMap((p) => p.paths));
  nextFilters = nextFilters.filter((_, i) => !goneFilters.has(`filters.${i}`));
  const settings: BoardSettings = { ...app.settings, ...(filters.length ? { filters: nextFilters } : {}) };

  const now = nowIso();
  let changed = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const repo = clonesRepo(trx);
    for (const [i, block] of next.entries()) {
      if (removed.has(block.id)) {
        await repo.deleteBlock(rows[i]!.id);
        continue;
      }
      if (block === blocks[i]) continue;
      // Stored like the block service stores a record: everything but id and type.
      const { id: _id, type: _type, temp_block: _temp, ...config } = block;
      await repo.updateBlock(rows[i]!.id, JSON.stringify(config), now);
      changed++;
    }
    // The app's updated_at and each changed block's change too: what viewers' caches key on.
    await repo.bindApp(app.id, target.id, JSON.stringify(settings), now);
    // Kept on the clone's origin: an update's blocks are read in the buyer's columns (update.ts).
    await recordMapping(trx, app.id, body);
  });
  return { changed, removed: removed.size };
}
