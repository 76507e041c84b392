// Re-importing a file into an existing spreadsheet (issue 13). The file is parsed like a new
// import (the import worker, its limits); its sheets are matched to the spreadsheet's by title
// and its columns to theirs by name (trimmed, regardless of case). Columns only the file has are
// added at the end of the sheet; sheets only the file has are added as new sheets. `replace`
// deletes a matched sheet's rows and inserts the file's; `append` adds them after the existing
// ones. Row indexes are stable ids, never reused: both modes number new rows from the sheet's
// next_row_index. Everything is one transaction; each touched sheet's version is bumped and its
// cache entry dropped after the commit. A preview reads the first rows and writes nothing.
import type { ReimportMode, ReimportPreviewResponse, ReimportSheetPreview } from '../../../shared/api/data-editor';
import type { Spreadsheet } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import { HttpError } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import type { SpreadsheetRef } from '../../access/rules';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';
import { storedTypes } from './columns';
import { dataRepo } from '../../data/spreadsheets/data-repo';
import { importLimits } from '../../sheets';
import { parseInWorker, type ImportInput, type SheetShape } from '../../sheets';
import { spreadsheetsRepo, type SheetRecord } from '../../data/spreadsheets/repo';
import { getSpreadsheet, IMPORT_BATCH_ROWS, type SheetSource } from './service';
import { sheetChanged } from '../../platform/cluster/sheet-changes';
import { crashPoint } from '../../crash-points';
import { importInterrupted, withJob, type Job } from '../jobs/service';

/** Rows of each sheet a preview shows. */
export const PREVIEW_ROWS = 5;
const MAX_REST_MS = 100;
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const key = (name: string) => name.trim().toLowerCase();

interface Plan {
  shape: SheetShape;
  /** The matched sheet, or null: added as a new sheet. */
  sheet: SheetRecord | null;
  /** The sheet's columns after the import (its own, then the file's new ones). */
  columns: string[];
  /** File column position → the sheet column it goes into. */
  target: string[];
  matchedColumns: string[];
  newColumns: string[];
  missingColumns: string[];
  rowsBefore: number;
  rowsAfter: number;
}

function plan(shape: SheetShape, sheet: SheetRecord | null, mode: ReimportMode): Plan {
  const own = sheet ? parseJson<string[]>(sheet.columns, []) : [];
  const byKey = new Map(own.map((c) => [key(c), c]));
  const columns = [...own];
  const target: string[] = [];
  const matchedColumns: string[] = [];
  const newColumns: string[] = [];
  for (const c of shape.columns) {
    const found = byKey.get(key(c));
    if (found !== undefined) {
      matchedColumns.push(found);
      target.push(found);
    } else {
      // headerNames made the file's names unique regardless of case; a new one is one name.
      byKey.set(key(c), c);
      columns.push(c);
      newColumns.push(c);
      target.push(c);
    }
  }
  const fileKeys = new Set(shape.columns.map(key));
  const missingColumns = own.filter((c) => !fileKeys.has(key(c)));
  const rowsBefore = sheet ? Number(sheet.row_count) : 0;
  const rowsAfter = mode === 'append' ? rowsBefore + shape.rowCount : shape.rowCount;
  return { shape, sheet, columns, target, matchedColumns, newColumns, missingColumns, rowsBefore, rowsAfter };
}

/** A file row (JSON keyed by the file's columns) keyed by the sheet's columns. */
function rekey(p: Plan, json: string): Record<string, unknown> {
  const row = JSON.parse(json) as Record<string, unknown>;
  const out: Record<string, unknown> = Object.create(null);
  p.shape.columns.forEach((c, i) => {
    out[p.target[i]!] = Object.hasOwn(row, c) ? row[c] : '';
  });
  return out;
}

async function plans(ctx: ServerContext, s: SpreadsheetRef, input: SheetSource, mode: ReimportMode) {
  const sheets = await spreadsheetsRepo(ctx.db).sheetsOf([s.id]);
  const byTitle = new Map(sheets.map((sh) => [key(sh.title), sh]));
  const list = input.sheets.map((shape) => plan(shape, byTitle.get(key(shape.title)) ?? null, mode));
  const matched = new Set(list.map((p) => p.sheet?.id).filter(Boolean));
  return { list, missing: sheets.filter((sh) => !matched.has(sh.id)) };
}

/** What the file would change, sheet by sheet; nothing is written. */
export async function previewReimport(ctx: ServerContext, s: SpreadsheetRef, input: SheetSource, mode: ReimportMode): Promise<ReimportPreviewResponse> {
  const { list, missing } = await plans(ctx, s, input, mode);
  const samples: Record<string, unknown>[][] = list.map(() => []);
  // Batches come sheet by sheet: read until every sheet has its sample (or the file ends).
  for (let batch = await input.next(); batch; batch = await input.next()) {
    const p = list[batch.sheet]!;
    const sample = samples[batch.sheet]!;
    for (const json of batch.json) {
      if (sample.length >= PREVIEW_ROWS) break;
      sample.push({ ...rekey(p, json) });
    }
    if (list.every((q, i) => samples[i]!.length >= Math.min(PREVIEW_ROWS, q.shape.rowCount))) break;
  }
  const sheets: ReimportSheetPreview[] = list.map((p, i) => ({
    title: p.sheet?.title ?? p.shape.title,
    status: p.sheet ? 'matched' : 'new',
    matchedColumns: p.matchedColumns,
    newColumns: p.newColumns,
    missingColumns: p.missingColumns,
    rowsBefore: p.rowsBefore,
    rowsAfter: p.rowsAfter,
    sample: samples[i]!,
  }));
  for (const sh of missing) {
    const rows = Number(sh.row_count);
    sheets.push({ title: sh.title, status: 'missing', matchedColumns: [], newColumns: [], missingColumns: [], rowsBefore: rows, rowsAfter: rows, sample: [] });
  }
  return { mode, sheets };
}

/** Writes the file into the spreadsheet (see the top of this file); the spreadsheet afterwards. */
export async function applyReimport(ctx: ServerContext, s: SpreadsheetRef, input: SheetSource, mode: ReimportMode, job?: Job): Promise<Spreadsheet> {
  const { list } = await plans(ctx, s, input, mode);
  const now = nowIso();
  const touched: string[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const repo = dataRepo(trx, ctx.dialect);
      const sheetsRepo = spreadsheetsRepo(trx);
      let position = await repo.maxPosition(s.id);
      // Where each file sheet's rows go: its sheet id and the row index of its first row.
      const dest: { id: string; base: number }[] = [];
      for (const p of list) {
        if (p.sheet) {
          const sheet = p.sheet;
          const base = Number(sheet.next_row_index);
          if (mode === 'replace') await repo.deleteRows(sheet.id);
          const types = storedTypes(sheet, parseJson<string[]>(sheet.columns, []));
          await repo.setSheet(sheet.id, { columns: p.columns, column_types: types, row_count: p.rowsAfter, next_row_index: base + p.shape.rowCount, updated_at: now });
          dest.push({ id: sheet.id, base });
          touched.push(sheet.id);
        } else {
          const id = newId();
          position += 1;
          await sheetsRepo.insertSheet({
            id,
            spreadsheet_id: s.id,
            title: p.shape.title,
            position,
            columns: JSON.stringify(p.columns),
            row_count: p.shape.rowCount,
            version: 1,
            updated_at: now,
            next_row_index: p.shape.rowCount,
          });
          dest.push({ id, base: 0 });
        }
      }
      for (let batch = await input.next(); batch; batch = await input.next()) {
        const p = list[batch.sheet]!;
        const d = dest[batch.sheet]!;
        const began = performance.now();
        await sheetsRepo.insertRows(d.id, batch.json.map((json) => JSON.stringify(rekey(p, json))), d.base + batch.first);
        await crashPoint('reimport-batch');
        // Rest as long as the batch took (as a new import does), so other requests are answered.
        await rest(Math.min(MAX_REST_MS, performance.now() - began));
      }
      await job?.done(trx);
    });
  } finally {
    for (const id of touched) sheetChanged(ctx, id);
  }
  return getSpreadsheet(ctx, s);
}

/** Parses an uploaded file on the import worker, then previews or applies it. */
export const REIMPORT_GOOGLE_MESSAGE = 'This spreadsheet comes from Google Sheets, so a file cannot replace its rows. Change the sheet in Google Sheets, or import the file as a new spreadsheet.';

export async function reimportFile(
  ctx: ServerContext,
  s: SpreadsheetRef,
  file: ImportInput,
  filename: string,
  mode: ReimportMode,
  preview: boolean,
  userId: string,
): Promise<ReimportPreviewResponse | { spreadsheet: Spreadsheet }> {
  // A Google-fed spreadsheet's rows are the sheet's: a file would be overwritten by the next sync.
  if (await googleSourcesRepo(ctx.db).sourceOf(s.id)) throw new HttpError(409, REIMPORT_GOOGLE_MESSAGE, undefined, 'google_reimport');
  const parsed = await parseInWorker(file, filename, importLimits(ctx.config), { batchRows: IMPORT_BATCH_ROWS, readTimeoutMs: ctx.config.importReadTimeoutMs });
  try {
    if (preview) return await previewReimport(ctx, s, parsed, mode);
    // Under a job: a server stopped half-way leaves its owner a notice (the rows roll back).
    return { spreadsheet: await withJob(ctx, { kind: 'reimport', userId, message: importInterrupted(filename) }, (job) => applyReimport(ctx, s, parsed, mode, job)) };
  } finally {
    await parsed.close();
  }
}
