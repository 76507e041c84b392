// A sheet's rows held by column rather than as one object per row: per column a tag per row
// (what kind of value it holds), numbers in a Float64Array, and text as codes into a dictionary
// of distinct values. A 1,000,000-row sheet so takes a few typed arrays instead of a million
// objects; it is written to and read from a snapshot file as those same arrays (sheet-snapshot.ts),
// so a restart does not parse every JSON row again. Dictionary text is decoded on first use,
// value by value, so a sheet read from a snapshot answers its first page before it has decoded
// a million e-mail addresses. Rows are materialised one at a time for the wire (`row(i)`).
/** A sheet row as its JSON holds it: column name → value. */
export type Row = Record<string, unknown>;

/** What a cell holds. A row without the key is MISSING (its object has no such key). */
export const enum Tag {
  Missing = 0,
  Null = 1,
  Number = 2,
  True = 3,
  False = 4,
  Text = 5,
  /** Objects and arrays, kept as their JSON text. */
  Json = 6,
}

/** A dictionary still in its file: its size, single values, and the whole of it. */
export interface DictionarySource {
  count: number;
  one(code: number): string;
  all(): { blob: Buffer; offsets: Uint32Array };
}

/** Cells of a column still in its file read one by one before the column is read whole. */
const PEEKS_PER_COLUMN = 4096;

/** From this many values, new ones are added without looking for an equal one first. */
const BIG_DICTIONARY = 65_536;

/** Values read one by one from the file before the whole dictionary is read instead. */
const SINGLE_READS = 2000;

/** Distinct text values of a column, appended to, never reordered (codes are indexes). */
export class Dictionary {
  private decoded: (string | undefined)[];
  private index: Map<string, number> | null = null;
  private count: number;
  private singles = 0;

  /**
   * `blob` + `offsets`: UTF-8 values read from a snapshot, decoded one by one on first use;
   * `source`: a snapshot's dictionary not read yet (a page reads its few values one by one).
   */
  constructor(
    values: string[] = [],
    private blob: Buffer | null = null,
    private offsets: Uint32Array | null = null,
    private source: DictionarySource | null = null,
  ) {
    this.count = source ? source.count : offsets ? offsets.length - 1 : values.length;
    // A dictionary still in its file starts sparse: a page decodes a few of a million values.
    this.decoded = offsets ? new Array<string | undefined>(this.count) : source ? [] : values;
  }

  private whole(): void {
    if (this.blob || !this.source) return;
    const { blob, offsets } = this.source.all();
    this.blob = blob;
    this.offsets = offsets;
    this.source = null;
    // Dense from now on; values decoded so far (and any added since) carry over.
    const sparse = this.decoded;
    this.decoded = new Array<string | undefined>(this.count);
    for (const k of Object.keys(sparse)) this.decoded[Number(k)] = sparse[Number(k)];
  }

  get size(): number {
    return this.count;
  }

  value(code: number): string {
    const hit = this.decoded[code];
    if (hit !== undefined) return hit;
    if (!this.blob && this.source) {
      if (++this.singles <= SINGLE_READS) {
        const one = this.source.one(code);
        this.decoded[code] = one;
        return one;
      }
      this.whole();
    }
    const text = this.blob!.toString('utf8', this.offsets![code], this.offsets![code + 1]);
    this.decoded[code] = text;
    return text;
  }

  codeOf(text: string): number {
    if (!this.index && this.count > BIG_DICTIONARY) {
      // A column of (nearly) all-distinct values (e-mails, ids): a new value is simply added.
      // Building the index would decode and hold every value for one form submit; a repeated
      // value is harmless (equal texts rank and search alike).
      const code = this.count++;
      this.decoded[code] = text;
      return code;
    }
    if (!this.index) {
      this.index = new Map();
      for (let i = 0; i < this.count; i++) if (!this.index.has(this.value(i))) this.index.set(this.value(i), i);
    }
    let code = this.index.get(text);
    if (code === undefined) {
      code = this.count++;
      this.decoded[code] = text;
      this.index.set(text, code);
    }
    return code;
  }

  /** Every value, as UTF-8 bytes and their starts (a snapshot's form). */
  encode(): { blob: Buffer; offsets: Uint32Array } {
    this.whole();
    if (this.blob && this.offsets && this.offsets.length - 1 === this.count) return { blob: this.blob, offsets: this.offsets };
    // One join and one encoding of it: a million values cost two passes, not a million buffers.
    const values = new Array<string>(this.count);
    const offsets = new Uint32Array(this.count + 1);
    let at = 0;
    for (let i = 0; i < this.count; i++) {
      const v = this.value(i);
      values[i] = v;
      at += Buffer.byteLength(v, 'utf8');
      offsets[i + 1] = at;
    }
    return { blob: Buffer.from(values.join(''), 'utf8'), offsets };
  }

  /** Rough bytes held: the text (twice: UTF-16 and UTF-8 forms at worst) and the index. */
  get bytes(): number {
    const text = this.blob ? this.blob.length * 3 : this.count * 40;
    return text + this.count * 16 + (this.index ? this.count * 40 : 0);
  }
}

/** One column: tags, and numbers / dictionary codes where the tag says so. */
export interface ColumnData {
  tags: Uint8Array;
  nums: Float64Array;
  codes: Uint32Array;
  dict: Dictionary;
}

function grow<T extends Uint8Array | Uint32Array | Float64Array>(a: T, cap: number): T {
  const out = new (a.constructor as new (n: number) => T)(cap);
  out.set(a.subarray(0, Math.min(a.length, cap)) as never);
  return out;
}

export class ColumnStore {
  /** Column names in order: the sheet's, then keys rows held that the sheet does not list. */
  readonly names: string[];
  private index = new Map<string, number>();
  /** null: not read yet (a snapshot's column is read on first use, by `loadColumn`). */
  private cols: (ColumnData | null)[];
  private n: number;
  private cap: number;

  /** Cells of each column not read yet that were read one by one (peekCell). */
  private peeks: number[] = [];

  /**
   * `loadColumn` reads a column not in memory yet (`cols[c]` null) whole; `peekCell` reads one of
   * its cells (undefined: the row has no such key), so a page of 50 rows does not read every
   * column of a million rows. After PEEKS_PER_COLUMN cells a column is read whole instead.
   */
  constructor(
    names: string[],
    n: number,
    cols?: (ColumnData | null)[],
    private readonly loadColumn?: (c: number) => ColumnData,
    private readonly peekCell?: (c: number, i: number) => unknown,
  ) {
    this.names = [...names];
    this.n = n;
    this.cap = Math.max(n, 16);
    this.cols = cols ?? names.map(() => this.emptyColumn(this.cap));
    if (cols) this.cap = n;
    this.names.forEach((name, c) => this.index.set(name, c));
  }

  private colAt(c: number): ColumnData {
    let col = this.cols[c];
    if (!col) {
      col = this.loadColumn!(c);
      this.cols[c] = col;
    }
    return col;
  }

  static fromRows(columns: readonly string[], rows: readonly Row[]): ColumnStore {
    const names = [...columns];
    const known = new Set(names);
    for (const row of rows)
      for (const k in row)
        if (!known.has(k)) {
          known.add(k);
          names.push(k);
        }
    const store = new ColumnStore(names, 0);
    store.ensure(rows.length);
    for (const row of rows) store.push(row);
    return store;
  }

  get length(): number {
    return this.n;
  }

  column(name: string): ColumnData | undefined {
    const c = this.index.get(name);
    return c === undefined ? undefined : this.colAt(c);
  }

  /** Whether a column's arrays are in memory (a snapshot's are read on first use). */
  loaded(name: string): boolean {
    const c = this.index.get(name);
    return c !== undefined && this.cols[c] !== null;
  }

  /** The value of row i in a column, as the row's JSON held it (undefined: no such key). */
  get(i: number, name: string): unknown {
    const c = this.index.get(name);
    return c === undefined ? undefined : this.cellAt(c, i);
  }

  /** Row i as an object (the shape rows had in the database). */
  row(i: number): Row {
    const out: Row = {};
    for (let c = 0; c < this.cols.length; c++) {
      const v = this.cellAt(c, i);
      if (v !== undefined) put(out, this.names[c]!, v);
    }
    return out;
  }

  /** Row i's cell of column c: from memory, or (a few thousand times per column) from the file. */
  private cellAt(c: number, i: number): unknown {
    const col = this.cols[c];
    if (col) return cell(col, i);
    if (this.peekCell && (this.peeks[c] ?? 0) < PEEKS_PER_COLUMN) {
      this.peeks[c] = (this.peeks[c] ?? 0) + 1;
      return this.peekCell(c, i);
    }
    return cell(this.colAt(c), i);
  }

  /**
   * A reader of rows that holds only `names`, into ONE object reused for every row: for passes over
   * every row (filters, charts) whose callers read the values at once and keep none of the objects.
   */
  reader(names: readonly string[]): (i: number) => Row {
    const wanted = [...new Set(names)].map((name) => ({ name, col: this.column(name) }));
    const into: Row = {};
    return (i) => {
      for (const w of wanted) {
        if (!w.col || w.col.tags[i] === Tag.Missing) {
          // A row without the key must not seem to have it (a filter tells the two apart): this
          // rare row gets an object of its own.
          const own: Row = {};
          for (const x of wanted) if (x.col && x.col.tags[i] !== Tag.Missing) put(own, x.name, cell(x.col, i));
          return own;
        }
        put(into, w.name, cell(w.col, i));
      }
      return into;
    };
  }

  push(row: Row): void {
    for (const k in row) if (!this.index.has(k)) this.addColumn(k);
    this.ensure(this.n + 1);
    this.write(this.n, row);
    this.n++;
  }

  set(i: number, row: Row): void {
    for (const k in row) if (!this.index.has(k)) this.addColumn(k);
    this.write(i, row);
  }

  remove(i: number): void {
    for (let c = 0; c < this.cols.length; c++) {
      const col = this.colAt(c);
      col.tags.copyWithin(i, i + 1, this.n);
      col.nums.copyWithin(i, i + 1, this.n);
      col.codes.copyWithin(i, i + 1, this.n);
    }
    this.n--;
  }

  /** Bytes held by the arrays and dictionaries. */
  get bytes(): number {
    let b = 0;
    for (const col of this.cols) if (col) b += col.tags.byteLength + col.nums.byteLength + col.codes.byteLength + col.dict.bytes;
    return b;
  }

  private ensure(size: number): void {
    if (size <= this.cap) return;
    const cap = Math.max(size, Math.ceil(this.cap * 1.5), 16);
    for (let c = 0; c < this.cols.length; c++) {
      const col = this.colAt(c);
      col.tags = grow(col.tags, cap);
      col.nums = grow(col.nums, cap);
      col.codes = grow(col.codes, cap);
    }
    this.cap = cap;
  }

  private emptyColumn(cap: number): ColumnData {
    return { tags: new Uint8Array(cap), nums: new Float64Array(cap), codes: new Uint32Array(cap), dict: new Dictionary() };
  }

  private addColumn(name: string): void {
    const col = this.emptyColumn(this.cap);
    this.names.push(name);
    this.cols.push(col);
    this.index.set(name, this.cols.length - 1);
  }

  private write(i: number, row: Row): void {
    for (let c = 0; c < this.cols.length; c++) {
      const col = this.colAt(c);
      const name = this.names[c]!;
      if (!Object.hasOwn(row, name)) {
        col.tags[i] = Tag.Missing;
        continue;
      }
      const v = row[name];
      if (v === null || v === undefined) col.tags[i] = Tag.Null;
      else if (typeof v === 'number') {
        col.tags[i] = Tag.Number;
        col.nums[i] = v;
      } else if (typeof v === 'boolean') col.tags[i] = v ? Tag.True : Tag.False;
      else if (typeof v === 'string') {
        col.tags[i] = Tag.Text;
        col.codes[i] = col.dict.codeOf(v);
      } else {
        col.tags[i] = Tag.Json;
        col.codes[i] = col.dict.codeOf(JSON.stringify(v));
      }
    }
  }
}

/** Sets a key as JSON.parse does: a column named `__proto__` is a key, not the prototype. */
function put(row: Row, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}

/** The value of row i in a column. */
export function cell(col: ColumnData, i: number): unknown {
  return cellOf(col.tags[i]!, col.nums[i]!, col.codes[i]!, col.dict);
}

/** A cell's value from its tag, number and dictionary code (undefined: the row has no such key). */
export function cellOf(tag: number, num: number, code: number, dict: Dictionary): unknown {
  switch (tag) {
    case Tag.Number:
      return num;
    case Tag.Text:
      return dict.value(code);
    case Tag.Null:
      return null;
    case Tag.True:
      return true;
    case Tag.False:
      return false;
    case Tag.Json:
      return JSON.parse(dict.value(code)) as unknown;
    default:
      return undefined;
  }
}
