// Binding an app (typically a template's clone) to a spreadsheet of its own workspace: the column
// mapping (issue 15, "beyond what peers do"). What the app uses is found the way viewers' columns
// are (shared/settings/columns.ts, from each block's schema: sheet_title, sheet_columns settings at
// every level, datasources, markdown `[Column]`, axis, actions, filters) plus the app's board
// filters; no block kind is named here. The rewrite maps every reference at once (a swap of two
// columns stays a swap), in one transaction with the app's new spreadsheet.
import { schemaOf } from '../../../blocks/schemas';
import type { BoardSettings } from '../../../shared/api';
import type { MappingBody, MappingPlan } from '../../../shared/api/templates';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { BlockRecord } from '../../../shared/settings';
import { blockLabel, datasourceSheets, readsWholeSheet, remapBlockColumns, usedColumns, type ColumnMap } from '../../../shared/settings/columns';
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

/** A column's name compared loosely: case, spaces and punctuation do not count ('Unit price' = 'unit_price'). */
export function normalisedColumn(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

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
 * sharing most column names, else the only one; each column by its normalised name, else by its
 * type among the target's columns not taken yet, else null.
 */
export function suggestSheet(from: SheetShape, targets: readonly SheetShape[]): MappingPlan['suggestion'][number] {
  const names = new Set(from.columns.map((c) => normalisedColumn(c.name)));
  const overlap = (t: SheetShape) => t.columns.filter((c) => names.has(normalisedColumn(c.name))).length;
  let target = targets.find((t) => t.title.toLowerCase() === from.title.toLowerCase());
  if (!target) {
    const best = [...targets].sort((a, b) => overlap(b) - overlap(a))[0];
    if (best && overlap(best) > 0) target = best;
  }
  if (!target && targets.length === 1) target = targets[0];
  const columns: Record<string, string | null> = {};
  if (!target) {
    for (const c of from.columns) columns[c.name] = null;
    return { from: from.title, to: null, columns };
  }
  const taken = new Set<string>();
  for (const c of from.columns) {
    const same = target.columns.find((t) => !taken.has(t.name) && normalisedColumn(t.name) === normalisedColumn(c.name));
    if (same) {
      columns[c.name] = same.name;
      taken.add(same.name);
    }
  }
  for (const c of from.columns) {
    if (columns[c.name]) continue;
    const byType = target.columns.find((t) => !taken.has(t.name) && t.type === c.type);
    columns[c.name] = byType?.name ?? null;
    if (byType) taken.add(byType.name);
  }
  return { from: from.title, to: target.title, columns };
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
  const usedOut = [...used].map(([sheet, columns]) => ({
    sheet,
    columns: [...columns].map(([name, ids]) => ({ name, type: typeOf(sheet, name), blocks: [...new Set([...ids].map((id) => labels.get(id) ?? id))] })),
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
 * and the app reads the new spreadsheet. Returns how many blocks changed.
 */
export async function applyMapping(ctx: ServerContext, app: AppView, body: MappingBody): Promise<number> {
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
  const now = nowIso();
  let changed = 0;
  const filters = Array.isArray(app.settings.filters) ? app.settings.filters : [];
  const settings: BoardSettings = {
    ...app.settings,
    ...(filters.length
      ? {
          filters: filters.map((f) => {
            const sc = f?.sheet_column;
            if (!sc?.sheet) return f;
            return { ...f, sheet_column: { sheet: map.sheet(sc.sheet) ?? sc.sheet, column: map.column(sc.sheet, sc.column) ?? sc.column } };
          }),
        }
      : {}),
  };
  await ctx.db.transaction().execute(async (trx) => {
    const repo = clonesRepo(trx);
    for (const [i, block] of blocks.entries()) {
      const schema = schemaOf(block.type);
      const next = schema ? remapBlockColumns(schema, block, map) : null;
      if (!next) continue;
      // Stored like the block service stores a record: everything but id and type.
      const { id: _id, type: _type, temp_block: _temp, ...config } = next;
      await repo.updateBlock(rows[i]!.id, JSON.stringify(config), now);
      changed++;
    }
    // The app's updated_at and each changed block's change too: what viewers' caches key on.
    await repo.bindApp(app.id, target.id, JSON.stringify(settings), now);
    // Kept on the clone's origin: an update's blocks are read in the buyer's columns (update.ts).
    await recordMapping(trx, app.id, body);
  });
  return changed;
}
