// What a file is, decided from its bytes (magic numbers, zip part names, text checks), never from
// its name or the type the browser claims. The answer is the Content-Type it is served with.

export const OCTET = 'application/octet-stream';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const DOC = 'application/msword';
export const XLS = 'application/vnd.ms-excel';

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');
const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const has = (buf: Buffer, text: string, encoding: BufferEncoding = 'latin1') => buf.includes(Buffer.from(text, encoding));

function zipType(buf: Buffer): string {
  // Part names appear in the local headers and the central directory as plain text.
  if (has(buf, '[Content_Types].xml') || has(buf, 'word/') || has(buf, 'xl/') || has(buf, 'ppt/')) {
    if (has(buf, 'word/document.xml')) return DOCX;
    if (has(buf, 'xl/workbook.xml') || has(buf, 'xl/workbook.bin')) return has(buf, 'xl/vbaProject.bin') ? XLSM : XLSX;
    if (has(buf, 'ppt/presentation.xml')) return PPTX;
  }
  return 'application/zip';
}

function oleType(buf: Buffer): string {
  // Legacy Office files are OLE compound files; the stream names are UTF-16LE.
  if (has(buf, 'WordDocument', 'utf16le')) return DOC;
  if (has(buf, 'Workbook', 'utf16le') || has(buf, 'Book', 'utf16le')) return XLS;
  return OCTET;
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  // Control characters other than tab, line breaks and form feed mark a binary file.
  for (const b of buf) if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) return false;
  return true;
}

/** The text after a BOM, XML declaration, comments and a doctype: where the root element starts. */
function markupStart(text: string): string {
  let s = text.replace(/^\uFEFF/, '').trimStart();
  for (let guard = 0; guard < 50; guard++) {
    const before = s;
    s = s.replace(/^<\?xml[\s\S]*?\?>/i, '').trimStart();
    s = s.replace(/^<!--[\s\S]*?-->/, '').trimStart();
    s = s.replace(/^<!doctype\s+svg[^>]*>/i, '').trimStart();
    if (s === before) break;
  }
  return s;
}

const HTML_START = /^<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|meta|link|style|title|div|a|img|form|table|p|h[1-6]|br|span)\b/i;

function csvLike(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  if (lines.length < 2) return false;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    if (counts[0]! > 0 && counts.every((c) => c === counts[0])) return true;
  }
  return false;
}

function textType(buf: Buffer): string {
  const text = buf.toString('utf8');
  const head = markupStart(text.slice(0, 4096));
  if (/^<svg[\s>]/i.test(head)) return 'image/svg+xml';
  if (HTML_START.test(head)) return 'text/html';
  const declared = /^<\?xml/i.test(text.replace(/^\uFEFF/, '').trimStart());
  const element = /^<[A-Za-z_][\w.:-]*(\s[^>]*)?>/.test(head) && /<\/[A-Za-z_][\w.:-]*>$/.test(text.trimEnd());
  if (declared || element) return 'application/xml';
  if (csvLike(text)) return 'text/csv';
  return 'text/plain';
}

function oggType(buf: Buffer): string {
  const head = buf.subarray(0, 512);
  if (has(head, 'theora')) return 'video/ogg';
  return 'audio/ogg';
}

function ebmlType(buf: Buffer): string {
  return has(buf.subarray(0, 64), 'webm') ? 'video/webm' : 'video/x-matroska';
}

function mp4Type(buf: Buffer): string {
  const brand = ascii(buf, 8, 12);
  if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
  if (brand === 'qt  ') return 'video/quicktime';
  return 'video/mp4';
}

/** The MIME type of a file's content. */
export function detectType(buf: Buffer): string {
  if (buf.length === 0) return 'text/plain';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(buf, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(buf, 0, 3) === 'ID3') return 'audio/mpeg';
  // MPEG audio frame sync (layer III, any version) for MP3s without an ID3 tag.
  if (buf.length >= 2 && buf[0] === 0xff && (buf[1]! & 0xe6) === 0xe2) return 'audio/mpeg';
  if (ascii(buf, 4, 8) === 'ftyp') return mp4Type(buf);
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlType(buf);
  if (ascii(buf, 0, 4) === 'OggS') return oggType(buf);
  if (ascii(buf, 0, 4) === 'fLaC') return 'audio/flac';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) return zipType(buf);
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleType(buf);
  if (startsWith(buf, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (ascii(buf, 0, 2) === 'BM' && buf.length > 14) return 'image/bmp';
  if (isUtf8Text(buf)) return textType(buf);
  return OCTET;
}

/** Types a browser shows without running anything: served inline; everything else is an attachment. */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/x-icon',
  // SVG is inline so <img> works; its answer carries CSP `sandbox`, so opened directly no script runs.
  'image/svg+xml',
  'application/pdf',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/mp4',
  'audio/flac',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'video/x-matroska',
  'text/plain',
  'text/csv',
]);

export function servedInline(type: string): boolean {
  return INLINE.has(type);
}

/** File extensions per detected type (for `accept` lists written as extensions). */
export const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'image/bmp': ['bmp'],
  'image/x-icon': ['ico'],
  'application/pdf': ['pdf'],
  'audio/mpeg': ['mp3'],
  'audio/wav': ['wav'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/mp4': ['m4a'],
  'audio/flac': ['flac'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/ogg': ['ogv'],
  'video/quicktime': ['mov'],
  'video/x-matroska': ['mkv'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'text/html': ['html', 'htm'],
  'application/xml': ['xml'],
  'application/zip': ['zip'],
  [DOCX]: ['docx'],
  [DOC]: ['doc'],
  [XLSX]: ['xlsx'],
  [XLSM]: ['xlsm'],
  [XLS]: ['xls'],
  [PPTX]: ['pptx'],
};
