// The import worker's side (see import-worker.ts for the protocol): reads the file, answers
// with the sheets' titles, columns and row counts (or the error a direct parse would throw), then
// hands over rows as stored JSON text, one batch each time the server asks for the next.
// A CSV is read twice from its file (its shape, then its rows batch by batch), so the worker
// holds one batch of rows, not the file; an XLSX (capped far lower) is read whole by exceljs.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PREVIEW_ROWS } from '../../shared/api/spreadsheets';
import { GUESS_SAMPLE, guessColumnType } from '../../shared/rows/column-types';
import { badRequest, HttpError } from '../errors';
import {
  bufferSource,
  csvRowBatches,
  detectFormat,
  fileSource,
  headOf,
  MESSAGES,
  parseXlsx,
  rowJsonOf,
  scanCsv,
  titleFromName,
  type ByteSource,
  type Cell,
  type ImportLimits,
} from './import-file';
import type { FromWorker, ImportWorkerData } from './import-worker';
import type { CsvDelimiter, TextEncoding } from '../../shared/api/spreadsheets';

const port = parentPort!;
const data = workerData as ImportWorkerData;
const send = (m: FromWorker) => port.postMessage(m);

/**
 * On Linux a thread has its own priority: this one yields the CPU to the server's thread (requests)
 * when both want it, so an import is what slows down on a busy machine. Elsewhere the call would
 * lower the whole server's priority, so it is not made there.
 */
function lowerPriority() {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, 10);
  } catch {
    // Not allowed here: parse at the usual priority.
  }
}

/** A sheet as read: its shape, its first rows, and its rows batch by batch. */
interface ReadSheet {
  title: string;
  columns: string[];
  rowCount: number;
  sample: Cell[][];
  batches: () => Iterator<Cell[][]>;
}

interface Read {
  encoding: TextEncoding | null;
  delimiter: CsvDelimiter | null;
  header: boolean;
  sheets: ReadSheet[];
}

async function read(src: ByteSource): Promise<Read> {
  const limits = data.limits as ImportLimits;
  const header = data.options.header ?? true;
  const head = headOf(src, 8192);
  if (head.length === 0) throw badRequest(MESSAGES.empty);
  if (detectFormat(head, data.filename) === 'xlsx') {
    const buf = data.path ? fs.readFileSync(data.path) : Buffer.from(data.file!.buffer, data.file!.byteOffset, data.file!.byteLength);
    const sheets = await parseXlsx(buf, limits, header);
    if (sheets.length === 0) throw badRequest(MESSAGES.empty);
    return {
      encoding: null,
      delimiter: null,
      header,
      sheets: sheets.map((s) => ({
        title: s.title,
        columns: s.columns,
        rowCount: s.rows.length,
        sample: s.rows.slice(0, GUESS_SAMPLE),
        batches: function* () {
          for (let at = 0; at < s.rows.length; at += data.batchRows) yield s.rows.slice(at, at + data.batchRows);
          s.rows = []; // handed over: let it go
        },
      })),
    };
  }
  const plan = scanCsv(src, titleFromName(data.filename), limits, data.options);
  return {
    encoding: plan.dialect.encoding,
    delimiter: plan.dialect.delimiter,
    header,
    sheets: [{ title: plan.title, columns: plan.columns, rowCount: plan.rowCount, sample: plan.sample, batches: () => csvRowBatches(src, plan, data.batchRows) }],
  };
}

async function main() {
  lowerPriority();
  const src = data.path ? fileSource(data.path) : bufferSource(data.file!);
  let file: Read;
  try {
    file = await read(src);
  } catch (e) {
    if (e instanceof HttpError) send({ type: 'refused', status: e.status, message: e.message, issues: e.issues, code: e.code });
    else send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    return;
  }
  const sheets = file.sheets;
  const types = sheets.map((s) => s.columns.map((_, c) => guessColumnType(s.sample.map((r) => r[c]))));
  if (data.mode === 'preview') {
    send({
      type: 'preview',
      preview: {
        encoding: file.encoding,
        delimiter: file.delimiter,
        header: file.header,
        sheets: sheets.map((s, i) => ({
          title: s.title,
          columns: s.columns.map((name, c) => ({ name, type: types[i]![c]! })),
          rows: s.sample.slice(0, PREVIEW_ROWS),
          row_count: s.rowCount,
        })),
      },
    });
    return;
  }
  send({
    type: 'sheets',
    sheets: sheets.map((s, i) => ({
      title: s.title,
      columns: s.columns,
      rowCount: s.rowCount,
      columnTypes: Object.fromEntries(s.columns.map((c, j) => [c, types[i]![j]!])),
    })),
  });
  let sheet = 0;
  let at = 0;
  let batches: Iterator<Cell[][]> | null = null;
  port.on('message', () => {
    try {
      for (;;) {
        const s = sheets[sheet];
        if (!s) {
          send({ type: 'end' });
          return;
        }
        batches ??= s.batches();
        const next = batches.next();
        if (next.done) {
          sheet++;
          at = 0;
          batches = null;
          continue;
        }
        const toJson = rowJsonOf(s.columns);
        const rows = next.value;
        const json = new Array<string>(rows.length);
        for (let r = 0; r < rows.length; r++) json[r] = toJson(rows[r]!);
        send({ type: 'rows', sheet, first: at, json });
        at += rows.length;
        return;
      }
    } catch (e) {
      // The file changed under the worker (it is the server's own temp file: a bug), or a read failed.
      send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}

void main();
