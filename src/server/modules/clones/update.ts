// Template updates brought into a buyer's copy (issue 33 §2): what a newer approved version
// changes, the three-way merge of it into the clone (merge.ts) and a restore of the app as it was
// before. Base is the version the clone came from (app_origins.version_id, a frozen copy that is
// never edited), theirs the listing's current version, mine the buyer's app now.
//
// The three are read in the same words before merging: pages and blocks are paired by the key
// they keep through copies (origin_key, templates/copy.ts; versions frozen before it existed are
// paired by page address and block kind and place); ids inside settings become those keys; a file
// becomes a fingerprint of its name, size and type (each copy has its own upload ids); and the
// version's sheets and columns are read through the buyer's column mapping (column-mapping.ts).
// The merged app is written back in place (blocks and pages the buyer keeps keep their ids, and
// with them their comments), with the files the template brings copied into the buyer's workspace
// and the sheets and columns its blocks need added (empty columns; a new sheet with the version's
// rows when the buyer cloned with the sample data). The buyer's data is never touched.
import crypto from 'node:crypto';
import { schemaOf } from '../../../blocks/schemas';
import type { BoardSettings } from '../../../shared/api';
import type { TemplateUpdateBody, TemplateUpdatePreview } from '../../../shared/api/templates';
import type { BlockRecord } from '../../../shared/settings';
import { blockSettings } from '../../../shared/settings/block';
import { remapBlockColumns } from '../../../shared/settings/columns';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import { uploadKey } from '../../platform/storage';
import type { AppView } from '../../data/apps/record';
import { blockRecord } from '../../data/blocks/record';
import { templatesRepo, type UploadRecord } from '../../data/templates/repo';
import { updateRepo, type BlockColumns, type PageColumns } from '../../data/clones/update-repo';
import { breathe, removeCopiedFiles, rewriteIds, rewriteUploads, uploadIdsIn } from '../templates/copy';
import { columnMapOf, readMapping, type ColumnMapping } from './column-mapping';
import { usedReferences } from './mapping';
import { mergeApp, type AppDoc, type Fields, type ItemInfo } from './merge';

export const UPDATE_MESSAGES = {
  notCloned: 'This app was not made from a template, so it has no template updates.',
  noUpdate: 'Your app already has the latest version of its template.',
  baseGone: 'The version your app was made from is no longer kept, so the update cannot be merged into your app. Use the template again to get the new version.',
  stale: 'A newer version of the template came out while you were looking at this one. Look at the update again, then apply it.',
  unresolved: 'Your app or the template changed while you were looking at the update. Look at it again and choose for each change you both made.',
  snapshotNotFound: 'That earlier version of your app is no longer kept.',
  failed: 'The update could not be applied; your app was not changed. Try again.',
} as const;

/** An app's pages and blocks as stored, and its settings: what a snapshot keeps and a restore puts back. */
export interface UpdateSnapshot {
  settings: string;
  pages: PageColumns[];
  blocks: BlockColumns[];
  column_mapping: string | null;
  version_id: string;
  version_number: number;
}

/** One side of the merge read from the database. */
interface Side {
  doc: AppDoc;
  /** item → the stored row's id and the origin_key a copy of it gets. */
  ids: Map<string, { id: string; origin: string }>;
  /** file fingerprint → an upload record holding that file. */
  files: Map<string, UploadRecord>;
  settings: Record<string, unknown>;
  spreadsheetId: string | null;
  pages: PageColumns[];
  blocks: BlockColumns[];
}

/** Keys every setting of the app keeps as the buyer's (the app's name is theirs since the clone). */
const OWN_APP_SETTINGS = new Set(['title']);

const humanize = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
};

/** A file as the same in every copy: its name, size and type (each copy has new upload ids). */
const fingerprint = (u: Pick<UploadRecord, 'name' | 'size' | 'type'>) => `f_${crypto.createHash('sha256').update(`${u.name}\n${Number(u.size)}\n${u.type}`).digest('hex').slice(0, 24)}`;

/**
 * Reads an app as merge items. `structural`: pair by page address and block kind and place (a
 * version frozen before pages and blocks kept their origin). `mapping`: read the sheets and
 * columns as the buyer has them (the versions' side).
 */
async function readSide(db: Db, appId: string, structural: boolean, mapping: ColumnMapping | null): Promise<Side> {
  const repo = updateRepo(db);
  const app = await repo.app(appId);
  if (!app) throw notFound('App not found');
  const pages = await repo.pages(appId);
  const blocks = await repo.blocks(pages.map((p) => p.id));
  const pageKey = new Map<string, string>();
  for (const p of pages) pageKey.set(p.id, structural ? `slug:${p.page_slug}` : (p.origin_key ?? p.id));
  const blockKey = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const b of [...blocks].sort((x, y) => x.position - y.position || (x.id < y.id ? -1 : 1))) {
    if (!structural) {
      blockKey.set(b.id, b.origin_key ?? b.id);
      continue;
    }
    const base = `${pageKey.get(b.page_id)}#${b.type}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    blockKey.set(b.id, `${base}#${n}`);
  }
  const tokens = new Map<string, string>([[app.id, '@app']]);
  if (app.spreadsheet_id) tokens.set(app.spreadsheet_id, '@spreadsheet');
  for (const [id, key] of pageKey) tokens.set(id, `@page:${key}`);
  for (const [id, key] of blockKey) tokens.set(id, `@block:${key}`);
  const fileIds = new Set<string>();
  for (const text of [app.settings, ...pages.map((p) => p.settings), ...blocks.map((b) => b.config)]) uploadIdsIn(text, fileIds);
  const records = await templatesRepo(db).uploads([...fileIds]);
  const fileTokens = new Map(records.map((u) => [u.id, fingerprint(u)]));
  const files = new Map(records.map((u) => [fingerprint(u), u]));
  const norm = (text: string) => rewriteUploads(rewriteIds(text, tokens), fileTokens);
  const map = mapping && Object.keys(mapping).length ? columnMapOf(mapping) : null;

  const doc: AppDoc = new Map();
  const ids = new Map<string, { id: string; origin: string }>();
  const settings = parseJson<Record<string, unknown>>(norm(app.settings), {});
  const appFields: Fields = {};
  for (const [k, v] of Object.entries(settings)) if (!OWN_APP_SETTINGS.has(k)) appFields[k] = v;
  if (map && Array.isArray(appFields.filters))
    appFields.filters = (appFields.filters as BoardSettings['filters'] & unknown[]).map((f) => {
      const sc = f?.sheet_column;
      if (!sc?.sheet) return f;
      return { ...f, sheet_column: { sheet: map.sheet(sc.sheet) ?? sc.sheet, column: map.column(sc.sheet, sc.column) ?? sc.column } };
    });
  doc.set('app', appFields);
  for (const p of pages) {
    const key = pageKey.get(p.id)!;
    const fields: Fields = { name: p.page_name, slug: p.page_slug, type: p.page_type, is_auth: Number(p.is_auth), is_public: Number(p.is_public), position: Number(p.position) };
    for (const [k, v] of Object.entries(parseJson<Record<string, unknown>>(norm(p.settings), {}))) fields[`s.${k}`] = v;
    doc.set(`page:${key}`, fields);
    ids.set(`page:${key}`, { id: p.id, origin: p.origin_key ?? p.id });
  }
  for (const b of blocks) {
    const key = blockKey.get(b.id)!;
    let record: BlockRecord = blockRecord({ ...b, config: norm(b.config) });
    const schema = schemaOf(b.type);
    if (map && schema) record = remapBlockColumns(schema, record, map) ?? record;
    const { id: _id, type: _type, temp_block: _temp, ...config } = record;
    const fields: Fields = { page: pageKey.get(b.page_id), position: Number(b.position), type: b.type };
    for (const [k, v] of Object.entries(config)) fields[`c.${k}`] = v;
    doc.set(`block:${key}`, fields);
    ids.set(`block:${key}`, { id: b.id, origin: b.origin_key ?? b.id });
  }
  return { doc, ids, files, settings: parseJson<Record<string, unknown>>(app.settings, {}), spreadsheetId: app.spreadsheet_id, pages, blocks };
}

const PAGE_FIELDS: Record<string, string> = { name: 'its name', slug: 'its address', type: 'its kind', is_auth: 'its sign-in setting', is_public: 'who may see it', position: 'its place', page: 'its page' };
const SPECIAL_SETTINGS: Record<string, string> = { sheet_title: 'Sheet', axis: 'Columns', actions: 'Actions', filters: 'Filters' };

/** How the buyer reads an item of `doc`. */
function itemInfo(item: string, doc: AppDoc): ItemInfo {
  const fields = doc.get(item) ?? {};
  if (item === 'app') return { kind: 'app', label: "the app's settings", fieldLabel: (f) => humanize(f) };
  const pageName = (key: unknown) => {
    const name = doc.get(`page:${String(key)}`)?.name;
    return typeof name === 'string' && name.trim() ? name.trim() : 'a page';
  };
  if (item.startsWith('page:'))
    return { kind: 'page', label: `the page '${pageName(item.slice(5))}'`, fieldLabel: (f) => PAGE_FIELDS[f] ?? humanize(f.replace(/^s\./, '')) };
  const type = String(fields.type ?? '');
  const schema = schemaOf(type);
  const title = typeof fields['c.title'] === 'string' && fields['c.title'].trim() ? fields['c.title'].trim().slice(0, 100) : (schema?.name ?? type);
  const settings = schema ? blockSettings(schema) : {};
  return {
    kind: 'block',
    label: `the block '${title}' on the page '${pageName(fields.page)}'`,
    fieldLabel: (f) => {
      if (PAGE_FIELDS[f]) return PAGE_FIELDS[f]!;
      const k = f.replace(/^c\./, '');
      return settings[k]?.label ?? SPECIAL_SETTINGS[k] ?? humanize(k);
    },
  };
}

interface Sides {
  origin: NonNullable<Awaited<ReturnType<ReturnType<typeof updateRepo>['origin']>>>;
  listing: NonNullable<Awaited<ReturnType<ReturnType<typeof updateRepo>['listing']>>>;
  base: Side;
  mine: Side;
  theirs: Side;
}

/** The origin, the listing and the three sides (null: no update; errors: not a clone, base gone). */
async function readSides(db: Db, appId: string): Promise<Sides | null> {
  const repo = updateRepo(db);
  const origin = await repo.origin(appId);
  if (!origin) throw notFound(UPDATE_MESSAGES.notCloned);
  const listing = await repo.listing(origin.template_id);
  if (!listing || Number(listing.version_number) <= Number(origin.version_number)) return null;
  const baseApp = await repo.versionSnapshotApp(origin.version_id);
  if (!baseApp || !(await repo.app(baseApp))) throw new HttpError(409, UPDATE_MESSAGES.baseGone, undefined, 'base_gone');
  // Versions frozen before pages and blocks kept their origin have none: all three sides are then
  // paired by page address and block kind and place.
  const basePages = await repo.pages(baseApp);
  const baseBlocks = await repo.blocks(basePages.map((p) => p.id));
  const structural = basePages.some((p) => !p.origin_key) || baseBlocks.some((b) => !b.origin_key);
  const mapping = readMapping(origin.column_mapping);
  return {
    origin,
    listing,
    base: await readSide(db, baseApp, structural, mapping),
    mine: await readSide(db, appId, structural, null),
    theirs: await readSide(db, listing.snapshot_app_id, structural, mapping),
  };
}

async function restorePoint(db: Db, appId: string): Promise<TemplateUpdatePreview['restore']> {
  const last = (await updateRepo(db).latestSnapshots([appId]))[0];
  return last ? { snapshot_id: last.id, version_number: Number(last.from_version_number), created_at: last.created_at } : null;
}

/** GET /api/apps/:appId/template-update: what the newer version changes and where the buyer's changes meet it. */
export async function updatePreview(ctx: ServerContext, app: AppView): Promise<TemplateUpdatePreview> {
  const repo = updateRepo(ctx.db);
  const origin = await repo.origin(app.id);
  // An app of the owner's own making: nothing to update (the editor asks every app).
  if (!origin) return { available: false, template_name: null, version_number: null, latest_version_number: null, changes: [], conflicts: [], restore: null };
  const listing = await repo.listing(origin.template_id);
  const restore = await restorePoint(ctx.db, app.id);
  const sides = await readSides(ctx.db, app.id);
  const common = { template_name: listing?.title ?? null, version_number: Number(origin.version_number), latest_version_number: listing ? Number(listing.version_number) : null, restore };
  if (!sides) return { ...common, available: false, changes: [], conflicts: [] };
  const merged = mergeApp(sides.base.doc, sides.mine.doc, sides.theirs.doc, itemInfo);
  return { ...common, available: true, changes: merged.changes, conflicts: merged.conflicts };
}

/** The app's pages and blocks as stored now, and its settings and origin: the snapshot before an update. */
function snapshotOf(side: Side, origin: Sides['origin'], settings: string): UpdateSnapshot {
  return { settings, pages: side.pages, blocks: side.blocks, column_mapping: origin.column_mapping, version_id: origin.version_id, version_number: Number(origin.version_number) };
}

/**
 * Makes the app's pages and blocks `pages` and `blocks` (by id): those not wanted go, the others
 * are updated where they differ, new ones are inserted. Rows kept keep their ids (and so their
 * comments). Page addresses are moved through a temporary one so that two pages may swap theirs.
 */
async function writeRows(trx: Db, appId: string, current: { pages: PageColumns[]; blocks: BlockColumns[] }, pages: PageColumns[], blocks: BlockColumns[], now: string) {
  const repo = updateRepo(trx);
  const wantedPages = new Map(pages.map((p) => [p.id, p]));
  const wantedBlocks = new Map(blocks.map((b) => [b.id, b]));
  await repo.deleteBlocks(current.blocks.filter((b) => !wantedBlocks.has(b.id)).map((b) => b.id));
  // Pages that go are deleted last (a kept block may move off one first); their addresses are
  // freed at once, with those of the pages that change theirs.
  const leaving = current.pages.filter((p) => !wantedPages.has(p.id)).map((p) => p.id);
  const had = new Map(current.pages.map((p) => [p.id, p]));
  const moving = pages.filter((p) => had.has(p.id) && had.get(p.id)!.page_slug !== p.page_slug);
  for (const id of [...leaving, ...moving.map((p) => p.id)]) await repo.updatePage(id, { page_slug: `~${id}` });
  for (const p of pages) {
    const before = had.get(p.id);
    const row = { page_name: p.page_name, page_slug: p.page_slug, page_type: p.page_type, is_auth: Number(p.is_auth), is_public: Number(p.is_public), position: Number(p.position), settings: p.settings, origin_key: p.origin_key };
    if (!before) await repo.insertPage({ ...row, id: p.id, app_id: appId, created_at: p.created_at });
    else if (moving.includes(p) || JSON.stringify({ ...row, page_slug: '' }) !== JSON.stringify({ page_name: before.page_name, page_slug: '', page_type: before.page_type, is_auth: Number(before.is_auth), is_public: Number(before.is_public), position: Number(before.position), settings: before.settings, origin_key: before.origin_key }))
      await repo.updatePage(p.id, row);
  }
  const hadBlocks = new Map(current.blocks.map((b) => [b.id, b]));
  for (const b of blocks) {
    const before = hadBlocks.get(b.id);
    if (!before) await repo.insertBlock({ ...b, updated_at: now });
    else if (before.config !== b.config || before.page_id !== b.page_id || Number(before.position) !== Number(b.position) || before.type !== b.type || before.origin_key !== b.origin_key)
      await repo.updateBlock(b.id, { config: b.config, page_id: b.page_id, position: Number(b.position), type: b.type, origin_key: b.origin_key, updated_at: now });
  }
  await repo.deletePages(leaving);
}

/** Settings fields back to an object (`prefix` + key). */
const unprefix = (fields: Fields, prefix: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));

/**
 * The merged doc as the buyer's rows: existing pages and blocks keep their ids, new ones get new
 * ids and the template's origin; keys back to ids, fingerprints back to the buyer's files (files
 * the buyer does not have are copied into their workspace: `copyFile`).
 */
async function rowsOf(doc: AppDoc, s: Sides, appId: string, copyFile: (u: UploadRecord) => Promise<string>) {
  const ids = new Map<string, string>([['@app', appId]]);
  if (s.mine.spreadsheetId) ids.set('@spreadsheet', s.mine.spreadsheetId);
  const rowId = (item: string) => s.mine.ids.get(item)?.id ?? newId();
  const origin = (item: string) => s.mine.ids.get(item)?.origin ?? s.theirs.ids.get(item)?.origin ?? s.base.ids.get(item)?.origin ?? null;
  const pageIds = new Map<string, string>();
  for (const item of doc.keys()) {
    if (item.startsWith('page:')) pageIds.set(item.slice(5), rowId(item));
  }
  for (const [key, id] of pageIds) ids.set(`@page:${key}`, id);
  const blockIds = new Map<string, string>();
  for (const item of doc.keys()) if (item.startsWith('block:') && pageIds.has(String(doc.get(item)!.page))) blockIds.set(item.slice(6), rowId(item));
  for (const [key, id] of blockIds) ids.set(`@block:${key}`, id);

  // Files: the buyer's own where they have it, else a copy of the version's.
  const tokens = new Set<string>();
  const texts: string[] = [];
  for (const fields of doc.values()) texts.push(JSON.stringify(fields));
  for (const t of texts) uploadIdsIn(t, tokens);
  const files = new Map<string, string>();
  for (const token of tokens) {
    if (!token.startsWith('f_')) continue;
    const own = s.mine.files.get(token);
    if (own) files.set(token, own.id);
    else {
      const theirs = s.theirs.files.get(token) ?? s.base.files.get(token);
      if (theirs) files.set(token, await copyFile(theirs));
    }
  }
  const back = (value: unknown) => rewriteUploads(rewriteIds(JSON.stringify(value), ids), files);

  const now = nowIso();
  const pages: PageColumns[] = [];
  const slugs = new Set<string>();
  const pageItems = [...doc.entries()].filter(([item]) => item.startsWith('page:'));
  // The buyer's pages claim their addresses first; a template page whose address is taken gets -2, -3...
  pageItems.sort(([a], [b]) => Number(s.mine.ids.has(b)) - Number(s.mine.ids.has(a)));
  for (const [item, f] of pageItems) {
    let slug = String(f.slug ?? 'page');
    for (let n = 2; slugs.has(slug); n++) slug = `${String(f.slug)}-${n}`;
    slugs.add(slug);
    pages.push({
      id: pageIds.get(item.slice(5))!,
      app_id: appId,
      page_name: String(f.name ?? ''),
      page_slug: slug,
      page_type: String(f.type ?? 'page'),
      is_auth: Number(f.is_auth ?? 0),
      is_public: Number(f.is_public ?? 1),
      position: Number(f.position ?? 0),
      settings: back(unprefix(f, 's.')),
      created_at: now,
      origin_key: origin(item),
    });
  }
  const blocks: BlockColumns[] = [];
  for (const [item, f] of doc) {
    if (!item.startsWith('block:') || !blockIds.has(item.slice(6))) continue;
    blocks.push({
      id: blockIds.get(item.slice(6))!,
      page_id: pageIds.get(String(f.page))!,
      position: Number(f.position ?? 0),
      type: String(f.type),
      config: back(unprefix(f, 'c.')),
      created_at: now,
      updated_at: now,
      origin_key: origin(item),
    });
  }
  const appSettings = { ...parseJson<Record<string, unknown>>(back(doc.get('app') ?? {}), {}) };
  for (const k of OWN_APP_SETTINGS) if (k in s.mine.settings) appSettings[k] = s.mine.settings[k];
  return { pages, blocks, settings: JSON.stringify(appSettings) };
}

/**
 * The sheets and columns the merged blocks use that the buyer's spreadsheet lacks: a column is
 * added empty at the end of its sheet (its type from the version); a sheet comes from the
 * version, with its rows when the buyer cloned with the sample data. Nothing else of the buyer's
 * data changes.
 */
async function addMissingColumns(trx: Db, s: Sides, blocks: BlockColumns[], settings: string, now: string) {
  if (!s.mine.spreadsheetId || !s.theirs.spreadsheetId) return;
  const repo = updateRepo(trx);
  const mineSheets = await repo.sheets(s.mine.spreadsheetId);
  const theirSheets = await repo.sheets(s.theirs.spreadsheetId);
  const shapes = mineSheets.map((sh) => ({ title: sh.title, columns: parseJson<string[]>(sh.columns, []).map((name) => ({ name, type: 'text' })) }));
  const used = usedReferences(blocks.map(blockRecord), parseJson<BoardSettings>(settings, {}), shapes);
  // The version's sheet a buyer's sheet stands for: through the mapping, else by title.
  const mapping = readMapping(s.origin.column_mapping);
  const versionSheetOf = (title: string) => {
    const from = Object.entries(mapping).find(([, m]) => m.to === title)?.[0] ?? title;
    return theirSheets.find((t) => t.title === from);
  };
  let position = mineSheets.reduce((max, sh) => Math.max(max, Number(sh.position)), -1) + 1;
  for (const [title, columns] of used) {
    const own = mineSheets.find((sh) => sh.title === title);
    const version = versionSheetOf(title);
    if (!own) {
      if (!version) continue;
      const id = newId();
      const withRows = Number(s.origin.with_rows) === 1;
      await repo.insertSheet({ id, spreadsheet_id: s.mine.spreadsheetId, title, position: position++, columns: version.columns, column_types: version.column_types, row_count: withRows ? version.row_count : 0, version: 1, updated_at: now, next_row_index: withRows ? version.next_row_index : 0 });
      if (withRows)
        for (let after = -1; ; ) {
          const upTo = await templatesRepo(trx).indexAfter(version.id, after, 2500);
          if (upTo === null) break;
          await templatesRepo(trx).copyRows(version.id, id, after, upTo);
          after = upTo;
          await breathe();
        }
      continue;
    }
    const have = parseJson<string[]>(own.columns, []);
    const missing = [...columns.keys()].filter((c) => !have.includes(c));
    if (!missing.length) continue;
    const types = parseJson<Record<string, string>>(own.column_types, {});
    const versionTypes = parseJson<Record<string, string>>(version?.column_types, {});
    for (const c of missing) if (versionTypes[c]) types[c] = versionTypes[c]!;
    await repo.setSheetColumns(own.id, JSON.stringify([...have, ...missing]), JSON.stringify(types), now);
  }
}

/** POST /api/apps/:appId/template-update: merges the newer version into the app (a snapshot first). */
export async function applyUpdate(ctx: ServerContext, app: AppView, userId: string, body: TemplateUpdateBody) {
  const written: string[] = [];
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const sides = await readSides(trx, app.id);
      if (!sides) throw new HttpError(409, UPDATE_MESSAGES.noUpdate, undefined, 'no_update');
      if (Number(sides.listing.version_number) !== body.version_number) throw new HttpError(409, UPDATE_MESSAGES.stale, undefined, 'update_stale');
      const merged = mergeApp(sides.base.doc, sides.mine.doc, sides.theirs.doc, itemInfo, body.resolutions);
      if (merged.unresolved.length) throw new HttpError(409, UPDATE_MESSAGES.unresolved, undefined, 'update_conflicts');
      const now = nowIso();
      const repo = updateRepo(trx);
      const current = await repo.app(app.id);
      const snapshotId = newId();
      await repo.insertSnapshot({
        id: snapshotId,
        app_id: app.id,
        from_version_id: sides.origin.version_id,
        from_version_number: Number(sides.origin.version_number),
        to_version_number: Number(sides.listing.version_number),
        data: JSON.stringify(snapshotOf(sides.mine, sides.origin, current!.settings)),
        created_by: userId,
        created_at: now,
      });
      const copyFile = async (u: UploadRecord) => {
        const id = newId();
        written.push(id);
        if (!(await ctx.files.copy(uploadKey(u.id), uploadKey(id)))) {
          written.pop();
          return u.id;
        }
        await templatesRepo(trx).insertUpload({ ...u, id, workspace_id: app.workspaceId, app_id: null, from_visitor: 0, attached_at: now, created_at: now });
        return id;
      };
      const rows = await rowsOf(merged.doc, sides, app.id, copyFile);
      await writeRows(trx, app.id, sides.mine, rows.pages, rows.blocks, now);
      await repo.setAppSettings(app.id, rows.settings, now);
      await addMissingColumns(trx, sides, rows.blocks, rows.settings, now);
      await repo.setOrigin(app.id, { version_id: sides.listing.version_id, version_number: Number(sides.listing.version_number) });
      return { version_number: Number(sides.listing.version_number), snapshot_id: snapshotId, changes: merged.changes.length };
    });
  } catch (e) {
    await removeCopiedFiles(ctx, written);
    if (e instanceof HttpError) throw e;
    ctx.log.error({ err: e }, 'template update failed');
    throw new HttpError(500, UPDATE_MESSAGES.failed, undefined, 'update_failed');
  }
}

/**
 * POST /api/apps/:appId/template-update/restore: the app's pages, blocks and settings as they were
 * before the update `snapshotId` applied, and its origin back at that version. That snapshot and
 * any later one go (they restored to here). Data is not touched (columns an update added stay).
 */
export async function restoreUpdate(ctx: ServerContext, app: AppView, snapshotId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = updateRepo(trx);
    const snap = (await repo.snapshots(app.id)).find((s) => s.id === snapshotId);
    if (!snap) throw notFound(UPDATE_MESSAGES.snapshotNotFound);
    const data = parseJson<UpdateSnapshot | null>(snap.data, null);
    if (!data) throw notFound(UPDATE_MESSAGES.snapshotNotFound);
    const now = nowIso();
    const pages = await repo.pages(app.id);
    const blocks = await repo.blocks(pages.map((p) => p.id));
    await writeRows(trx, app.id, { pages, blocks }, data.pages, data.blocks, now);
    await repo.setAppSettings(app.id, data.settings, now);
    await repo.setOrigin(app.id, { version_id: data.version_id, version_number: data.version_number, column_mapping: data.column_mapping });
    await repo.deleteSnapshotsFrom(app.id, snap.created_at);
    return { version_number: data.version_number };
  });
}
