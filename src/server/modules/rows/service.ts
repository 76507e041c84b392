/**
 * Row writes: the ONE server path for adding, editing, duplicating and deleting sheet rows (the
 * rows routes and the block actions both come here).
 *
 *   authorizeWrite(ctx, access: SheetAccess, req: WriteRequest, op: 'add'|'update'|'delete'|'duplicate'): Promise<WriteTarget>
 *       what may be written, once the route's rule let the caller at the spreadsheet (access/
 *       rules.ts 'app-viewer' on a sheet, from the session only, never _id/_email params): the
 *       workspace owner of the spreadsheet always; anyone else through req.blockId, a block of
 *       the app named showing this sheet, as the block's audiences allow (add_new_row; axis
 *       editable or an 'Edit row' action; 'Delete row' / 'Duplicate row' action with
 *       action_button_visibility; forms: anyone who can view the app may add). Throws 401/403/404.
 *   appendRow(ctx, target, values, opts?): Promise<WireRow>            new row, _version 1
 *   updateRow(ctx, target, rowId, values, version): Promise<WireRow>   partial; stale version → 409
 *   deleteRow(ctx, target, rowId): Promise<void>                       unknown row → 404
 *   getRow(ctx, target, rowId): Promise<WireRow>                       unknown row → 404
 *   readRow(ctx, sheet, rowId): Promise<{row, columns}>                one row for viewers (item
 *       details): the sheet data GET's rule and columns (readableSheet); unknown row → 404
 *
 * values: {column: string | number | string[] (multi-select)}; checked against the block's axis
 * entry for the column (src/shared/rows/validate.ts; 400 with issues [{path: 'values.<Column>'}]).
 * A wire row is the sheet row's values plus `_id` (string, stable) and `_version` (number).
 * Every write bumps the sheet's version in the same transaction and patches the sheet cache.
 */
import { viewerColumns } from '../../access/columns';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import { ownerCell, rowAllowed, viewerRowRule, type ViewerRowRule } from '../../access/row-rules';
import { callerEdits, refuseSnapshotWrite, type AppViewer, type Caller, type SheetAccess } from '../../access/viewer';
import { blockVisible } from '../../access/visibility';
import { allows, type ViewerRole } from '../../../blocks/audience';
import { axisDefaultOf, kindsThat, needsOf } from '../../../blocks/schemas';
import { isEmptyValue, normalizeValue, parseOptions, validateValue, type RowValue, type ValueRules } from '../../../shared/rows/validate';
import type { BlockRecord } from '../../../shared/settings';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound, unauthorized, zodMessage, type Issue } from '../../errors';
import { nowIso, parseJson } from '../../http';
import { appsRepo } from '../../data/apps/repo';
import { appView, type AppView } from '../../data/apps/record';
import type { SessionUser } from '../../identity/owner-session';
import { blockRecord } from '../../data/blocks/record';
import { loadSheetRows, visibleColumns, type ViewerSheet } from '../spreadsheets/service';
import { attachUploads } from '../uploads/attach';
import type { Row } from '../../sheets';
import { kickPush } from '../gsheets/push';
import { queueGoogleEdit, tabOf } from '../gsheets/queue';
import { rowsRepo } from '../../data/rows/repo';
import { regexBudget } from './safe-regex';
import { rowsChanged, sheetChanged } from '../../platform/cluster/sheet-changes';

export type WriteOp = 'add' | 'update' | 'delete' | 'duplicate';

/** Which sheet a write changes, through which block (the spreadsheet and app are the rule's). */
export interface WriteRequest {
  sheetTitle: string;
  blockId?: string;
}

export interface WriteTarget {
  spreadsheetId: string;
  sheetTitle: string;
  sheetId: string;
  columns: string[];
  /** The block whose settings allow the write and type its values; null: owner writing directly. */
  block: BlockRecord | null;
  app: AppView | null;
  user: SessionUser | null;
  owner: boolean;
  role: ViewerRole;
  /** For updates: the columns the caller may change ('all': any column of the sheet). */
  editable: 'all' | ReadonlySet<string>;
  /**
   * The columns the written row is sent back with: a viewer's columns (access/columns.ts, as the
   * sheet data GET sends them); null or absent: every column (the owner).
   */
  visible?: ReadonlySet<string> | null;
  /**
   * The owner's row rule the writer is held to (access/row-rules.ts; null or absent: none, the
   * owner): they change and delete only rows it gives them, and a row they add is theirs.
   */
  rowRule?: ViewerRowRule | null;
}

export type WireRow = Record<string, unknown> & { _id: string; _version: number };

export const ROW_MESSAGES = {
  stale: 'This row was changed by someone else after you opened it. Reload to see the latest values, then edit again.',
  notFound: 'Row not found. It may have been deleted; reload to see the latest rows.',
  notEditable: (column: string) => `You are not allowed to edit the column '${column}'.`,
  notYours: (column: string) => `You cannot change '${column}': it says whose row this is.`,
} as const;

/** Block kinds whose settings can allow writes: those declaring `needs.rowWrites`. */
const WRITING_KINDS = new Set<string>(kindsThat((needs) => needs.rowWrites !== undefined));

function noun(block: BlockRecord): string {
  return needsOf(block.type).rowWrites?.noun ?? 'block';
}

const VERBS: Record<WriteOp, string> = {
  add: 'add rows to',
  update: 'edit rows of',
  delete: 'delete rows of',
  duplicate: 'duplicate rows of',
};

function hasAction(block: BlockRecord, type: string, role: ViewerRole): boolean {
  return block.actions.some((a) => a.type === type) && allows(block.action_button_visibility ?? 'Everyone', role);
}

/** Tables default `editable` to None, lists to Everyone (spec §3): their axis schemas say so. */
function editableAudience(block: BlockRecord, entry: Record<string, unknown>): unknown {
  return entry.editable ?? axisDefaultOf(block.type, 'editable') ?? 'None';
}

function editableColumns(block: BlockRecord, role: ViewerRole): 'all' | Set<string> {
  if (needsOf(block.type).rowWrites?.by !== 'audiences') return new Set();
  if (hasAction(block, 'Edit row', role)) return 'all';
  const out = new Set<string>();
  for (const entry of block.axis)
    if (typeof entry.column === 'string' && entry.column && allows(editableAudience(block, entry), role)) out.add(entry.column);
  return out;
}

/** Whether the block lets `role` do `op` (updates: on at least one column). */
function blockAllows(block: BlockRecord, op: WriteOp, role: ViewerRole): boolean {
  if (!WRITING_KINDS.has(block.type)) return false;
  if (needsOf(block.type).rowWrites?.by === 'fields') return op === 'add';
  switch (op) {
    case 'add':
      return allows(block.add_new_row ?? 'None', role);
    case 'update': {
      const cols = editableColumns(block, role);
      return cols === 'all' || cols.size > 0;
    }
    case 'delete':
      return hasAction(block, 'Delete row', role);
    case 'duplicate':
      return hasAction(block, 'Duplicate row', role);
  }
}

/**
 * A write's 401 when the request names no app and no one is signed in (the rows routes' rule,
 * access/rules.ts 'app-viewer' on a sheet, answers it).
 */
export const SHEET_WRITE_UNNAMED = 'Sign in, or change this sheet from a board that uses it';

/**
 * The SheetAccess of a caller already allowed to view `app`, writing the app's own sheet (block
 * actions): the spreadsheet's owner (or an editor of its workspace) writes as such, anyone else
 * as the app's viewer, as the rows routes' rule resolves it.
 */
export async function appSheetAccess(ctx: ServerContext, caller: Caller, app: AppView, viewer: AppViewer): Promise<SheetAccess> {
  const id = app.spreadsheetId;
  const ws = id ? await rowsRepo(ctx.db).spreadsheetWorkspace(id) : undefined;
  if (!id || !ws) throw notFound('Spreadsheet not found');
  const owner = await callerEdits(ctx, caller, ws.workspace_id);
  return { spreadsheet: { id, workspace_id: ws.workspace_id }, user: caller.user, reader: owner ? null : { app, viewer } };
}

/**
 * What a caller the rule let at the spreadsheet may write: the owner (reader null) anything,
 * directly or through one of their blocks; anyone else through a block of the app named that
 * shows this sheet, as its audiences allow.
 */
export async function authorizeWrite(ctx: ServerContext, access: SheetAccess, req: WriteRequest, op: WriteOp): Promise<WriteTarget> {
  const user = access.user;
  const { id: spreadsheetId, workspace_id: workspaceId } = access.spreadsheet;
  const repo = rowsRepo(ctx.db);
  const sheet = await repo.sheetByTitle(spreadsheetId, req.sheetTitle);
  const owner = access.reader === null;
  let app: AppView | null = access.reader?.app ?? null;
  const viewer: AppViewer | null = access.reader?.viewer ?? null;
  if (!sheet) throw notFound(`Sheet '${req.sheetTitle}' not found`);

  let block: BlockRecord | null = null;
  if (req.blockId) {
    const row = await repo.blockWithApp(req.blockId);
    // A block the viewer may not see (access/visibility.ts) is answered as one that does not exist.
    if (!row || (viewer && !blockVisible(viewer, row, row))) throw forbidden('This block is not part of this board');
    if (app) {
      if (row.app_id !== app.id) throw forbidden('This block is not part of this board');
    } else {
      // The owner writes through one of their own blocks (its settings type the values).
      const appRow = await appsRepo(ctx.db).findById(row.app_id);
      if (!appRow || appRow.workspace_id !== workspaceId) throw forbidden('This block is not part of this board');
      app = appView(appRow);
    }
    block = blockRecord(row);
    if (app.spreadsheetId !== spreadsheetId || block.sheet_title !== req.sheetTitle) throw forbidden('This block does not show this sheet');
  } else if (!owner) {
    if (!user) throw unauthorized('Sign in to change this sheet, or change it through a block of a board');
    throw forbidden('Changes to this sheet must come from a block of this board (blockId)');
  }
  // Nothing is saved through a template's frozen copy (issue 14), whoever sends it: rows, forms, actions.
  await refuseSnapshotWrite(ctx, app, app && app.id === access.reader?.app.id ? viewer : null);

  const target = {
    spreadsheetId: spreadsheetId,
    sheetTitle: req.sheetTitle,
    sheetId: sheet.id,
    columns: parseJson<string[]>(sheet.columns, []),
    block,
    app,
    user,
    owner,
  };
  if (owner) return { ...target, role: 'admin', editable: 'all' };

  // Admins: the owner and the app's read-write app users (access/viewer.ts).
  const role = viewer!.role;
  const b = block!;
  if (!WRITING_KINDS.has(b.type)) throw forbidden('This block does not change rows.');
  if (!blockAllows(b, op, role)) {
    // 401 only when signing in could help: the audience lets admins in and nobody is signed in.
    if (!user && !viewer!.appUser && blockAllows(b, op, 'admin')) throw unauthorized(`Sign in to ${VERBS[op]} this ${noun(b)}.`);
    throw forbidden(`You are not allowed to ${VERBS[op]} this ${noun(b)}.`);
  }
  const visible = await viewerColumns(ctx, app!, viewer!, req.sheetTitle, target.columns);
  return { ...target, role, editable: op === 'update' ? editableColumns(b, role) : new Set(), visible, rowRule: viewerRowRule(app!, viewer, req.sheetTitle) };
}

// ---------- validation ----------

function axisEntry(block: BlockRecord | null, column: string): Record<string, unknown> | undefined {
  return block?.axis.find((a) => a.column === column);
}

/** Options of a select column: from another sheet's column (from_google_sheet + source) or the comma text. */
async function optionsOf(ctx: ServerContext, target: WriteTarget, entry: Record<string, unknown>): Promise<string[]> {
  const source = entry.source as { sheet?: unknown; column?: unknown } | undefined;
  if (entry.from_google_sheet === true && source && typeof source.sheet === 'string' && typeof source.column === 'string' && source.sheet && source.column) {
    const sheet = await rowsRepo(ctx.db).sheetByTitle(target.spreadsheetId, source.sheet);
    if (!sheet) return [];
    const column = source.column;
    const cached = await ctx.sheetCache.get(sheet.id, Number(sheet.version), () => loadSheetRows(ctx, sheet.id, parseJson<string[]>(sheet.columns, [])));
    const values = new Set<string>();
    for (let i = 0; i < cached.store.length; i++) {
      const v = cached.store.get(i, column);
      if (v === null || v === undefined || v === '') continue;
      // A multi-select source cell ('a, b') offers each of its items.
      for (const part of String(v).split(',')) if (part.trim()) values.add(part.trim());
      values.add(String(v).trim());
    }
    return [...values];
  }
  return parseOptions(entry.options);
}

/** Keys the client may send back from a row it read; they are not columns and are ignored. */
const META_KEYS = new Set(['_id', '_version']);

/** Checks and normalises the given values; 400 naming every bad field. */
async function checkedValues(ctx: ServerContext, target: WriteTarget, values: Record<string, RowValue>): Promise<Record<string, string | number>> {
  const issues: Issue[] = [];
  const out: Record<string, string | number> = Object.create(null) as Record<string, string | number>;
  const visible = target.visible;
  // One budget for every pattern test of this request (safe-regex.ts).
  const budget = regexBudget();
  for (const [column, value] of Object.entries(values)) {
    // A viewer writes only the columns they may read (access/columns.ts); a column hidden from
    // them answers as one that does not exist, so writes cannot probe the sheet's other columns.
    if (!target.columns.includes(column) || (visible && !visible.has(column))) {
      if (META_KEYS.has(column)) continue;
      issues.push({ path: `values.${column}`, message: MISSING_COLUMN_WORDS.value(column) });
      continue;
    }
    const entry = axisEntry(target.block, column);
    const type = typeof entry?.type === 'string' ? entry.type : 'text';
    let problem: string | null;
    if (!entry) {
      problem = validateValue('text', value);
    } else {
      const rules: ValueRules = { character_limit: Number(entry.character_limit ?? 0) || 0 };
      if ((type === 'select' || type === 'multi-select') && !isEmptyValue(value)) rules.options = await optionsOf(ctx, target, entry);
      if (target.block && needsOf(target.block.type).rowWrites?.by === 'fields' && type !== 'file') rules.regex = budget.tester(entry.regex_validation) ?? undefined;
      problem = validateValue(type, value, rules);
      if (budget.due()) await budget.pause();
    }
    if (problem) issues.push({ path: `values.${column}`, message: problem });
    else out[column] = normalizeValue(type, value);
  }
  if (issues.length > 0) throw badRequest(zodMessage(issues), issues);
  return out;
}

/**
 * A form's fields with `required` on (and not hidden: visitors cannot fill those) must not be
 * empty; the form block checks the same before sending (src/blocks/form/form-fields.ts).
 */
function requireFormFields(target: WriteTarget, values: Record<string, RowValue>): void {
  if (!target.block || needsOf(target.block.type).rowWrites?.by !== 'fields') return;
  const issues: Issue[] = [];
  for (const entry of target.block.axis) {
    if (entry.required !== true || entry.hide === true || typeof entry.column !== 'string' || !entry.column) continue;
    const v = values[entry.column];
    if (isEmptyValue(v) || (typeof v === 'string' && v.trim() === '')) issues.push({ path: `values.${entry.column}`, message: 'This field is required' });
  }
  if (issues.length > 0) throw badRequest(zodMessage(issues), issues);
}

// ---------- writes ----------

function wire(data: Row, id: number, version: number): WireRow {
  return { ...data, _id: String(id), _version: version };
}

/** A written row as its writer may read it back: a viewer gets their columns only. */
function wireFor(target: WriteTarget, data: Row, id: number, version: number): WireRow {
  const visible = target.visible;
  return wire(visible ? Object.fromEntries(target.columns.filter((c) => visible.has(c)).map((c) => [c, data[c] ?? ''])) : data, id, version);
}

/** `_id` on the wire is the row's stable index; anything else names no row. */
function rowIndexOf(rowId: string): number {
  if (!/^\d{1,15}$/.test(rowId)) throw notFound(ROW_MESSAGES.notFound);
  return Number(rowId);
}

function emptyRow(columns: string[]): Row {
  const row: Row = Object.create(null) as Row;
  for (const c of columns) row[c] = '';
  return row;
}

export async function appendRow(
  ctx: ServerContext,
  target: WriteTarget,
  values: Record<string, RowValue>,
  opts: { skipValidation?: boolean } = {},
): Promise<WireRow> {
  if (!opts.skipValidation) requireFormFields(target, values);
  const given = opts.skipValidation ? rawValues(target, values) : await checkedValues(ctx, target, values);
  const row = Object.assign(emptyRow(target.columns), given);
  // A row added under a row rule is its writer's, whatever was sent (a form, Add Row, Duplicate).
  const rule = target.rowRule;
  if (rule && target.columns.includes(rule.column)) row[rule.column] = ownerCell(rule, row[rule.column]);
  const { index } = await appendGroups(ctx).add(target, { row, data: JSON.stringify(row), given });
  return wireFor(target, row, index, 1);
}

// ---------- group commit of appends ----------

/** One checked append waiting for its sheet's next transaction. */
interface Append {
  row: Record<string, string | number>;
  data: string;
  given: Record<string, string | number>;
}

interface Queued extends Append {
  target: WriteTarget;
  resolve: (r: { index: number }) => void;
  reject: (e: unknown) => void;
}

/** Rows one transaction appends at most (a statement of 4 parameters a row stays far under both databases' limits). */
export const MAX_APPEND_GROUP = 250;

/**
 * Appends to one sheet are written together: while a sheet's transaction runs, the appends that
 * arrive queue, and the next transaction writes all of them (one version bump, one multi-row
 * insert, one commit). Each append still gets its own row index and sheet version, in arrival
 * order, and its own answer. If a group's transaction fails, each of its appends is tried again
 * alone, so only the one at fault fails. One queue per sheet and server process; the sheet's
 * row lock (bumpSheet) still orders writers across processes.
 */
class AppendGroups {
  private queues = new Map<string, Queued[]>();

  constructor(private readonly ctx: ServerContext) {}

  add(target: WriteTarget, append: Append): Promise<{ index: number }> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(target.sheetId);
      const item: Queued = { ...append, target, resolve, reject };
      if (queue) {
        queue.push(item);
        return;
      }
      this.queues.set(target.sheetId, [item]);
      void this.drain(target.sheetId);
    });
  }

  /** Writes the sheet's queue group after group until it is empty (the queue's presence marks a writer running). */
  private async drain(sheetId: string): Promise<void> {
    const queue = this.queues.get(sheetId)!;
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, MAX_APPEND_GROUP);
        try {
          await this.write(group);
        } catch {
          // Alone, each fails or succeeds on its own account.
          if (group.length === 1) await this.write(group).catch((e: unknown) => group[0]!.reject(e));
          else for (const item of group) await this.write([item]).catch((e: unknown) => item.reject(e));
        }
      }
    } finally {
      this.queues.delete(sheetId);
    }
  }

  /** One transaction for the group; on success each append is answered, else the error is thrown for the caller to retry. */
  private async write(group: Queued[]): Promise<void> {
    const ctx = this.ctx;
    const first = group[0]!.target;
    const n = group.length;
    const { start, version, google } = await ctx.db.transaction().execute(async (trx) => {
      const repo = rowsRepo(trx);
      const bump = await repo.bumpSheet(first.sheetId, { append: true, rows: n, versions: n }, nowIso());
      if (!bump) throw notFound(`Sheet '${first.sheetTitle}' not found`);
      const start = bump.next_row_index - n;
      await repo.insertRows(first.sheetId, start, group.map((g) => g.data));
      const google: string[] = [];
      // Asked once for the group: most sheets are not fed by Google (then nothing is queued).
      const fedByGoogle = (await tabOf(trx, first.sheetId)) !== undefined;
      for (const [i, g] of group.entries()) {
        // Files the row names are kept from the sweep of unattached uploads.
        await attachUploads(trx, g.target.spreadsheetId, g.given);
        // A sheet fed by Google: the new row is queued for it in this same transaction.
        const queued = fedByGoogle ? await queueGoogleEdit(trx, first.sheetId, { op: 'append', rowIndex: start + i, cells: g.row }) : null;
        if (queued) google.push(queued);
      }
      return { start, version: bump.version, google };
    });
    // Committed: whatever happens now, the rows are stored and must not be written again.
    try {
      // Append i took version (version - n + 1 + i): the cache applies them in that order.
      rowsChanged(ctx, first.sheetId, group.map((g, i) => ({ version: version - n + 1 + i, patch: { kind: 'append', id: start + i, version: 1, row: g.row } })));
      for (const id of new Set(google)) kickPush(ctx, id);
    } catch (err) {
      sheetChanged(ctx, first.sheetId);
      ctx.log.warn({ err }, 'after a group of appends');
    }
    group.forEach((g, i) => g.resolve({ index: start + i }));
  }
}

const appendGroupsOf = new WeakMap<ServerContext, AppendGroups>();

function appendGroups(ctx: ServerContext): AppendGroups {
  let groups = appendGroupsOf.get(ctx);
  if (!groups) appendGroupsOf.set(ctx, (groups = new AppendGroups(ctx)));
  return groups;
}

/** Duplicates copy a row as it is: only unknown columns are dropped. */
function rawValues(target: WriteTarget, values: Record<string, RowValue>): Record<string, string | number> {
  const out: Record<string, string | number> = Object.create(null) as Record<string, string | number>;
  for (const c of target.columns) {
    const v = values[c];
    if (v !== undefined && v !== null) out[c] = Array.isArray(v) ? v.join(', ') : typeof v === 'number' ? v : String(v);
  }
  return out;
}

export async function updateRow(
  ctx: ServerContext,
  target: WriteTarget,
  rowId: string,
  values: Record<string, RowValue>,
  version: number,
): Promise<WireRow> {
  const index = rowIndexOf(rowId);
  const given = await checkedValues(ctx, target, values);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const repo = rowsRepo(trx);
    // The sheet's lock first, as every write does: writers of one sheet queue in one order.
    const bump = await repo.bumpSheet(target.sheetId, { rows: 0 }, nowIso());
    if (!bump) throw notFound(`Sheet '${target.sheetTitle}' not found`);
    const current = await repo.findRow(target.sheetId, index);
    if (!current) throw notFound(ROW_MESSAGES.notFound);
    const old = parseJson<Row>(current.data, {});
    // A row the writer's rule does not give them is answered as one that does not exist.
    if (!rowAllowed(target.rowRule ?? null, old)) throw notFound(ROW_MESSAGES.notFound);
    if (Number(current.version) !== version) throw conflict(ROW_MESSAGES.stale);
    const row = Object.assign(Object.create(null) as Row, old);
    const cells: Record<string, string | number> = Object.create(null) as Record<string, string | number>;
    const base: Record<string, string | number | boolean | null> = Object.create(null) as Record<string, string | number | boolean | null>;
    for (const [column, value] of Object.entries(given)) {
      // Only a value that really changes needs the right to edit its column (clients may send the row back).
      if (sameValue(old[column], value)) continue;
      if (target.editable !== 'all' && !target.editable.has(column)) {
        throw forbidden(ROW_MESSAGES.notEditable(column));
      }
      row[column] = value;
      cells[column] = value;
      base[column] = cellOf(old[column]);
    }
    // Nor may they give their row away (to another user, or to no one).
    if (!rowAllowed(target.rowRule ?? null, row)) throw forbidden(ROW_MESSAGES.notYours(target.rowRule!.column));
    const changed = await repo.updateRow(target.sheetId, index, JSON.stringify(row), version);
    if (changed !== 1) throw conflict(ROW_MESSAGES.stale);
    await attachUploads(trx, target.spreadsheetId, given);
    // Google gets the changed cells only, with what the editor saw (its conflict check).
    const google = await queueGoogleEdit(trx, target.sheetId, { op: 'update', rowIndex: index, cells, base });
    return { row, sheetVersion: bump.version, google };
  });
  sheetChanged(ctx, target.sheetId, { version: result.sheetVersion, patch: { kind: 'update', id: index, version: version + 1, row: result.row } });
  if (result.google) kickPush(ctx, result.google);
  return wireFor(target, result.row, index, version + 1);
}

/** A cached value as a cell for Google's conflict check (rows hold text and numbers). */
function cellOf(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : String(v);
}

function sameValue(a: unknown, b: string | number): boolean {
  if (a === b) return true;
  return (a === null || a === undefined ? '' : String(a)) === String(b);
}

export async function deleteRow(ctx: ServerContext, target: WriteTarget, rowId: string): Promise<void> {
  const index = rowIndexOf(rowId);
  const { sheetVersion, google } = await ctx.db.transaction().execute(async (trx) => {
    const repo = rowsRepo(trx);
    const bump = await repo.bumpSheet(target.sheetId, { rows: -1 }, nowIso());
    if (!bump) throw notFound(`Sheet '${target.sheetTitle}' not found`);
    const current = await repo.findRow(target.sheetId, index);
    const seen = parseJson<Row>(current?.data ?? '{}', {});
    if (!current || !rowAllowed(target.rowRule ?? null, seen) || (await repo.deleteRow(target.sheetId, index)) !== 1) throw notFound(ROW_MESSAGES.notFound);
    // Google deletes the row only if it still holds what the app saw (else it is kept and the owner told).
    const base = Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, cellOf(v)]));
    const google = await queueGoogleEdit(trx, target.sheetId, { op: 'delete', rowIndex: index, base });
    return { sheetVersion: bump.version, google };
  });
  sheetChanged(ctx, target.sheetId, { version: sheetVersion, patch: { kind: 'delete', id: index } });
  if (google) kickPush(ctx, google);
}

export async function getRow(ctx: ServerContext, target: WriteTarget, rowId: string): Promise<WireRow> {
  const index = rowIndexOf(rowId);
  const r = await rowsRepo(ctx.db).findRow(target.sheetId, index);
  const data = parseJson<Row>(r?.data ?? '{}', {});
  if (!r || !rowAllowed(target.rowRule ?? null, data)) throw notFound(ROW_MESSAGES.notFound);
  return wire(data, index, Number(r.version));
}

/**
 * One row for anyone who may read the sheet (the item-details block's `?row=`): the same
 * authorization as the sheet data GET, then the row by its stable `_id`. The sheet's columns
 * come along so the view can order the row's values.
 */
/** One row of a sheet opened for its reader (spreadsheets/service.ts openSheet). */
export async function readRow(ctx: ServerContext, sheet: ViewerSheet, rowId: string): Promise<{ row: WireRow; columns: string[] }> {
  const index = rowIndexOf(rowId);
  const r = await rowsRepo(ctx.db).findRow(sheet.id, index);
  const data = parseJson<Row>(r?.data ?? '{}', {});
  // A row the reader's rule does not give them is answered as one that does not exist.
  if (!r || !rowAllowed(sheet.rowRule, data)) throw notFound(ROW_MESSAGES.notFound);
  // A viewer gets the columns the app's blocks use only.
  const columns = visibleColumns(sheet);
  const row = sheet.allowedColumns ? Object.fromEntries(columns.map((c) => [c, data[c] ?? ''])) : data;
  return { row: wire(row, index, Number(r.version)), columns };
}
