// Exporting a sheet as a CSV or XLSX file (issue 13). Rows are read in pages of EXPORT_PAGE_ROWS
// (keyset pages by row index) and written to the response stream page by page, with a pause between pages:
// a 1,000,000-row sheet never becomes one string or one workbook in memory, and other requests
// are answered meanwhile. CSV cells are defused against formula injection (blocks/cells/csv.ts);
// XLSX is exceljs' streaming writer, whose text cells are never formulas.
import { PassThrough, Readable } from 'node:stream';
import { csvField } from '../../../blocks/cells/csv';
import { cellText } from '../../../blocks/cells/cells';
import type { ServerContext } from '../../platform/context';
import { parseJson } from '../../http';
import { dataRepo } from '../../data/spreadsheets/data-repo';
import type { SheetRecord } from '../../data/spreadsheets/repo';

/** Rows read and written at a time: SQLite reads on this thread, so its pages are smaller. */
export const EXPORT_PAGE_ROWS = { sqlite: 1_000, postgres: 5_000 } as const;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

type Row = Record<string, unknown>;

/** The sheet's rows, page by page, in sheet order. */
async function* pages(ctx: ServerContext, sheetId: string): AsyncGenerator<Row[]> {
  const repo = dataRepo(ctx.db, ctx.dialect);
  const size = EXPORT_PAGE_ROWS[ctx.dialect];
  let after = -1;
  for (;;) {
    const page = await repo.rowsAfter(sheetId, after, size);
    if (page.length === 0) return;
    after = Number(page[page.length - 1]!.row_index);
    yield page.map((r) => parseJson<Row>(r.data, {}));
    if (page.length < size) return;
    await pause();
  }
}

/** RFC 4180 CSV with a UTF-8 BOM and CRLF lines, as the table's CSV download writes it. */
export function csvStream(ctx: ServerContext, sheet: SheetRecord): Readable {
  const columns = parseJson<string[]>(sheet.columns, []);
  async function* lines() {
    yield `\uFEFF${columns.map(csvField).join(',')}\r\n`;
    for await (const rows of pages(ctx, sheet.id)) {
      let chunk = '';
      for (const r of rows) chunk += `${columns.map((c) => csvField(r[c])).join(',')}\r\n`;
      yield chunk;
    }
  }
  return Readable.from(lines());
}

/** A value as an XLSX cell: numbers and booleans as such, everything else as its text. */
function xlsxCell(v: unknown): string | number | boolean {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return v;
  return cellText(v);
}

/** One worksheet named after the sheet, header row first, streamed. */
export function xlsxStream(ctx: ServerContext, sheet: SheetRecord): Readable {
  const out = new PassThrough();
  const columns = parseJson<string[]>(sheet.columns, []);
  void (async () => {
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ].
    const ws = wb.addWorksheet(sheet.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
    ws.addRow(columns).commit();
    for await (const rows of pages(ctx, sheet.id)) {
      // The download was cancelled: stop reading the sheet.
      if (out.destroyed) return;
      for (const r of rows) ws.addRow(columns.map((c) => xlsxCell(r[c]))).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => {
    ctx.log.warn({ err }, 'exporting a sheet as XLSX failed');
    out.destroy(err as Error);
  });
  return out;
}

/**
 * `attachment` with the file's name: an ASCII fallback (`filename`) and the exact name in UTF-8
 * (`filename*`, RFC 5987 / 6266). Path separators, quotes and control characters never reach either.
 */
export function contentDisposition(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = name.replace(/[\u0000-\u001f\u007f/\\"]/g, ' ').replace(/\s+/g, ' ').trim() || 'export';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/[;%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function exportName(spreadsheetTitle: string, sheetTitle: string, format: 'csv' | 'xlsx'): string {
  const base = spreadsheetTitle.trim() === sheetTitle.trim() ? sheetTitle : `${spreadsheetTitle} - ${sheetTitle}`;
  return `${base.slice(0, 150)}.${format}`;
}
