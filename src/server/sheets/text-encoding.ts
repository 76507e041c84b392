// How an uploaded CSV's bytes become text: which encoding (a byte order mark, UTF-16, UTF-8, else
// a statistical guess among the code pages) and the decoding itself (TextDecoder, Node's full ICU).
import { analyse } from 'chardet';
import { TEXT_ENCODINGS, type TextEncoding } from '../../shared/api/spreadsheets';

export type { TextEncoding };

/**
 * How a file's text is decoded when the owner names no encoding. In order: a byte order mark;
 * UTF-16 without one (ASCII-range text leaves every other byte zero); valid UTF-8 (text in a code
 * page is almost never valid UTF-8); else the code page `guessCodePage` finds, Windows-1252 (of
 * which Latin-1 is a subset for every printable character) unless another one is clearly likelier.
 * The whole file is one encoding. With `encoding` given, the file is read in it (a byte order mark
 * of that encoding is skipped; bytes it cannot read become U+FFFD).
 */
export function decodeText(buf: Uint8Array, encoding?: TextEncoding): { text: string; encoding: TextEncoding } {
  if (encoding) {
    const mark = byteOrder(buf);
    const skip = mark && mark.encoding === encoding ? mark.bom : 0;
    return { text: decodeAs(buf.subarray(skip), encoding), encoding };
  }
  const marked = byteOrder(buf);
  if (marked) return { text: decodeAs(buf.subarray(marked.bom), marked.encoding), encoding: marked.encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf), encoding: 'utf-8' };
  } catch {
    const guessed = guessCodePage(buf);
    return { text: decodeAs(buf, guessed), encoding: guessed };
  }
}

/** The text of `buf` in `encoding`; a byte order mark left in it stays text (ignoreBOM). */
function decodeAs(buf: Uint8Array, encoding: TextEncoding): string {
  if (encoding === 'windows-1252') return windows1252(buf);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(buf);
}

// Windows-1252's characters for bytes 0x80–0x9F (the five it leaves unassigned keep their C1
// control code, as the WHATWG Encoding Standard says). Node 20's TextDecoder('windows-1252')
// decodes these bytes as Latin-1's C1 controls, so "€" came out as U+0080: decode them here.
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function windows1252(buf: Uint8Array): string {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}

/** The encoding a byte order mark names (and the mark's length), or UTF-16 recognised without one. */
export function byteOrder(buf: Uint8Array): { encoding: TextEncoding; bom: number } | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (buf[0] === 0xff && buf[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const utf16 = utf16WithoutBom(buf);
  return utf16 ? { encoding: utf16, bom: 0 } : null;
}

/** In the first 8 KB, zeros fill one byte of at least 3 pairs in 10 and never the other byte. */
function utf16WithoutBom(buf: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(buf.length, 8192) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZeros++;
    if (buf[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (evenZeros === 0 && oddZeros * 10 >= pairs * 3) return 'utf-16le';
  if (oddZeros === 0 && evenZeros * 10 >= pairs * 3) return 'utf-16be';
  return null;
}

/** The bytes the guess looks at: enough text for its statistics, a few milliseconds at most. */
export const GUESS_SAMPLE_BYTES = 64 * 1024;

/** chardet's names → the encoding that reads them (WHATWG reads ISO-8859-1 and -9 as their Windows supersets). */
const CHARDET_NAMES: Record<string, TextEncoding> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-9': 'windows-1254',
  'ISO-2022-JP': 'iso-2022-jp',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'EUC-KR': 'euc-kr',
  Big5: 'big5',
  GB18030: 'gb18030',
  'KOI8-R': 'koi8-r',
};
function fromChardet(name: string): TextEncoding | null {
  const mapped = CHARDET_NAMES[name];
  if (mapped) return mapped;
  const lower = name.toLowerCase();
  // Unicode was ruled out before the guess (no mark, not UTF-16 by its zeros, not valid UTF-8).
  if (lower.startsWith('utf')) return null;
  return (TEXT_ENCODINGS as readonly string[]).includes(lower) ? (lower as TextEncoding) : null;
}

/**
 * The code page of text that is not Unicode. chardet (byte and letter-pair statistics, as in ICU
 * and Mozilla) ranks the candidates; on a short file western, central European and Baltic code
 * pages score close, so each candidate also loses for what its reading of the sample looks like
 * misread: characters no text has (unassigned bytes, controls), and symbols (³ ¶ ¼) where the
 * words want letters. Windows-1252 is always a candidate and wins ties.
 */
export function guessCodePage(buf: Uint8Array): TextEncoding {
  const sample = buf.subarray(0, GUESS_SAMPLE_BYTES);
  const candidates = new Map<TextEncoding, number>([['windows-1252', 0]]);
  for (const match of analyse(sample)) {
    const encoding = fromChardet(match.name);
    if (encoding && !candidates.get(encoding)) candidates.set(encoding, match.confidence);
  }
  let best: TextEncoding = 'windows-1252';
  let bestScore = -Infinity;
  for (const [encoding, confidence] of candidates) {
    const misread = misreadShare(sample, encoding);
    if (misread === null) continue;
    const score = confidence - 100 * misread;
    if (score > bestScore || (score === bestScore && encoding === 'windows-1252')) {
      best = encoding;
      bestScore = score;
    }
  }
  return best;
}

// Signs common in text that are neither letters nor ASCII, which a right reading may well hold.
const COMMON_SIGNS = new Set('€£¥¢§°«»“”‘’„‚‹›–—…•·×÷©®™¿¡µ²½†‡‰');

/**
 * The share of the sample's non-ASCII characters that look misread in `encoding` (0 to 1), or null
 * when the sample is not text in it at all (a byte sequence it has no character for).
 */
function misreadShare(sample: Uint8Array, encoding: TextEncoding): number | null {
  let text: string;
  try {
    // stream: the sample may end inside a character of a multi-byte encoding.
    text = encoding === 'windows-1252' ? windows1252(sample) : new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
  } catch {
    return null;
  }
  let others = 0;
  let misread = 0;
  let previous = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      previous = ch;
      continue;
    }
    others++;
    if (code <= 0x9f || ch === '\ufffd' || (code >= 0xe000 && code <= 0xf8ff)) misread += 3;
    else if (/\p{L}/u.test(ch)) {
      // An upper-case letter after a lower-case one, inside a word ("KrakĂłw"), is a misreading.
      if (/\p{Lu}/u.test(ch) && /\p{Ll}/u.test(previous)) misread++;
    } else if (!COMMON_SIGNS.has(ch) && !/[\p{M}\p{Nd}\p{Zs}]/u.test(ch)) misread++;
    previous = ch;
  }
  return others === 0 ? 0 : Math.min(1, misread / others);
}
