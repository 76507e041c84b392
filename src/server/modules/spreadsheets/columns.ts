// The data editor's column changes (issue 13): add, rename, set the type of, move and delete a
// sheet's columns, and which blocks use a column. Every change bumps the sheet's version in one
// transaction (the sheet cache keys on it, and the entry is dropped after the commit). A rename
// or delete rewrites the key in every row, range of row indexes by range, resting between
// ranges so a 1,000,000-row sheet does not hold the event loop; a rename also renames the column
// in every block of the workspace's apps over the spreadsheet that uses it.
import type { AddColumnBody, BlockUse, ColumnChangeResponse, SheetWithTypes, UpdateColumnBody } from '../../../shared/api/data-editor';
import { schemaOf } from '../../../blocks/schemas';
import { guessColumnTypes, GUESS_SAMPLE, isColumnType, type ColumnTypes } from '../../../shared/rows/column-types';
import type { BlockRecord } from '../../../shared/settings';
import { columnsReadFrom, datasourceSheets, renameColumnInBlock, usedColumns } from '../../../shared/settings/columns';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { nowIso, parseJson } from '../../http';
import type { SpreadsheetRef } from '../../access/rules';
import { blockRecord } from '../../data/blocks/record';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';
import { dataRepo } from '../../data/spreadsheets/data-repo';
import type { SheetRecord } from '../../data/spreadsheets/repo';
import { sheetChanged } from '../../platform/cluster/sheet-changes';
import { crashPoint } from '../../crash-points';
import { withJob } from '../jobs/service';

/**
 * Row indexes a rewrite covers at a time. SQLite runs on this thread: 2,000 rows are a few tens
 * of milliseconds, and a rest follows each range. PostgreSQL works on its own core while this
 * thread waits, so it takes bigger ranges and no rests.
 */
export const REWRITE_RANGE = { sqlite: 2_000, postgres: 20_000 } as const;
const MAX_REST_MS = 50;
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const COLUMN_NOT_FOUND = 'Column not found';

const key = (name: string) => name.trim().toLowerCase();

/** The sheet of a spreadsheet by title (404 naming it). */
export async function sheetOf(ctx: ServerContext, spreadsheetId: string, title: string): Promise<SheetRecord> {
  const sheet = await dataRepo(ctx.db, ctx.dialect).sheetByTitle(spreadsheetId, title);
  if (!sheet) throw notFound(`Sheet '${title}' not found`);
  return sheet;
}

/** Stored types of the sheet's columns (unknown columns and types left out). */
export function storedTypes(sheet: Pick<SheetRecord, 'column_types'>, columns: readonly string[]): ColumnTypes {
  const raw = parseJson<Record<string, unknown>>(sheet.column_types, {});
  const out: ColumnTypes = {};
  for (const c of columns) {
    const t = raw[c];
    if (isColumnType(t)) out[c] = t;
  }
  return out;
}

/** A sheet as the data editor reads it: columns, their types (stored, else guessed), rows, version. */
export async function sheetWithTypes(ctx: ServerContext, sheet: SheetRecord): Promise<SheetWithTypes> {
  const columns = parseJson<string[]>(sheet.columns, []);
  const stored = storedTypes(sheet, columns);
  let types: ColumnTypes = stored;
  if (columns.some((c) => !stored[c])) {
    const rows = (await dataRepo(ctx.db, ctx.dialect).firstRows(sheet.id, GUESS_SAMPLE)).map((r) => parseJson<Record<string, unknown>>(r.data, {}));
    types = { ...guessColumnTypes(columns, rows), ...stored };
  }
  return { title: sheet.title, columns, column_types: types, row_count: Number(sheet.row_count), version: Number(sheet.version) };
}

/** The column named (exactly, else the one whose trimmed name matches regardless of case); 404 otherwise. */
function findColumn(columns: readonly string[], name: string): string {
  if (columns.includes(name)) return name;
  const found = columns.find((c) => key(c) === key(name));
  if (found === undefined) throw notFound(COLUMN_NOT_FOUND);
  return found;
}

function refuseClash(columns: readonly string[], name: string, except?: string) {
  const clash = columns.find((c) => c !== except && key(c) === key(name));
  if (clash !== undefined)
    throw conflict(`This sheet already has a column named '${clash}'. Choose another name.`);
}

/**
 * Runs `change` in a transaction, then drops the sheet's cache entry (its rows changed shape).
 * With `interrupted`, under a job (modules/jobs): the rewrite of a big sheet takes long enough for
 * a server stop to cut it off, and its owner is then told so (the transaction rolls back).
 */
async function changeSheet<T>(
  ctx: ServerContext,
  sheetId: string,
  change: (db: ServerContext['db']) => Promise<T>,
  interrupted?: { userId: string; message: string },
): Promise<T> {
  try {
    if (!interrupted) return await ctx.db.transaction().execute(change);
    return await withJob(ctx, { kind: 'column', ...interrupted }, (job) =>
      ctx.db.transaction().execute(async (trx) => {
        const result = await change(trx);
        await job.done(trx);
        return result;
      }),
    );
  } finally {
    // After the commit (or rollback): a read racing the change loads the new version anyway.
    sheetChanged(ctx, sheetId);
  }
}

/**
 * Rewrites every row of the sheet with `sql` (range by range of row indexes), falling back to
 * `code` for keys the dialect cannot name. Rests between ranges as long as each took.
 */
async function rewriteRows(
  db: ServerContext['db'],
  ctx: ServerContext,
  sheet: SheetRecord,
  sqlRange: (repo: ReturnType<typeof dataRepo>, lo: number, hi: number) => Promise<boolean>,
  code: (row: Record<string, unknown>) => Record<string, unknown> | null,
) {
  const repo = dataRepo(db, ctx.dialect);
  const end = Number(sheet.next_row_index);
  const range = REWRITE_RANGE[ctx.dialect];
  for (let lo = 0; lo < end; lo += range) {
    const hi = lo + range;
    const began = performance.now();
    if (!(await sqlRange(repo, lo, hi)))
      for (const r of await repo.rowsBetween(sheet.id, lo, hi)) {
        const next = code(parseJson<Record<string, unknown>>(r.data, {}));
        if (next) await repo.rewriteRow(sheet.id, Number(r.row_index), JSON.stringify(next));
      }
    if (hi < end && ctx.dialect === 'sqlite') await rest(Math.min(MAX_REST_MS, performance.now() - began));
    await crashPoint('column-range');
  }
}

/** The columns of a sheet fed by Google are Google's: changed there, brought here by the sync. */
export const GOOGLE_COLUMNS_MESSAGE =
  'This spreadsheet comes from Google Sheets: add, rename, move or delete its columns in Google Sheets, and the next sync brings the change here.';

export async function refuseGoogleColumns(ctx: ServerContext, spreadsheetId: string): Promise<void> {
  if (await googleSourcesRepo(ctx.db).sourceOf(spreadsheetId)) throw new HttpError(409, GOOGLE_COLUMNS_MESSAGE, undefined, 'google_columns');
}

export async function addColumn(ctx: ServerContext, s: SpreadsheetRef, sheetTitle: string, body: AddColumnBody): Promise<ColumnChangeResponse> {
  await refuseGoogleColumns(ctx, s.id);
  const sheet = await sheetOf(ctx, s.id, sheetTitle);
  const columns = parseJson<string[]>(sheet.columns, []);
  refuseClash(columns, body.name);
  let at = columns.length;
  if (body.after !== undefined && body.after !== null) at = columns.indexOf(findColumn(columns, body.after)) + 1;
  const next = [...columns.slice(0, at), body.name, ...columns.slice(at)];
  const types = storedTypes(sheet, columns);
  if (body.type) types[body.name] = body.type;
  // Rows get no key: a missing value reads as empty everywhere.
  await changeSheet(ctx, sheet.id, (db) => dataRepo(db, ctx.dialect).setSheet(sheet.id, { columns: next, column_types: types, updated_at: nowIso() }));
  return { sheet: await sheetWithTypes(ctx, await sheetOf(ctx, s.id, sheetTitle)), blocks: [] };
}

/** The notices of a rename or delete a server stop cut off. */
export const COLUMN_INTERRUPTED = {
  rename: (column: string, sheet: string) => `Renaming the column '${column}' of the sheet '${sheet}' was interrupted; nothing was changed. Try again.`,
  delete: (column: string, sheet: string) => `Deleting the column '${column}' of the sheet '${sheet}' was interrupted; nothing was changed. Try again.`,
};

export async function updateColumn(ctx: ServerContext, s: SpreadsheetRef, sheetTitle: string, column: string, body: UpdateColumnBody, userId: string): Promise<ColumnChangeResponse> {
  const sheet = await sheetOf(ctx, s.id, sheetTitle);
  const columns = parseJson<string[]>(sheet.columns, []);
  const from = findColumn(columns, column);
  const to = body.name ?? from;
  const renaming = to !== from;
  // A column's type is the app's own (how it shows and checks values); its name and place are the sheet's.
  if (renaming || body.position !== undefined) await refuseGoogleColumns(ctx, s.id);
  if (renaming) refuseClash(columns, to, from);
  let next = columns.map((c) => (c === from ? to : c));
  if (body.position !== undefined) {
    if (body.position >= columns.length)
      throw badRequest(`This sheet has ${columns.length} column${columns.length === 1 ? '' : 's'}: choose a position from 1 to ${columns.length}`, [
        { path: 'position', message: 'Past the last column' },
      ]);
    next = next.filter((c) => c !== to);
    next.splice(body.position, 0, to);
  }
  const types = storedTypes(sheet, columns);
  if (renaming && types[from]) {
    types[to] = types[from];
    delete types[from];
  }
  if (body.type) types[to] = body.type;
  const now = nowIso();
  const blocks = await changeSheet(ctx, sheet.id, async (db) => {
    const repo = dataRepo(db, ctx.dialect);
    // The sheet first: its row lock holds the sheet's row writes back until the commit.
    await repo.setSheet(sheet.id, { columns: next, column_types: types, updated_at: now });
    if (!renaming) return [];
    await rewriteRows(db, ctx, sheet, (r, lo, hi) => r.renameKey(sheet.id, from, to, lo, hi), (row) => {
      if (!Object.hasOwn(row, from)) return null;
      const out: Record<string, unknown> = Object.create(null);
      for (const [k, v] of Object.entries(row)) out[k === from ? to : k] = v;
      return out;
    });
    return renameInBlocks(db, ctx, s, sheet.title, from, to, now);
  }, renaming ? { userId, message: COLUMN_INTERRUPTED.rename(from, sheet.title) } : undefined);
  return { sheet: await sheetWithTypes(ctx, await sheetOf(ctx, s.id, sheetTitle)), blocks };
}

export async function deleteColumn(ctx: ServerContext, s: SpreadsheetRef, sheetTitle: string, column: string, userId: string): Promise<ColumnChangeResponse> {
  await refuseGoogleColumns(ctx, s.id);
  const sheet = await sheetOf(ctx, s.id, sheetTitle);
  const columns = parseJson<string[]>(sheet.columns, []);
  const name = findColumn(columns, column);
  if (columns.length === 1) throw badRequest('A sheet needs at least one column: add another column before deleting this one');
  const types = storedTypes(sheet, columns);
  delete types[name];
  await changeSheet(ctx, sheet.id, async (db) => {
    await dataRepo(db, ctx.dialect).setSheet(sheet.id, { columns: columns.filter((c) => c !== name), column_types: types, updated_at: nowIso() });
    await rewriteRows(db, ctx, sheet, (r, lo, hi) => r.removeKey(sheet.id, name, lo, hi), (row) => {
      if (!Object.hasOwn(row, name)) return null;
      const out = { ...row };
      delete out[name];
      return out;
    });
  }, { userId, message: COLUMN_INTERRUPTED.delete(name, sheet.title) });
  // Blocks are left as they are (the usage route warned); the column reads as empty in them.
  return { sheet: await sheetWithTypes(ctx, await sheetOf(ctx, s.id, sheetTitle)), blocks: [] };
}

/** Whether a block names the column of the sheet (its own sheet's settings, or a datasource). */
function blockUsesColumn(block: BlockRecord, sheetTitle: string, column: string): boolean {
  const schema = schemaOf(block.type);
  if (!schema) return false;
  if (block.sheet_title === sheetTitle && usedColumns(schema, block).includes(column)) return true;
  if ((datasourceSheets(schema, block)[sheetTitle] ?? []).includes(column)) return true;
  const read = columnsReadFrom(schema, block, sheetTitle);
  return read !== 'all' && read.includes(column);
}

type BlockRow = Awaited<ReturnType<ReturnType<typeof dataRepo>['blocksOver']>>[number];

function blockUse(row: BlockRow, block: BlockRecord): BlockUse {
  return { blockId: row.id, blockLabel: schemaOf(block.type)?.name ?? 'Block', appId: row.app_id, appName: row.app_name, pageName: row.page_name };
}

/** The blocks of the workspace's apps over the spreadsheet that use the column. */
export async function columnUsage(ctx: ServerContext, s: SpreadsheetRef, sheetTitle: string, column: string): Promise<BlockUse[]> {
  const sheet = await sheetOf(ctx, s.id, sheetTitle);
  const name = findColumn(parseJson<string[]>(sheet.columns, []), column);
  const out: BlockUse[] = [];
  for (const row of await dataRepo(ctx.db, ctx.dialect).blocksOver(s.id, s.workspace_id)) {
    const block = blockRecord(row);
    if (blockUsesColumn(block, sheet.title, name)) out.push(blockUse(row, block));
  }
  return out;
}

async function renameInBlocks(db: ServerContext['db'], ctx: ServerContext, s: SpreadsheetRef, sheetTitle: string, from: string, to: string, now: string): Promise<BlockUse[]> {
  const repo = dataRepo(db, ctx.dialect);
  const out: BlockUse[] = [];
  for (const row of await repo.blocksOver(s.id, s.workspace_id)) {
    const block = blockRecord(row);
    const schema = schemaOf(block.type);
    const renamed = schema ? renameColumnInBlock(schema, block, sheetTitle, from, to) : null;
    if (!renamed) continue;
    // Stored like the block service stores a record: everything but id and type.
    const { id: _id, type: _type, temp_block: _temp, ...config } = renamed;
    await repo.updateBlock(row.id, JSON.stringify(config), now);
    out.push(blockUse(row, renamed));
  }
  return out;
}
