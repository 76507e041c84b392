// An app copied into another workspace, inside the caller's transaction: the app row, its pages,
// its blocks, a new spreadsheet holding the sheets its blocks use (structure, column types and
// every row, copied by the database itself), and the uploaded files its settings, blocks and rows
// name. Template versions (freeze.ts) copy into the marketplace workspace; the next issue clones a
// version into a buyer's workspace with the same function.
//
// Ids are never shared with the source: the copy gets new app, page, block, spreadsheet, sheet
// and upload ids, and every place that names one (block configs, app and page settings, rows) is
// rewritten, so a later edit or deletion of the source cannot reach the copy.
//
// The content hash (sha256 over a canonical JSON of the app, pages, blocks, sheets and rows as they
// were read, before ids are rewritten) identifies the content: copying the same content twice gives
// the same hash, any edit another. Rows are streamed in batches, never held whole.
import crypto from 'node:crypto';
import { schemaOf } from '../../../blocks/schemas';
import type { BoardSettings } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { newId, nowIso, parseJson } from '../../http';
import { SECRET_ACTION_KEYS } from '../../platform/secrets';
import { uploadKey } from '../../platform/storage';
import { templatesRepo, type SourceApp, type SourceSheet } from '../../data/templates/repo';
import { newAppRow } from '../../data/apps/record';
import { crashPoint } from '../../crash-points';
import { filesToRemove } from '../jobs/service';
import { viewerSheets } from '../../access/columns';
import { GUEST } from '../../access/visibility';

export interface CopyOptions {
  /** Copy the rows of the sheets (false: structure only, empty sheets). */
  withRows: boolean;
  /** The copy's subdomain (default `tpl-` and 12 random hex digits). */
  subdomain?: string;
  /** Whether the copy is public (default false: private). */
  public?: boolean;
  /**
   * Blank the credentials of API-call actions (SECRET_ACTION_KEYS: token, custom header, endpoint,
   * field mapping) in the copy's blocks: what the seller set up for their own API never reaches
   * a template version or a buyer's clone.
   */
  stripSecrets?: boolean;
  /**
   * Called with the bytes of the files the copy will take along, before any is copied (after the
   * rows were read); throwing refuses the copy (a buyer's upload quota).
   */
  beforeFiles?: (bytes: number) => Promise<void>;
  /**
   * The id of the n-th copied file (0, 1, 2, … with no gaps; modules/jobs Job.fileId): files are
   * copied before the caller commits, so a server stopped in between leaves files no record names,
   * which the sweep finds by these ids. Default: new random ids.
   */
  fileId?: (n: number) => string;
  /**
   * The copied spreadsheet's title (default: the source's). A buyer's clone names it after the
   * template: the seller's sample is often their 'Sample business', which the buyer has too.
   */
  spreadsheetTitle?: string;
}

export interface CopiedApp {
  appId: string;
  subdomain: string;
  /** The copy's spreadsheet (null when the source app has none). */
  spreadsheetId: string | null;
  /** sha256 (hex) of what was copied. */
  contentHash: string;
  /** The upload records made for the copy (their files are written already). */
  uploadIds: string[];
}

/** Rows read a batch at a time for the hash and the file references. */
const ROW_BATCH = 1000;
/** Rows copied by one INSERT … SELECT. */
const COPY_SLICE = 2_500;
/** Files a copy takes along at most (a workspace holds far fewer under its quota). */
const MAX_FILES = 5000;
/** `/api/uploads/{id}` as the upload routes answer it. */
const UPLOAD_URL = /\/api\/uploads\/([A-Za-z0-9_-]{1,32})/g;

/**
 * Lets timers and I/O run between batches. better-sqlite3 answers synchronously, so a loop of
 * awaited queries is all microtasks and would otherwise keep every other request waiting.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function uploadIdsIn(text: string, into: Set<string>) {
  for (const m of text.matchAll(UPLOAD_URL)) if (into.size < MAX_FILES) into.add(m[1]!);
}

/** Replaces every id of `ids` that appears as a whole JSON string ("id") in `text`. */
export function rewriteIds(text: string, ids: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of ids) out = out.split(`"${from}"`).join(`"${to}"`);
  return out;
}

export function rewriteUploads(text: string, uploads: ReadonlyMap<string, string>): string {
  return text.replace(UPLOAD_URL, (whole, id: string) => {
    const to = uploads.get(id);
    return to ? `/api/uploads/${to}` : whole;
  });
}

/**
 * A block config (JSON text) with the credentials of its actions blanked: the keys of
 * SECRET_ACTION_KEYS in every item of the schema's `actions` list, set to their empty value.
 * Unchanged text when the block has no action holding one.
 */
export function stripActionSecrets(type: string, config: string): string {
  if (!schemaOf(type)?.actions) return config;
  const record = parseJson<Record<string, unknown>>(config, {});
  if (!Array.isArray(record.actions)) return config;
  let changed = false;
  const actions = record.actions.map((a: unknown) => {
    if (!a || typeof a !== 'object') return a;
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const key of SECRET_ACTION_KEYS)
      if (key in out) {
        const empty = key === 'field_mapping' ? [] : '';
        if (JSON.stringify(out[key]) !== JSON.stringify(empty)) changed = true;
        out[key] = empty;
      }
    return out;
  });
  return changed ? JSON.stringify({ ...record, actions }) : config;
}

/** One sheet of a copy: the source sheet and the columns of it that go along (in sheet order). */
export interface ShippedSheet {
  sheet: SourceSheet;
  columns: string[];
}

/**
 * What of the app's spreadsheet a copy takes along: the sheets and columns a guest of the app reads
 * (access/columns.ts viewerSheets for the GUEST viewer: the blocks of public pages and the frame
 * blocks, the columns they use and the board filters'), nothing else. A tab no such block uses, a
 * column only a hidden page's block or none names, stays with the seller. Rows: every row of a
 * shipped sheet (the server holds a guest to no row rule today; block and board filters are the
 * viewer's own choice of what to look at, and a guest reads past them). Reads through `db`.
 */
export async function shippedSheets(ctx: ServerContext, db: Db, app: Pick<SourceApp, 'id' | 'settings' | 'spreadsheet_id'>): Promise<ShippedSheet[]> {
  if (!app.spreadsheet_id) return [];
  const sheets = await templatesRepo(db).sheets(app.spreadsheet_id);
  const listed = sheets.map((sheet) => ({ title: sheet.title, columns: parseJson<string[]>(sheet.columns, []), sheet }));
  const readable = await viewerSheets(ctx, { id: app.id, settings: parseJson<BoardSettings>(app.settings, {}) }, GUEST, listed, db);
  return readable.map((r) => ({ sheet: r.sheet, columns: r.columns }));
}

/** Row data (JSON text) with only the `keep` columns; the same text when nothing is dropped. */
function keepColumns(data: string, keep: ReadonlySet<string>): string {
  const row = parseJson<Record<string, unknown>>(data, {});
  const out: Record<string, unknown> = {};
  let dropped = false;
  for (const [k, v] of Object.entries(row)) {
    if (keep.has(k)) out[k] = v;
    else dropped = true;
  }
  return dropped ? JSON.stringify(out) : data;
}

/**
 * Copies `sourceAppId` into `targetWorkspaceId` using `trx` only (never ctx.db: on SQLite a query
 * outside the transaction would wait for it forever). Files are copied (ctx.files) before the caller
 * commits; if the transaction fails, the caller removes them (removeCopiedFiles).
 */
export async function copyApp(ctx: ServerContext, trx: Db, sourceAppId: string, targetWorkspaceId: string, options: CopyOptions): Promise<CopiedApp> {
  const written: string[] = [];
  try {
    return await copyInto(ctx, trx, sourceAppId, targetWorkspaceId, options, written);
  } catch (e) {
    // Files copied before the failure: the transaction's records go with its rollback, these too.
    await removeCopiedFiles(ctx, written);
    throw e;
  }
}

async function copyInto(ctx: ServerContext, trx: Db, sourceAppId: string, targetWorkspaceId: string, options: CopyOptions, written: string[]): Promise<CopiedApp> {
  const repo = templatesRepo(trx);
  const source = await repo.app(sourceAppId);
  if (!source) throw new Error(`copyApp: no app ${sourceAppId}`);
  const hash = crypto.createHash('sha256');
  const feed = (kind: string, value: unknown) => hash.update(`${kind}:${canonicalJson(value)}\n`);
  const now = nowIso();
  const appId = newId();
  const ids = new Map<string, string>([[source.id, appId]]);
  const files = new Set<string>();

  const pages = await repo.pages(source.id);
  const blocks = await repo.blocks(pages.map((p) => p.id));
  for (const p of pages) ids.set(p.id, newId());
  for (const b of blocks) ids.set(b.id, newId());

  // The spreadsheet: only what a guest of the app reads (shippedSheets): a tab or a column the
  // app's guests cannot read may hold what the owner never meant to publish.
  let spreadsheetId: string | null = null;
  let sheets: ShippedSheet[] = [];
  if (source.spreadsheet_id) {
    const spreadsheet = await repo.spreadsheet(source.spreadsheet_id);
    if (spreadsheet) {
      spreadsheetId = newId();
      sheets = await shippedSheets(ctx, trx, source);
      ids.set(spreadsheet.id, spreadsheetId);
      await repo.insertSpreadsheet({ id: spreadsheetId, workspace_id: targetWorkspaceId, title: options.spreadsheetTitle ?? spreadsheet.title, source: spreadsheet.source === 'importing' ? 'copy' : spreadsheet.source, created_at: now });
    }
  }

  feed('app', { name: source.name, kind: source.kind, sign_in_method: source.sign_in_method, settings: parseJson(source.settings, {}) });
  uploadIdsIn(source.settings, files);
  for (const p of pages) {
    feed('page', { id: p.id, page_name: p.page_name, page_slug: p.page_slug, page_type: p.page_type, is_auth: Number(p.is_auth), is_public: Number(p.is_public), position: p.position, settings: parseJson(p.settings, {}) });
    uploadIdsIn(p.settings, files);
  }
  for (const b of blocks) {
    feed('block', { id: b.id, page_id: b.page_id, position: b.position, type: b.type, config: parseJson(b.config, {}) });
    uploadIdsIn(b.config, files);
  }

  // Sheets and rows: the rows go across inside the database, then the copy is read back a batch
  // at a time for the hash and the files its cells name.
  const copiedSheets: { id: string; title: string }[] = [];
  for (const { sheet: s, columns } of sheets) {
    const sheetId = newId();
    copiedSheets.push({ id: sheetId, title: s.title });
    const keep = new Set(columns);
    const allColumns = parseJson<string[]>(s.columns, []);
    const types = Object.fromEntries(Object.entries(parseJson<Record<string, unknown>>(s.column_types, {})).filter(([c]) => keep.has(c)));
    const masked = allColumns.some((c) => !keep.has(c));
    feed('sheet', { title: s.title, position: s.position, columns, column_types: types });
    await repo.insertSheet({
      id: sheetId,
      spreadsheet_id: spreadsheetId!,
      title: s.title,
      position: s.position,
      columns: masked ? JSON.stringify(columns) : s.columns,
      column_types: masked ? JSON.stringify(types) : s.column_types,
      row_count: options.withRows ? s.row_count : 0,
      version: 1,
      updated_at: now,
      next_row_index: options.withRows ? s.next_row_index : 0,
    });
    if (!options.withRows) continue;
    if (masked) {
      // Some columns stay behind: the rows pass through here a batch at a time, each without them.
      for (let after = -1; ; ) {
        const batch = await repo.rowsAfter(s.id, after, ROW_BATCH);
        const rows = batch.map((r) => ({ row_index: Number(r.row_index), data: keepColumns(r.data, keep), version: Number(r.version) }));
        await repo.insertRows(sheetId, rows);
        for (const r of rows) {
          hash.update(`row:${s.title}:${r.row_index}:${canonicalJson(parseJson(r.data, {}))}\n`);
          uploadIdsIn(r.data, files);
        }
        if (batch.length < ROW_BATCH) break;
        after = batch[batch.length - 1]!.row_index;
        await breathe();
      }
      continue;
    }
    // Every column goes: in slices inside the database, so that no single statement holds SQLite
    // (and with it the event loop) for long.
    for (let after = -1; ; ) {
      const upTo = await repo.indexAfter(s.id, after, COPY_SLICE);
      if (upTo === null) break;
      await repo.copyRows(s.id, sheetId, after, upTo);
      after = upTo;
      await breathe();
      ctx.lifecycle.stopIfOverdue();
    }
    for (let after = -1; ; ) {
      const batch = await repo.rowsAfter(sheetId, after, ROW_BATCH);
      for (const r of batch) {
        hash.update(`row:${s.title}:${r.row_index}:${canonicalJson(parseJson(r.data, {}))}\n`);
        uploadIdsIn(r.data, files);
      }
      if (batch.length < ROW_BATCH) break;
      after = batch[batch.length - 1]!.row_index;
      await breathe();
      ctx.lifecycle.stopIfOverdue();
    }
  }

  // Files: those of the source's workspace only (a URL of anyone else's file is left as it is),
  // copied as workspace media of the target, which anyone holding the id may read.
  const uploads = new Map<string, string>();
  const uploadIds: string[] = [];
  const originals = (await repo.uploads([...files])).filter((u) => u.workspace_id === source.workspace_id);
  if (options.beforeFiles) await options.beforeFiles(originals.reduce((sum, u) => sum + Number(u.size), 0));
  for (const u of originals) {
    const copyId = options.fileId ? options.fileId(uploadIds.length) : newId();
    written.push(copyId);
    // On disk a file copy; in a bucket CopyObject (no bytes through this server). A record
    // without its file (lost from disk) is not copied.
    if (!(await ctx.files.copy(uploadKey(u.id), uploadKey(copyId)))) {
      written.pop();
      continue;
    }
    uploadIds.push(copyId);
    await crashPoint('copy-file');
    await repo.insertUpload({ ...u, id: copyId, workspace_id: targetWorkspaceId, app_id: null, from_visitor: 0, attached_at: now, created_at: now });
    uploads.set(u.id, copyId);
  }
  // The rows naming a copied file: one pass over each sheet's rows that name any upload.
  if (uploads.size > 0)
    for (const sheet of copiedSheets)
      for (let after = -1; ; ) {
        const batch = await repo.rowsHolding(sheet.id, '/api/uploads/', after, ROW_BATCH);
        for (const r of batch) {
          const data = rewriteUploads(r.data, uploads);
          if (data !== r.data) await repo.setRowData(sheet.id, r.row_index, data);
        }
        if (batch.length < ROW_BATCH) break;
        after = batch[batch.length - 1]!.row_index;
        await breathe();
        ctx.lifecycle.stopIfOverdue();
      }

  const rewrite = (text: string) => rewriteUploads(rewriteIds(text, ids), uploads);
  const subdomain = options.subdomain ?? `tpl-${crypto.randomBytes(6).toString('hex')}`;
  await repo.insertApp(
    newAppRow(
      {
        id: appId,
        workspace_id: targetWorkspaceId,
        name: source.name,
        subdomain,
        kind: source.kind,
        public: options.public ? 1 : 0,
        sign_in_method: source.sign_in_method,
        spreadsheet_id: spreadsheetId,
        settings: rewrite(source.settings),
      },
      now,
    ),
  );
  for (const p of pages)
    await repo.insertPage({ ...p, id: ids.get(p.id)!, app_id: appId, settings: rewrite(p.settings), created_at: now, origin_key: p.origin_key ?? p.id });
  // origin_key: the seller's page or block a copy descends from, kept through every copy (a
  // version, a clone), so that an update's three-way merge pairs them (clones/update.ts).
  await repo.insertBlocks(blocks.map((b) => ({ id: ids.get(b.id)!, page_id: ids.get(b.page_id)!, position: b.position, type: b.type, config: options.stripSecrets ? stripActionSecrets(b.type, rewrite(b.config)) : rewrite(b.config), created_at: now, updated_at: now, origin_key: b.origin_key ?? b.id })));

  return { appId, subdomain, spreadsheetId, contentHash: hash.digest('hex'), uploadIds };
}

/**
 * The files of uploads whose records `trx` deletes, recorded in it for the sweep (jobs
 * filesToRemove); call the returned function once `trx` has committed to remove them.
 */
export function uploadFilesToRemove(ctx: ServerContext, trx: Db, uploadIds: readonly string[]): Promise<() => Promise<void>> {
  return filesToRemove(ctx, trx, uploadIds.map(uploadKey));
}

/** Removes the files of uploads a copy made (after its transaction failed: its job covers a stop before this). */
export async function removeCopiedFiles(ctx: ServerContext, uploadIds: readonly string[]) {
  for (const id of uploadIds) await ctx.files.delete(uploadKey(id));
}
