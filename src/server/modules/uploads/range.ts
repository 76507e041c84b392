// One byte range of a GET (RFC 9110 §14): what browsers send to seek in a video or audio file.
// Several ranges in one request are answered with the whole file (allowed, and no player needs them).
import type { ByteRange } from '../../platform/storage';

/**
 * The range `header` asks of a file of `size` bytes: null for the whole file (no header, a unit
 * other than bytes, several ranges, or a header we do not read), 'unsatisfiable' when it starts
 * past the end (answered 416).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // `bytes=-500`: the last 500 bytes.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  // `bytes=9-3` is not a range: the header is ignored.
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}
