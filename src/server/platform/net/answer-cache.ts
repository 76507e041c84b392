// Finished answers of sheet reads, kept by their ETag (spreadsheets/sheet-etag.ts): the JSON text
// and its brotli / gzip forms, so the hundredth guest opening the same board gets bytes already
// made instead of a query, a JSON.stringify and a compression of the same rows.
//
// Why no invalidation is needed: the tag is computed, on every request and from the database's
// state, over everything the answer depends on (the sheet's version, its columns, the query
// string, who asks, the columns that viewer may see, today's date). A change of any of them is a
// new tag, on every instance at once, so an entry is never served for a changed sheet; stale
// entries are simply never asked for again and leave as the least recently used. Access rules
// still run on every request before the tag is looked at (the route's rule, then openSheet).
//
// Bounded by ANSWER_CACHE_MB (the JSON and each compressed form counted); 0 turns it off. Answers
// bigger than an eighth of the budget are not kept (one big export-like read must not empty it).
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerEncoding, BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from './compress';

export { answerEncoding, type AnswerEncoding } from './compress';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Entry {
  json: string;
  bytes: number;
  br?: Buffer;
  gzip?: Buffer;
}

export class AnswerCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers being made, by key: guests asking at the same moment wait for one. */
  private making = new Map<string, Promise<string>>();

  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept answers take (JSON counted at 2 bytes a character, compressed forms as they are). */
  get usedBytes(): number {
    return this.bytes;
  }

  /** Forgets every kept answer. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** The JSON text of `key`, made by `make` (once, however many ask at the same time) when not kept. */
  async json(key: string, make: () => Promise<unknown>): Promise<string> {
    const kept = this.touch(key);
    if (kept) return kept.json;
    const pending = this.making.get(key);
    if (pending) return pending;
    const made = (async () => {
      const json = JSON.stringify(await make());
      this.put(key, { json, bytes: json.length * 2 });
      return json;
    })();
    this.making.set(key, made);
    try {
      return await made;
    } finally {
      this.making.delete(key);
    }
  }

  /** The `encoding` form of a kept answer (compressed once, then kept beside it). */
  async encoded(key: string, json: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const entry = this.entries.get(key);
    const have = entry?.[encoding];
    if (have) return have;
    const body =
      encoding === 'br'
        ? await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzip(json, { level: GZIP_LEVEL });
    // Still kept (and still the same answer: the key says so): keep this form beside it.
    const now = this.entries.get(key);
    if (now && !now[encoding]) {
      now[encoding] = body;
      now.bytes += body.length;
      this.bytes += body.length;
      this.evict();
    }
    return body;
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private put(key: string, entry: Entry): void {
    if (entry.bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * Sends the kept answer `key` (made by `make` when not kept) as @fastify/compress would have sent
 * it: JSON, compressed with the encoding the request accepts when it is COMPRESS_THRESHOLD bytes
 * or more (the plugin leaves an answer it finds already encoded alone). `headers` go on the answer
 * only, never on an error.
 */
export async function sendKept(cache: AnswerCache, request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>, headers: Record<string, string> = {}): Promise<FastifyReply> {
  const json = await cache.json(key, make);
  // Only on an answer: a failed making (an error) carries none of them.
  reply.headers(headers);
  reply.type('application/json; charset=utf-8');
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity' || Buffer.byteLength(json) < COMPRESS_THRESHOLD) return reply.send(json);
  const body = await cache.encoded(key, json, encoding);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  return reply.header('content-encoding', encoding).send(body);
}
