// Writes a sheet's snapshot files (the format of sheet-snapshot.ts, read back by readSnapshot) in
// bounded memory, on the snapshot thread (snapshot-worker-thread.ts). What a 1,000,000-row sheet
// needs beyond the arrays it was handed:
// - one column's sort data at a time: its ranks, both orders and the packed ranks are computed,
//   written to the file at once, and only the ranks and ascending order kept (they go back to the
//   cache); the column's dictionary is decoded into a Dictionary of its own, dropped afterwards;
// - the search text in slices of 65,536 rows, each written as soon as it is built, instead of one
//   string of every row's text, a second copy of it as bytes, and a million row strings before it.
// The files are the same as sheet-snapshot.ts's writeSnapshot writes (the test compares them).
import fs from 'node:fs';
import { ColumnStore, Dictionary, type ColumnData } from './column-store';
import { computeRanks, entryOf, packRanks, sortOrder, storeRowText } from './sheet-query';
import { headerOfParts, leadOf, pad8, snapshotFile, textFile, type At, type SnapshotHeader, type SnapshotParts } from './sheet-snapshot';
import { crashPointSync } from '../crash-points';

/** Rows of search text built and written at a time. */
const TEXT_SLICE_ROWS = 65_536;

/** Room kept for the search text file's header, written last (once the text's length is known). */
const TEXT_HEADER_BYTES = 512;

export interface WrittenSorts {
  ranks: Map<string, Float64Array>;
  orders: Map<string, Uint32Array>;
}

/** A file written at known positions under a temporary name, renamed into place once complete. */
class PositionedFile {
  private readonly tmp: string;
  private readonly fd: number;
  constructor(private readonly file: string) {
    this.tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    this.fd = fs.openSync(this.tmp, 'w');
  }
  write(bytes: ArrayBufferView, position: number): void {
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let done = 0;
    while (done < view.length) done += fs.writeSync(this.fd, view, done, view.length - done, position + done);
  }
  /** Makes the file `bytes` long (the zeros between sections). */
  size(bytes: number): void {
    fs.ftruncateSync(this.fd, bytes);
  }
  finish(): void {
    // The crash tests kill the server here: a whole file under its temporary name, never renamed.
    crashPointSync('snapshot-write');
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    fs.renameSync(this.tmp, this.file);
  }
  abandon(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      /* closed */
    }
    fs.rmSync(this.tmp, { force: true });
  }
}

/** The lead of a file: magic, header length, header (padded with spaces to `room` bytes when given). */
function lead(header: object, room?: number): Buffer {
  let json = Buffer.from(JSON.stringify(header), 'utf8');
  if (room !== undefined) {
    if (json.length > room) throw new Error('snapshot header too long');
    json = Buffer.concat([json, Buffer.alloc(room - json.length, 0x20)]);
  }
  return leadOf(json);
}

/** A column's arrays over a dictionary of its own (decoded values live as long as it does). */
function columnOf(c: SnapshotParts['store'][number]): ColumnData {
  const blob = Buffer.from(c.dictBlob.buffer, c.dictBlob.byteOffset, c.dictBlob.byteLength);
  return { tags: c.tags, nums: c.nums, codes: c.codes, dict: new Dictionary([], blob, c.dictOffsets) };
}

/** A dictionary that decodes each value when asked and keeps none (the search text pass reads each row once). */
class PassingDictionary extends Dictionary {
  constructor(
    private readonly utf8: Buffer,
    private readonly ends: Uint32Array,
  ) {
    super();
  }
  override value(code: number): string {
    return this.utf8.toString('utf8', this.ends[code], this.ends[code + 1]);
  }
}

/**
 * Writes the snapshot of `parts` under `dir` (both files), computing each column's ranks and
 * orders and the search text as it goes. Returns the ranks and ascending orders it computed.
 */
export function writeSnapshotFiles(dir: string, parts: SnapshotParts, options: { sliceRows?: number } = {}): WrittenSorts {
  fs.mkdirSync(dir, { recursive: true });
  const sorts = writeSnap(dir, parts);
  writeText(dir, parts, options.sliceRows ?? TEXT_SLICE_ROWS);
  return sorts;
}

function writeSnap(dir: string, parts: SnapshotParts): WrittenSorts {
  const n = parts.ids.length;
  const byName = new Map(parts.store.map((c) => [c.name, c]));
  const sortedColumns = parts.columns.filter((c) => byName.has(c));
  // Where every section goes, in the order writeSnapshot places them.
  const sections: { at: At; data?: ArrayBufferView }[] = [];
  let end = 0;
  const place = (bytes: number, data?: ArrayBufferView): At => {
    const at: At = [end, bytes];
    sections.push({ at, data });
    end += pad8(bytes);
    return at;
  };
  const put = (v: ArrayBufferView) => place(v.byteLength, v);
  const sortedAt = new Map<string, { rank: At; order: At; desc: At }>();
  const header: SnapshotHeader = {
    ...headerOfParts(parts, n, put),
    sorted: sortedColumns.map((name) => {
      const at = { rank: place(n * 4), order: place(n * 4), desc: place(n * 4) };
      sortedAt.set(name, at);
      return { name, ...at };
    }),
  };
  const head = lead(header);
  const file = new PositionedFile(snapshotFile(dir, parts.sheetId, parts.version));
  try {
    file.size(head.length + end);
    file.write(head, 0);
    for (const s of sections) if (s.data) file.write(s.data, head.length + s.at[0]);
    const ranks = new Map<string, Float64Array>();
    const orders = new Map<string, Uint32Array>();
    for (const name of sortedColumns) {
      // The column alone, over a dictionary of its own: what ranking decodes goes with it.
      const entry = entryOf(parts.sheetId, parts.version, [name], new ColumnStore([name], n, [columnOf(byName.get(name)!)]), [], []);
      const rank = computeRanks(entry.store, name);
      entry.ranks.set(name, rank);
      const asc = sortOrder(entry, name, 'asc');
      const at = sortedAt.get(name)!;
      file.write(packRanks(rank), head.length + at.rank[0]);
      file.write(asc, head.length + at.order[0]);
      file.write(sortOrder(entry, name, 'desc'), head.length + at.desc[0]);
      ranks.set(name, rank);
      orders.set(name, asc);
    }
    file.finish();
    return { ranks, orders };
  } catch (e) {
    file.abandon();
    throw e;
  }
}

function writeText(dir: string, parts: SnapshotParts, sliceRows: number): void {
  const n = parts.ids.length;
  // Latin-1 unless a value holds a character past U+00FF (UTF-8 lead bytes 0xC4 and up): decided
  // before the first slice is written. Lowercasing keeps U+0000-U+00FF within it, and numbers and
  // booleans are ASCII.
  const wide = parts.store.some((c) => parts.columns.includes(c.name) && c.dictBlob.some((b) => b >= 0xc4));
  const encoding = wide ? 'utf16le' : 'latin1';
  const store = new ColumnStore(
    parts.store.map((c) => c.name),
    n,
    parts.store.map((c) => ({
      tags: c.tags,
      nums: c.nums,
      codes: c.codes,
      dict: new PassingDictionary(Buffer.from(c.dictBlob.buffer, c.dictBlob.byteOffset, c.dictBlob.byteLength), c.dictOffsets),
    })),
  );
  const offsets = new Uint32Array(n + 1);
  const charFreq = new Uint32Array(65536);
  const offsetsAt = pad8(12 + TEXT_HEADER_BYTES);
  const hayAt = offsetsAt + pad8(offsets.byteLength) + pad8(charFreq.byteLength);
  const file = new PositionedFile(textFile(dir, parts.sheetId, parts.version));
  try {
    // Distinct values are lowered once (as searchTextOf does), the memo emptied now and then.
    const lowered = parts.columns.map(() => new Map<unknown, string>());
    let chars = 0;
    let bytes = 0;
    for (let start = 0; start < n; start += sliceRows) {
      const stop = Math.min(n, start + sliceRows);
      const texts = new Array<string>(stop - start);
      for (let i = start; i < stop; i++) {
        const t = storeRowText(store, parts.columns, i, lowered);
        texts[i - start] = t;
        offsets[i] = chars;
        chars += t.length;
      }
      for (const m of lowered) if (m.size > 4096) m.clear();
      const slice = texts.join('');
      for (let k = 0; k < slice.length; k++) {
        const code = slice.charCodeAt(k);
        if (code > 0xff && !wide) throw new Error('search text wider than Latin-1');
        charFreq[code]!++;
      }
      const out = Buffer.from(slice, encoding);
      file.write(out, hayAt + bytes);
      bytes += out.length;
    }
    offsets[n] = chars;
    file.write(offsets, offsetsAt);
    file.write(charFreq, offsetsAt + pad8(offsets.byteLength));
    file.write(lead({ sheetId: parts.sheetId, version: parts.version, n, encoding, length: chars }, TEXT_HEADER_BYTES), 0);
    file.size(hayAt + pad8(bytes));
    file.finish();
  } catch (e) {
    file.abandon();
    throw e;
  }
}
