// A cached sheet as a file: the column store's typed arrays and dictionaries, the row ids and
// versions, every column's sort ranks and ascending order, written one after the other (each
// 8-byte aligned) behind a small JSON header; the search text in a second file, read on the
// first search. Reading one back is one sequential read and typed-array views over it: no JSON
// row is parsed, no value decoded until a page shows it. So a restarted server answers the first
// query on a 1,000,000-row sheet in a few hundred milliseconds instead of re-reading the rows.
//
// A file is named by sheet id and version: a sheet whose version moved on simply has no file for
// the new version (the rows are read from the database again, and a new file is written).
// Snapshots are derived data: deleting the folder only costs that one slower read per sheet.
import fs from 'node:fs';
import path from 'node:path';
import { cellOf, ColumnStore, Dictionary, Tag, type ColumnData } from './column-store';
import { computeRanks, entryOf, packRanks, searchTextOf, sortOrder, type CachedSheet, type SearchText } from './sheet-query';

export const MAGIC = 'SBSNAP04';

/** Where a section lies: its offset from the end of the header, and its length in bytes. */
export type At = [offset: number, bytes: number];

interface ColumnHeader {
  name: string;
  dictCount: number;
  tags: At;
  /** Absent: no cell is a number (the numbers are all zeros). */
  nums?: At;
  /** Absent: no text; 'identity': row i holds value i (a column of distinct values). */
  codes?: At | 'identity';
  dictOffsets: At;
  dictBlob: At;
}

export interface SnapshotHeader {
  sheetId: string;
  version: number;
  n: number;
  /** The sheet's columns (the store may hold more: keys rows had that the sheet does not list). */
  columns: string[];
  /** Absent: the ids are 0..n-1. */
  ids?: At;
  /** Absent: every row is at version 1. */
  versions?: At;
  store: ColumnHeader[];
  /** Columns whose ranks (32-bit) and ascending order are in the file. */
  sorted: { name: string; rank: At; order: At; desc: At }[];
}

/** What a snapshot is made of: the header's numbers and the arrays, in file order. */
export interface SnapshotParts {
  sheetId: string;
  version: number;
  columns: string[];
  ids: Float64Array;
  versions: Uint32Array;
  store: { name: string; tags: Uint8Array; nums: Float64Array; codes: Uint32Array; dictBlob: Uint8Array; dictOffsets: Uint32Array }[];
}

export function snapshotFile(dir: string, sheetId: string, version: number): string {
  return path.join(dir, `${sheetId}.${version}.snap`);
}

export function textFile(dir: string, sheetId: string, version: number): string {
  return path.join(dir, `${sheetId}.${version}.text`);
}

/** Copies of an entry's arrays (exactly its rows), ready to hand to the writer thread. */
export function partsOf(entry: CachedSheet): SnapshotParts {
  const { store } = entry;
  const n = store.length;
  return {
    sheetId: entry.sheetId,
    version: entry.version,
    columns: [...entry.columns],
    ids: Float64Array.from(entry.ids),
    versions: Uint32Array.from(entry.versions),
    store: store.names.map((name) => {
      const col = store.column(name)!;
      const dict = col.dict.encode();
      return {
        name,
        tags: col.tags.slice(0, n),
        nums: col.nums.slice(0, n),
        codes: col.codes.slice(0, n),
        dictBlob: new Uint8Array(dict.blob.buffer.slice(dict.blob.byteOffset, dict.blob.byteOffset + dict.blob.byteLength)),
        dictOffsets: dict.offsets.slice(),
      };
    }),
  };
}

/** The transferable buffers of parts (what postMessage may move instead of copy). */
export function transferablesOf(parts: SnapshotParts): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (a: ArrayBufferView) => out.add(a.buffer as ArrayBuffer);
  add(parts.ids);
  add(parts.versions);
  for (const c of parts.store) [c.tags, c.nums, c.codes, c.dictBlob, c.dictOffsets].forEach(add);
  return [...out];
}

/** An entry over the parts' arrays (no copies). */
export function entryOfParts(parts: SnapshotParts): CachedSheet {
  const n = parts.ids.length;
  const cols: ColumnData[] = parts.store.map((c) => ({
    tags: c.tags,
    nums: c.nums,
    codes: c.codes,
    dict: new Dictionary([], Buffer.from(c.dictBlob.buffer, c.dictBlob.byteOffset, c.dictBlob.byteLength), c.dictOffsets),
  }));
  const store = new ColumnStore(
    parts.store.map((c) => c.name),
    n,
    cols,
  );
  return entryOf(parts.sheetId, parts.version, parts.columns, store, toArray(parts.ids), toArray(parts.versions));
}

/** A plain array of a typed one (Array.from walks an iterator: many times slower on a million). */
function toArray(a: Float64Array | Uint32Array): number[] {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  return out;
}

/** Sections start at multiples of 8 bytes (typed arrays are read in place). */
export const pad8 = (n: number) => (n + 7) & ~7;

const isIdentity = (a: ArrayLike<number>) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== i) return false;
  return true;
};

/**
 * The header of a snapshot of `parts` (`n` rows) but its sorted columns, `put` placing each array
 * in the file in the order the header names them (the two writers place the sections alike, so
 * their files are the same). Ids 0..n-1, rows all at version 1 and codes that are the identity are
 * not stored.
 */
export function headerOfParts(parts: SnapshotParts, n: number, put: (v: ArrayBufferView) => At): Omit<SnapshotHeader, 'sorted'> {
  return {
    sheetId: parts.sheetId,
    version: parts.version,
    n,
    columns: parts.columns,
    ...(isIdentity(parts.ids) ? {} : { ids: put(parts.ids) }),
    ...(parts.versions.every((v) => v === 1) ? {} : { versions: put(parts.versions) }),
    store: parts.store.map((c) => {
      const hasText = c.tags.includes(Tag.Text) || c.tags.includes(Tag.Json);
      return {
        name: c.name,
        dictCount: c.dictOffsets.length - 1,
        tags: put(c.tags),
        ...(c.tags.includes(Tag.Number) ? { nums: put(c.nums) } : {}),
        ...(hasText ? { codes: c.dictOffsets.length - 1 === n && isIdentity(c.codes) ? ('identity' as const) : put(c.codes) } : {}),
        dictOffsets: put(c.dictOffsets),
        dictBlob: put(c.dictBlob),
      };
    }),
  };
}

/**
 * Writes the snapshot of `parts` (computing every column's ranks and ascending order, and the
 * search text), each file to a temporary name first, then renamed: a reader never sees half a
 * file. Runs on the snapshot worker thread. Returns the ranks and orders it computed.
 */
export function writeSnapshot(dir: string, parts: SnapshotParts): { ranks: Map<string, Float64Array>; orders: Map<string, Uint32Array> } {
  const entry = entryOfParts(parts);
  const n = entry.store.length;
  const sorted = entry.columns.filter((c) => entry.store.column(c));
  const ranks = new Map<string, Float64Array>();
  const orders = new Map<string, Uint32Array>();
  for (const c of sorted) {
    const rank = computeRanks(entry.store, c);
    entry.ranks.set(c, rank);
    ranks.set(c, rank);
    orders.set(c, sortOrder(entry, c, 'asc'));
  }
  const sections: ArrayBufferView[] = [];
  let at = 0;
  const place = (v: ArrayBufferView): At => {
    sections.push(v);
    const where: At = [at, v.byteLength];
    at += pad8(v.byteLength);
    return where;
  };
  const header: SnapshotHeader = {
    ...headerOfParts(parts, n, place),
    // Fresh ranks are whole numbers: kept as 32 bits (empty cells as the largest), half the bytes.
    // Both directions: a first sort by a column reads its order and nothing else.
    sorted: sorted.map((c) => ({ name: c, rank: place(packRanks(ranks.get(c)!)), order: place(orders.get(c)!), desc: place(sortOrder(entry, c, 'desc')) })),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  fs.mkdirSync(dir, { recursive: true });
  writeSections(snapshotFile(dir, parts.sheetId, parts.version), headerBytes, sections);

  const text = searchTextOf(entry);
  let wide = false;
  for (let i = 0; i < text.haystack.length && !wide; i++) wide = text.haystack.charCodeAt(i) > 0xff;
  const hay = Buffer.from(text.haystack, wide ? 'utf16le' : 'latin1');
  const textHeader = Buffer.from(JSON.stringify({ sheetId: parts.sheetId, version: parts.version, n, encoding: wide ? 'utf16le' : 'latin1', length: text.haystack.length }), 'utf8');
  writeSections(textFile(dir, parts.sheetId, parts.version), textHeader, [text.offsets, text.charFreq, hay]);
  return { ranks, orders };
}

/** The start of a snapshot file: the magic, the header's length and the header, padded to 8 bytes. */
export function leadOf(header: Buffer): Buffer {
  const lead = Buffer.alloc(pad8(8 + 4 + header.length));
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(header.length, 8);
  header.copy(lead, 12);
  return lead;
}

function writeSections(file: string, header: Buffer, sections: ArrayBufferView[]): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, leadOf(header));
    const zeros = Buffer.alloc(8);
    for (const s of sections) {
      fs.writeSync(fd, new Uint8Array(s.buffer, s.byteOffset, s.byteLength));
      const rest = pad8(s.byteLength) - s.byteLength;
      if (rest > 0) fs.writeSync(fd, zeros, 0, rest);
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** Reads a file's header and hands out its sections in order, as views over one buffer. */
class SectionReader<H> {
  readonly header: H;
  private at: number;
  constructor(private readonly buf: Buffer) {
    if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a sheet snapshot');
    const len = buf.readUInt32LE(8);
    this.header = JSON.parse(buf.toString('utf8', 12, 12 + len)) as H;
    this.at = pad8(12 + len);
  }
  take<T>(make: new (b: ArrayBuffer, o: number, n: number) => T, count: number, size: number): T {
    const bytes = count * size;
    if (this.at + bytes > this.buf.length) throw new Error('sheet snapshot cut short');
    const view = new make(this.buf.buffer as ArrayBuffer, this.buf.byteOffset + this.at, count);
    this.at += pad8(bytes);
    return view;
  }
}


/** Closes a snapshot's file once the entry reading it lazily is gone. */
const openFiles = new FinalizationRegistry<number>((fd) => fs.close(fd, () => {}));

/** `bytes` bytes at `position` of an open file, in a buffer of their own (8-aligned for typed arrays). */
function readAt(fd: number, position: number, bytes: number): Buffer {
  // Not zero-filled first (it is read over at once); its own ArrayBuffer, so 8-aligned.
  const buf = Buffer.allocUnsafeSlow(bytes);
  let got = 0;
  while (got < bytes) {
    const n = fs.readSync(fd, buf, got, bytes - got, position + got);
    if (n === 0) throw new Error('sheet snapshot cut short');
    got += n;
  }
  return buf;
}

/** One scratch buffer for the small reads of single cells and dictionary bounds (8 bytes at most). */
const scratch = Buffer.alloc(8);

/** `bytes` (≤ 8) bytes at `position` into the scratch buffer. */
function readSmall(fd: number, position: number, bytes: number): Buffer {
  if (fs.readSync(fd, scratch, 0, bytes, position) !== bytes) throw new Error('sheet snapshot cut short');
  return scratch;
}

function view<T>(make: new (b: ArrayBuffer, o: number, n: number) => T, buf: Buffer, size: number): T {
  return new make(buf.buffer as ArrayBuffer, buf.byteOffset, buf.byteLength / size);
}

/**
 * A snapshot of exactly this version as a cache entry, or null when there is none. Only the
 * header (and ids and versions, when they are not simply 0..n-1 and 1) is read now: each
 * column's arrays when a query first touches the column, each column's ranks and order when it is
 * first sorted. A first page so reads the columns it shows and sorts by, not the whole sheet.
 */
export async function readSnapshot(dir: string, sheetId: string, version: number): Promise<CachedSheet | null> {
  let fd: number;
  try {
    // A plain descriptor (a FileHandle would close itself when collected, under the views).
    fd = await new Promise<number>((resolve, reject) => fs.open(snapshotFile(dir, sheetId, version), 'r', (err, d) => (err ? reject(err) : resolve(d))));
  } catch {
    return null;
  }
  let handed = false;
  try {
    const lead = readAt(fd, 0, 12);
    if (lead.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a sheet snapshot');
    const len = lead.readUInt32LE(8);
    const h = JSON.parse(readAt(fd, 12, len).toString('utf8')) as SnapshotHeader;
    if (h.sheetId !== sheetId || h.version !== version) return null;
    const base = pad8(12 + len);
    const at = (a: At) => readAt(fd, base + a[0], a[1]);
    const n = h.n;
    const ids = h.ids ? toArray(view(Float64Array, at(h.ids), 8)) : undefined;
    const versions = h.versions ? toArray(view(Uint32Array, at(h.versions), 4)) : undefined;
    // One dictionary per column, made on first use and shared by single cells and the whole column.
    const dicts: (Dictionary | undefined)[] = [];
    const dictOf = (c: number): Dictionary => {
      const ch = h.store[c]!;
      return (dicts[c] ??= new Dictionary([], null, null, {
        count: ch.dictCount,
        one: (code) => {
          const bounds = readSmall(fd, base + ch.dictOffsets[0] + code * 4, 8);
          const from = bounds.readUInt32LE(0);
          const to = bounds.readUInt32LE(4);
          return readAt(fd, base + ch.dictBlob[0] + from, to - from).toString('utf8');
        },
        all: () => ({ blob: at(ch.dictBlob), offsets: view(Uint32Array, at(ch.dictOffsets), 4) }),
      }));
    };
    const load = (c: number): ColumnData => {
      const ch = h.store[c]!;
      let codes: Uint32Array;
      if (ch.codes === 'identity') {
        codes = new Uint32Array(n);
        for (let i = 0; i < n; i++) codes[i] = i;
      } else codes = ch.codes ? view(Uint32Array, at(ch.codes), 4) : new Uint32Array(n);
      return {
        tags: view(Uint8Array, at(ch.tags), 1),
        // Absent arrays are zeros no cell reads: fresh zeroed memory costs nothing until written.
        nums: ch.nums ? view(Float64Array, at(ch.nums), 8) : new Float64Array(n),
        codes,
        // The dictionary stays in the file until a pass needs all of it: a page reads its values one by one.
        dict: dictOf(c),
      };
    };
    // One cell of a column not read yet: its tag, then its number or its dictionary code.
    const peek = (c: number, i: number): unknown => {
      const ch = h.store[c]!;
      const tag = readSmall(fd, base + ch.tags[0] + i, 1)[0]!;
      const num = tag === Tag.Number && ch.nums ? readSmall(fd, base + ch.nums[0] + i * 8, 8).readDoubleLE(0) : 0;
      const code = (tag === Tag.Text || tag === Tag.Json) && ch.codes ? (ch.codes === 'identity' ? i : readSmall(fd, base + ch.codes[0] + i * 4, 4).readUInt32LE(0)) : 0;
      return cellOf(tag, num, code, dictOf(c));
    };
    const store = new ColumnStore(
      h.store.map((c) => c.name),
      n,
      h.store.map(() => null),
      load,
      peek,
    );
    const entry = entryOf(sheetId, version, h.columns, store, ids, versions);
    entry.packedRanks = new Map();
    entry.snapshotSorted = new Map(
      h.sorted.map((x) => [
        x.name,
        { rank: () => view(Uint32Array, at(x.rank), 4), asc: () => view(Uint32Array, at(x.order), 4), desc: () => view(Uint32Array, at(x.desc), 4) },
      ]),
    );
    // What the entry will hold once every column is read (the cache counts it whole from the start).
    let size = base;
    for (const c of h.store) size += c.tags[1] + (c.nums?.[1] ?? n * 8) + (Array.isArray(c.codes) ? c.codes[1] : n * 4) + c.dictOffsets[1] + c.dictBlob[1] * 3;
    entry.bytes = 1024 + size + n * 16;
    entry.loadText = () => readText(dir, sheetId, version, n);
    openFiles.register(entry, fd);
    handed = true;
    return entry;
  } finally {
    if (!handed) fs.close(fd, () => {});
  }
}

/** The search text of a snapshot (read on the first search), or null: it is then built from the rows. */
function readText(dir: string, sheetId: string, version: number, n: number): SearchText | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(textFile(dir, sheetId, version));
    if (buf.byteOffset % 8 !== 0) buf = Buffer.from(buf);
  } catch {
    return null;
  }
  const r = new SectionReader<{ sheetId: string; version: number; n: number; encoding: 'latin1' | 'utf16le'; length: number }>(buf);
  const h = r.header;
  if (h.sheetId !== sheetId || h.version !== version || h.n !== n) return null;
  const offsets = r.take(Uint32Array, n + 1, 4);
  const charFreq = r.take(Uint32Array, 65536, 4);
  const size = h.encoding === 'utf16le' ? h.length * 2 : h.length;
  const hay = r.take(Uint8Array, size, 1);
  const haystack = Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).toString(h.encoding);
  // Copies: the file's buffer need not stay alive for them.
  return { haystack, offsets: offsets.slice(), charFreq: charFreq.slice() };
}

/** Deletes every snapshot of a sheet but `keep` (its version just written), or all of them. */
export async function removeSnapshots(dir: string, sheetId: string, keep?: number): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  const prefix = `${sheetId}.`;
  await Promise.all(
    names
      .filter((f) => f.startsWith(prefix) && (keep === undefined || !f.startsWith(`${prefix}${keep}.`)))
      .filter((f) => /^\d+\.(snap|text)$/.test(f.slice(prefix.length)))
      .map((f) => fs.promises.rm(path.join(dir, f), { force: true })),
  );
}
