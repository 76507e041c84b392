// Parses an uploaded file on a worker thread, so a 1,000,000-row import does not hold every other
// request while papaparse or exceljs run (seconds of CPU). The protocol is pull-based:
//   worker → 'sheets' (titles, columns, row counts) or 'refused' (the same 400 a direct parse
//            throws: message, issues) or 'failed' (a bug: 500);
//   server → a message for each next batch; worker → 'rows' (one batch of one sheet, as the JSON
//            text stored in sheet_rows) … then 'end'.
// Asking for batches one at a time keeps the server's share of the work in small steps (a batch
// is deserialised and inserted, then the next is asked for) and leaves the rest in the worker.
// A worker lives for one import and is terminated when it ends, fails or is abandoned.
// A preview ('preview' mode) answers 'preview' (the first rows, types, how the text was read)
// instead of 'sheets', and its worker is stopped right after.
import type { Worker } from 'node:worker_threads';
import type { ImportPreviewResponse } from '../../shared/api/spreadsheets';
import type { ColumnTypes } from '../../shared/rows/column-types';
import { badRequest, HttpError, type Issue } from '../errors';
import { startThread } from '../threads';
import { MESSAGES, type ImportLimits, type ReadOptions } from './import-file';

export interface ImportWorkerData {
  /** The TypeScript module the boot file loads (import-worker-thread.ts). */
  entry: string;
  /** The file in memory, or `path`: a file the worker reads itself (an upload saved to disk). */
  file?: Uint8Array;
  path?: string;
  filename: string;
  limits: ImportLimits;
  batchRows: number;
  options: ReadOptions;
  mode: 'import' | 'preview';
}

export interface SheetShape {
  title: string;
  columns: string[];
  rowCount: number;
  /** Guessed from the values (the owner's choices are laid over them by the service). */
  columnTypes?: ColumnTypes;
}

/** Rows `first` … `first + json.length - 1` of sheet number `sheet`. */
export interface RowBatch {
  sheet: number;
  first: number;
  json: string[];
}

export type FromWorker =
  | { type: 'sheets'; sheets: SheetShape[] }
  | { type: 'preview'; preview: ImportPreviewResponse }
  | { type: 'refused'; status: number; message: string; issues?: Issue[]; code?: string }
  | { type: 'failed'; message: string }
  | ({ type: 'rows' } & RowBatch)
  | { type: 'end' };

export interface ParsedInWorker {
  sheets: SheetShape[];
  /** The next batch, or null after the last one. */
  next(): Promise<RowBatch | null>;
  /** Stops the worker (idempotent); call it whatever happened. */
  close(): Promise<void>;
}

const ENTRY = new URL('./import-worker-thread.ts', import.meta.url);

/** Workers not yet exited (tests check that none is left behind). */
const live = new Set<Worker>();
export function liveImportWorkers(): number {
  return live.size;
}

/** What a worker reads: bytes in memory, or a file on disk (which it reads in steps). */
export type ImportInput = Buffer | { path: string };

/** A running worker: its messages in arrival order, and what stops it. */
function startWorker(input: ImportInput, filename: string, limits: ImportLimits, batchRows: number, options: ReadOptions, mode: ImportWorkerData['mode']) {
  const file = Buffer.isBuffer(input) ? input : null;
  const data: ImportWorkerData = { entry: ENTRY.href, ...(file ? { file } : { path: (input as { path: string }).path }), filename, limits, batchRows, options, mode };
  // A buffer that owns its whole memory (an upload's, past a few KB) moves to the worker instead
  // of being copied; a slice of Node's shared pool must be copied.
  const owned = file !== null && file.byteOffset === 0 && file.byteLength === file.buffer.byteLength && file.buffer instanceof ArrayBuffer;
  const worker = startThread(ENTRY, { workerData: data as unknown as Record<string, unknown>, transferList: owned ? [file.buffer as ArrayBuffer] : [] });
  live.add(worker);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      live.delete(worker);
      resolve();
    }),
  );
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await worker.terminate();
    }
    await exited;
  };

  // Messages and failures in arrival order; readers wait on `waiting`.
  const inbox: FromWorker[] = [];
  let failure: Error | null = null;
  let waiting: (() => void) | null = null;
  const wake = () => {
    const w = waiting;
    waiting = null;
    w?.();
  };
  worker.on('message', (m: FromWorker) => {
    inbox.push(m);
    wake();
  });
  worker.on('error', (e) => {
    failure ??= e;
    wake();
  });
  void exited.then(() => {
    failure ??= new Error('The import worker stopped before it finished');
    wake();
  });
  const receive = async (): Promise<FromWorker> => {
    for (;;) {
      const m = inbox.shift();
      if (m) return m;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  };

  /**
   * The worker's first answer, within `readTimeoutMs` (reading the file has a deadline: a worker
   * that never answers would hold the account's one import for good); a refusal is thrown as the
   * HttpError a direct parse throws.
   */
  const first = async (readTimeoutMs: number): Promise<FromWorker> => {
    const deadline = setTimeout(() => {
      failure ??= badRequest(MESSAGES.tooSlow(readTimeoutMs));
      wake();
    }, readTimeoutMs);
    const m = await receive().finally(() => clearTimeout(deadline));
    if (m.type === 'refused') throw new HttpError(m.status, m.message, m.issues, m.code);
    if (m.type === 'failed') throw new Error(`The import worker failed: ${m.message}`);
    return m;
  };
  return { worker, close, receive, first };
}

/**
 * Starts a worker on `file` and resolves once it has parsed it: with the sheets' shapes and a
 * reader of their rows, or rejects with the HttpError a direct parse would throw, or a 400 after
 * `readTimeoutMs` (the worker is then already stopped). `file` is moved to the worker when it
 * owns its memory: do not use it afterwards.
 */
export async function parseInWorker(
  file: ImportInput,
  filename: string,
  limits: ImportLimits,
  options: { batchRows: number; readTimeoutMs: number; read?: ReadOptions },
): Promise<ParsedInWorker> {
  const { worker, close, receive, first: firstAnswer } = startWorker(file, filename, limits, options.batchRows, options.read ?? {}, 'import');
  try {
    const first = await firstAnswer(options.readTimeoutMs);
    if (first.type !== 'sheets') throw new Error(`Unexpected message from the import worker: ${first.type}`);
    let ended = false;
    // One batch asked for ahead: the worker builds it while the server stores the last one.
    let pending = false;
    const ask = () => {
      if (!ended && !pending) {
        worker.postMessage('next');
        pending = true;
      }
    };
    ask();
    return {
      sheets: first.sheets,
      async next() {
        if (ended) return null;
        const m = await receive();
        pending = false;
        if (m.type === 'end') {
          ended = true;
          await close();
          return null;
        }
        if (m.type !== 'rows') throw new Error(`Unexpected message from the import worker: ${m.type}`);
        ask();
        return { sheet: m.sheet, first: m.first, json: m.json };
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** What importing `file` would give (its first rows, guessed types, how its text is read), read on a worker. */
export async function previewInWorker(
  file: ImportInput,
  filename: string,
  limits: ImportLimits,
  options: { readTimeoutMs: number; read?: ReadOptions },
): Promise<ImportPreviewResponse> {
  const { close, first } = startWorker(file, filename, limits, 0, options.read ?? {}, 'preview');
  try {
    const m = await first(options.readTimeoutMs);
    if (m.type !== 'preview') throw new Error(`Unexpected message from the import worker: ${m.type}`);
    return m.preview;
  } finally {
    await close();
  }
}
