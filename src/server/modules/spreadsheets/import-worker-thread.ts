// The import worker's side (see import-worker.ts for the protocol): parses the file, answers
// with the sheets' titles, columns and row counts (or the error a direct parse would throw), then
// hands over rows as stored JSON text, one batch each time the server asks for the next.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PREVIEW_ROWS } from '../../../shared/api/spreadsheets';
import { HttpError } from '../../errors';
import { guessSheetTypes, readSpreadsheetFile, rowJson, type ImportLimits, type ParsedSheet, type ReadFile } from './import-file';
import type { FromWorker, ImportWorkerData } from './import-worker';

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

async function main() {
  lowerPriority();
  let read: ReadFile;
  try {
    const buf = Buffer.from(data.file.buffer, data.file.byteOffset, data.file.byteLength);
    read = await readSpreadsheetFile(buf, data.filename, data.limits as ImportLimits, data.options);
  } catch (e) {
    if (e instanceof HttpError) send({ type: 'refused', status: e.status, message: e.message, issues: e.issues, code: e.code });
    else send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    return;
  }
  const sheets: ParsedSheet[] = read.sheets;
  const types = sheets.map(guessSheetTypes);
  if (data.mode === 'preview') {
    const { encoding, delimiter, header } = read;
    send({
      type: 'preview',
      preview: {
        encoding,
        delimiter,
        header,
        sheets: sheets.map((s, i) => ({
          title: s.title,
          columns: s.columns.map((name, c) => ({ name, type: types[i]![c]! })),
          rows: s.rows.slice(0, PREVIEW_ROWS),
          row_count: s.rows.length,
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
      rowCount: s.rows.length,
      columnTypes: Object.fromEntries(s.columns.map((c, j) => [c, types[i]![j]!])),
    })),
  });
  let sheet = 0;
  let at = 0;
  port.on('message', () => {
    while (sheet < sheets.length && at >= sheets[sheet]!.rows.length) {
      sheets[sheet]!.rows = []; // handed over: let it go
      sheet++;
      at = 0;
    }
    const s = sheets[sheet];
    if (!s) {
      send({ type: 'end' });
      return;
    }
    const end = Math.min(at + data.batchRows, s.rows.length);
    const json = new Array<string>(end - at);
    for (let r = at; r < end; r++) json[r - at] = rowJson(s.columns, s.rows[r]!);
    send({ type: 'rows', sheet, first: at, json });
    at = end;
  });
}

void main();
