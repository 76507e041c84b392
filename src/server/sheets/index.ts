// The sheet engine's one public surface: what the rest of the server may use of it. Everything
// else under sheets/ is the engine's own (a test fails when a file outside imports past this one).
// The engine keeps sheets as typed columns in memory (column-store), answers queries with column
// masks (sheet-query), applies row writes as patches (sheet-patch), keeps big sheets in snapshot
// files (sheet-snapshot, snapshot-writer), and parses imported files on worker threads
// (import-file, import-worker).
export { ColumnStore } from './column-store';
export { type Cell, guessSheetTypes, headerNames, IMPORT_LIMITS, importLimits, type ImportLimits, inMemoryLimits, MESSAGES, type ParsedSheet, parseXlsx, type ReadOptions, rowJson, titleFromName } from './import-file';
export { type ImportInput, liveImportWorkers, parseInWorker, previewInWorker, type RowBatch, type SheetShape } from './import-worker';
export { type RowPatch, SheetCache } from './sheet-cache';
export { allOfMasks, type CachedSheet, columnFilterMask, filterMask, querySheet, type Row, type SheetRows } from './sheet-query';
