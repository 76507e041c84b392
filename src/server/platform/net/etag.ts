// Weak entity tags computed from what an answer depends on, not from its bytes: the tag is known
// before the answer is built, so a matching If-None-Match is answered 304 without doing the work.
// Weak (`W/`) because the same tag stands for the identity, gzip and brotli forms of the answer.
import { createHash } from 'node:crypto';

/** `W/"…"` over the JSON of `parts` (order matters; any JSON-able values). */
export function weakEtag(parts: readonly unknown[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header matches `etag`, by the weak comparison RFC 9110 §13.1.2 asks
 * for (a `W/` prefix on either side is ignored; `*` matches anything).
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const want = opaque(etag);
  for (const value of [header].flat())
    for (const candidate of value.split(',')) {
      const t = candidate.trim();
      if (t === '*' || (t !== '' && opaque(t) === want)) return true;
    }
  return false;
}
