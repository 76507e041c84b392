// Compressed answers (@fastify/compress), registered by app.ts before every route: JSON, HTML,
// CSV and the web app's text files are sent with brotli or gzip, as the browser's Accept-Encoding
// allows (brotli first).
//
// - Answers under COMPRESS_THRESHOLD bytes go as they are: a header's worth of saving is not
//   worth the work. Streams (CSV exports) have no known size and are always compressed.
// - Brotli at quality BROTLI_QUALITY: on a 50-row page of JSON it is as small as gzip -6 or
//   smaller and about as fast; brotli's higher qualities (6–11) cost several times the CPU for a
//   few percent, and would make a big page slower to send than it is to compress. The web app's
//   files are compressed once, at build time, at the highest quality (src/web/precompress.ts).
// - Only text-like types are compressed. Images, video, audio, zip, xlsx and PDFs are already
//   compressed; server-sent event streams must reach the browser a message at a time.
// - Request bodies are never decompressed: no client of ours sends them compressed, and a small
//   gzip body can unpack to far more than the body limit admits.
import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESS_THRESHOLD = 1024;
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding @fastify/compress (encodings ['br', 'gzip']) picks for an Accept-Encoding header:
 * the acceptable one of highest q, brotli first on a tie; `*` and `x-gzip` count as gzip.
 */
export function answerEncoding(header: string | string[] | undefined): AnswerEncoding {
  if (header === undefined) return 'identity';
  let best: AnswerEncoding = 'identity';
  let bestQ = 0;
  for (const part of [header].flat().join(',').toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';').map((s) => s.trim());
    const name = rawName === '*' || rawName === 'x-gzip' ? 'gzip' : rawName;
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && name === 'br')) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

/** Whether an answer of this Content-Type is worth compressing (see above). */
export function compressible(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  return (
    /^application\/(?:[\w.+-]+\+)?(?:json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml' ||
    type === 'application/wasm'
  );
}

export function compressOptions(): FastifyCompressOptions {
  return {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // A function, not a pattern, so octet-stream (the plugin's default pattern has it) is left
    // alone; the plugin still asks mime-db about types the function refuses (see below).
    customTypes: compressible,
    globalDecompression: false,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  };
}

/**
 * Makes `compressible` the last word. For a type the function refuses, the plugin asks mime-db,
 * which calls application/octet-stream (any upload we cannot name: 7z, rar, …) and a few image
 * types compressible. The plugin's one per-answer switch is the request's `x-no-compression`
 * header, so this onSend hook (app-wide hooks run before the plugin's per-route one) sets it.
 */
export async function refuseIncompressible(request: FastifyRequest, reply: FastifyReply) {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && !compressible(type)) request.headers['x-no-compression'] = '1';
}

/** Answers up to this size are compressed at once, on the main thread (see compressSmall). */
export const COMPRESS_AT_ONCE_MAX = 64 * 1024;

/**
 * Compresses a small finished answer (a string or Buffer of COMPRESS_THRESHOLD to
 * COMPRESS_AT_ONCE_MAX bytes) at once, as the plugin would (the same encoding, quality and
 * Vary), which then leaves it alone. The plugin makes a stream and a zlib instance per answer,
 * which for the few kilobytes of a board's state or a page of rows cost more than the
 * compression itself; bigger answers and streams still go to it (off the main thread).
 * Registered after refuseIncompressible (it honours its x-no-compression).
 */
export async function compressSmall(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const size = Buffer.byteLength(payload);
  if (size < COMPRESS_THRESHOLD || size > COMPRESS_AT_ONCE_MAX) return payload;
  if (request.headers['x-no-compression'] !== undefined || reply.getHeader('content-encoding')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !compressible(type)) return payload;
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return payload;
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : zlib.gzipSync(payload, { level: GZIP_LEVEL });
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

