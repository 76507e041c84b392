// A viewer of an app receives only the sheets and columns its blocks use (issues 5 and 12): the
// owner reads whole sheets; everyone else gets the sheets that the blocks they may see use
// (visibility.ts: blocks of public pages, and frame blocks), and of each the columns those blocks
// read (shared/settings/columns.ts, from each block's schema) and the columns the app's board
// filters name. A sheet no visible block uses is not theirs to read at all. Search, sort, filters
// and fields of a sheet request are held to the same columns, so a hidden column cannot be read
// back through them either.
import { needsOf, schemaOf } from '../../blocks/schemas';
import { filtersForSheet } from '../../shared/filters/conditions';
import type { BlockRecord } from '../../shared/settings';
import { columnsReadFrom, datasourceSheets } from '../../shared/settings/columns';
import type { ServerContext } from '../platform/context';
import type { Db } from '../db';
import type { BoardSettings } from '../../shared/api';
import { coordinateColumns } from '../../shared/rules/places';
import { recordSerial, visibleAppBlocks, type Beholder } from './visibility';
import type { RowRules } from '../../shared/api/row-rules';
import { hiddenColumns, type RuleViewer } from './row-rules';

interface ColumnsApp {
  id: string;
  settings: BoardSettings;
  /** The owner's row rules: their hidden columns are kept from app users or guests (row-rules.ts). */
  rowRules?: RowRules;
}

/** A viewer of the columns: who may see the blocks, and whether an app user is signed in (hidden columns). */
type ColumnsViewer = Beholder & Partial<Pick<RuleViewer, 'appUser'>>;

/** `allowed` without the columns the owner hides from this viewer (the same set, changed). */
function withoutHidden(allowed: Set<string> | null, app: ColumnsApp, viewer: ColumnsViewer, sheetTitle: string): Set<string> | null {
  if (!allowed) return allowed;
  for (const c of hiddenColumns(app, viewer, sheetTitle)) allowed.delete(c);
  return allowed;
}

/** Whether the block reads the sheet: its own sheet, or one a datasource setting names. */
function blockUses(block: BlockRecord, sheetTitle: string): boolean {
  if (block.sheet_title === sheetTitle) return true;
  const schema = schemaOf(block.type);
  return !!schema && Object.hasOwn(datasourceSheets(schema, block), sheetTitle);
}

/**
 * columnsOf's answers, by everything they depend on: the sheet, its columns, the board filters and
 * the shared block records (visibility.ts: one number per stored block text). A guest's every
 * sheet request asks this; the blocks change far less often than they are read.
 */
const columnsMemo = new Map<string, Set<string> | null>();
const COLUMNS_MEMO_MAX = 5_000;

/** The columns of `sheetTitle` the blocks read, or null when none of them uses the sheet (a copy: the caller's to keep). */
function columnsOf(blocks: readonly BlockRecord[], app: ColumnsApp, sheetTitle: string, sheetColumns: readonly string[]): Set<string> | null {
  const serials = blocks.map(recordSerial);
  if (serials.includes(undefined)) return computeColumnsOf(blocks, app, sheetTitle, sheetColumns);
  const key = JSON.stringify([sheetTitle, sheetColumns, app.settings.filters ?? null, serials]);
  let allowed = columnsMemo.get(key);
  if (allowed === undefined) {
    allowed = computeColumnsOf(blocks, app, sheetTitle, sheetColumns);
    if (columnsMemo.size >= COLUMNS_MEMO_MAX) columnsMemo.clear();
    columnsMemo.set(key, allowed);
  }
  return allowed && new Set(allowed);
}

function computeColumnsOf(blocks: readonly BlockRecord[], app: ColumnsApp, sheetTitle: string, sheetColumns: readonly string[]): Set<string> | null {
  if (!blocks.some((b) => blockUses(b, sheetTitle))) return null;
  const out = new Set<string>();
  for (const block of blocks) {
    const schema = schemaOf(block.type);
    const read = schema ? columnsReadFrom(schema, block, sheetTitle) : [];
    for (const c of read === 'all' ? sheetColumns : read) out.add(c);
    // A geocoding block whose latitude/longitude settings are empty finds those columns by their
    // names in the sheet (geocode/places.ts), so it reads them too.
    const geo = needsOf(block.type).geocodes;
    if (geo && block.sheet_title === sheetTitle)
      for (const a of block.axis ?? []) {
        const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
        const coords = coordinateColumns([...sheetColumns], text(a[geo.latitude]), text(a[geo.longitude]));
        if (coords) out.add(coords.lat).add(coords.lng);
      }
  }
  const filters = Array.isArray(app.settings.filters) ? app.settings.filters : [];
  for (const f of filtersForSheet(filters, sheetTitle)) out.add(f.sheet_column.column);
  return out;
}

/**
 * The columns of one sheet a viewer (not the owner) may read, or null when no block they may see
 * uses the sheet (the sheet routes then answer as for a sheet that does not exist).
 */
export async function viewerSheetColumns(ctx: ServerContext, app: ColumnsApp, viewer: ColumnsViewer, sheetTitle: string, sheetColumns: readonly string[] = []): Promise<Set<string> | null> {
  return withoutHidden(columnsOf(await visibleAppBlocks(ctx, app.id, viewer), app, sheetTitle, sheetColumns), app, viewer, sheetTitle);
}

/** The columns of one sheet a viewer may read (none when no block they may see uses it). */
export async function viewerColumns(ctx: ServerContext, app: ColumnsApp, viewer: ColumnsViewer, sheetTitle: string, sheetColumns: readonly string[] = []): Promise<Set<string>> {
  return (await viewerSheetColumns(ctx, app, viewer, sheetTitle, sheetColumns)) ?? new Set();
}

/**
 * The sheets a viewer may read, each with only its readable columns (in sheet order): what board
 * and page state list for anyone but the owner, and what a template ships (templates/copy.ts,
 * for the GUEST viewer). A sheet no visible block uses is left out. `db`: the handle to read the
 * blocks through (a copy's transaction; default ctx.db).
 */
export async function viewerSheets<S extends { title: string; columns: string[] }>(ctx: ServerContext, app: ColumnsApp, viewer: ColumnsViewer, sheets: readonly S[], db: Db = ctx.db): Promise<S[]> {
  const blocks = await visibleAppBlocks(ctx, app.id, viewer, db);
  return sheets.flatMap((s) => {
    const allowed = withoutHidden(columnsOf(blocks, app, s.title, s.columns), app, viewer, s.title);
    return allowed ? [{ ...s, columns: s.columns.filter((c) => allowed.has(c)) }] : [];
  });
}

/**
 * The titles of `titles` some block the viewer sees reads (all the app's blocks for its owner), in
 * the order given: the sheets an app's data answer holds (POST /v3/getSpreadsheetData).
 */
export async function sheetsBlocksUse(ctx: ServerContext, app: ColumnsApp, viewer: Beholder, titles: readonly string[]): Promise<string[]> {
  const blocks = await visibleAppBlocks(ctx, app.id, viewer);
  return titles.filter((t) => blocks.some((b) => blockUses(b, t)));
}
