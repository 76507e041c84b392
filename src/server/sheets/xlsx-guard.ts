// Sizes an XLSX before exceljs opens it. exceljs inflates every part of the zip into memory and
// builds an object per cell (about 360 bytes each), so a small file can ask for gigabytes: a
// zip bomb, or a sheet of millions of cells. This reads the zip's central directory with
// node:zlib, inflates each part as a stream against a byte budget and counts the cells of the
// worksheets, stopping as soon as a limit is passed.
import zlib from 'node:zlib';

export interface XlsxSize {
  unzippedBytes: number;
  cells: number;
}

export class XlsxTooBig extends Error {
  constructor(readonly what: 'bytes' | 'cells') {
    super(what);
  }
}

export class XlsxUnreadable extends Error {}

interface Entry {
  name: string;
  method: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function entries(buf: Buffer): Entry[] {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxUnreadable('no central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new XlsxUnreadable('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new XlsxUnreadable('bad local header');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw new XlsxUnreadable('truncated');
    out.push({ name, method, data: buf.subarray(start, start + compressed) });
  }
  return out;
}

const LT_C = Buffer.from('<c');

/** Counts `<c ...>` / `<c>` / `<c/>` elements (cells) across chunk boundaries. */
function cellCounter() {
  let carry = Buffer.alloc(0);
  return (chunk: Buffer): number => {
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let n = 0;
    let i = data.indexOf(LT_C);
    while (i !== -1 && i + 2 < data.length) {
      const next = data[i + 2];
      if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++;
      i = data.indexOf(LT_C, i + 2);
    }
    carry = Buffer.from(data.subarray(Math.max(0, data.length - 2)));
    return n;
  };
}

/** Throws XlsxTooBig past either limit, XlsxUnreadable when the zip is broken. */
export async function checkXlsxSize(buf: Buffer, limits: { maxUnzippedBytes: number; maxCells: number }): Promise<XlsxSize> {
  const size: XlsxSize = { unzippedBytes: 0, cells: 0 };
  for (const entry of entries(buf)) {
    const isSheet = /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
    const count = isSheet ? cellCounter() : null;
    const take = (chunk: Buffer) => {
      size.unzippedBytes += chunk.length;
      if (size.unzippedBytes > limits.maxUnzippedBytes) throw new XlsxTooBig('bytes');
      if (count) {
        size.cells += count(chunk);
        if (size.cells > limits.maxCells) throw new XlsxTooBig('cells');
      }
    };
    if (entry.method === 0) take(entry.data);
    else if (entry.method === 8) {
      const inflate = zlib.createInflateRaw();
      inflate.end(entry.data);
      try {
        for await (const chunk of inflate) take(chunk as Buffer);
      } catch (e) {
        inflate.destroy();
        if (e instanceof XlsxTooBig) throw e;
        throw new XlsxUnreadable(`bad deflate data in ${entry.name}`);
      }
    } else throw new XlsxUnreadable(`unsupported compression ${entry.method}`);
  }
  return size;
}
