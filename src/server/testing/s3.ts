// A local server that speaks, on the wire as Amazon S3 does, the part of the S3 REST API the
// uploads store uses (modules/uploads/storage.ts), for tests: the server under test talks to it
// through the official AWS SDK v3 (@aws-sdk/client-s3) pointed at `url` with path-style
// addressing, not through mocks of it. Objects live in memory.
//
//   PUT    /{bucket}/{key}                          PutObject (a plain body, or the SDK's aws-chunked
//                                                    body with its checksum in a trailer)
//   PUT    /{bucket}/{key}  x-amz-copy-source       CopyObject
//   GET    /{bucket}/{key}  [Range]                 GetObject (206 for a range, 416 InvalidRange)
//   HEAD   /{bucket}/{key}                          HeadObject (404 without a body, as S3)
//   DELETE /{bucket}/{key}                          DeleteObject (204, there or not)
//   HEAD   /{bucket}                                HeadBucket
//
// Every request must carry an AWS Signature Version 4 (Authorization header) made with the
// configured key: the signature is computed again here from the canonical request and compared
// (403 SignatureDoesNotMatch for a wrong secret, InvalidAccessKeyId for an unknown key id,
// RequestTimeTooSkewed past 15 minutes). The payload hash the signature covers is checked against
// the body (XAmzContentSHA256Mismatch), and so are the SDK's flexible checksums
// (x-amz-checksum-crc32 and friends, as a header or an aws-chunked trailer: BadDigest) and
// Content-MD5. Errors are S3's XML: <Error><Code>NoSuchKey</Code><Message>…</Message>…</Error>.
//
// What @aws-sdk/client-s3 3.x sends (and this server reads): `x-amz-content-sha256` (the body's
// sha256, or UNSIGNED-PAYLOAD / STREAMING-UNSIGNED-PAYLOAD-TRAILER), `x-amz-date`, `?x-id=Op` in
// the query, a CRC32 of every PutObject body (requestChecksumCalculation WHEN_SUPPORTED): in
// `x-amz-checksum-crc32` for a buffer, or for a stream as `content-encoding: aws-chunked` with
// `x-amz-decoded-content-length`, `x-amz-trailer: x-amz-checksum-crc32` and chunks
// `{hex size}\r\n{bytes}\r\n … 0\r\n{trailer}:{value}\r\n\r\n`; `x-amz-checksum-mode: ENABLED` on
// GetObject, answered with the stored CRC32 of a whole object (the SDK then checks what it reads).
//
// Test controls: `counts` per operation, `requests` (a log), `resetCounts()`, `fail(op, …)` to
// make the next requests of an operation fail, `keys()` / `object()` / `putObject()` to look at and
// seed the bucket directly, and `settings` (the server's S3 settings pointing at this one).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { S3Settings } from '../config';

export type S3Operation = 'PutObject' | 'CopyObject' | 'GetObject' | 'HeadObject' | 'DeleteObject' | 'HeadBucket' | 'Unknown';

export interface S3Object {
  data: Buffer;
  type: string;
  etag: string;
  lastModified: Date;
  /** base64 CRC32 of the whole object, as S3 keeps it. */
  crc32: string;
}

export interface LoggedS3Request {
  op: S3Operation;
  method: string;
  /** The path as sent (still percent-encoded). */
  path: string;
  key: string | null;
  /** x-amz-content-sha256 as sent. */
  payload: string | null;
  /** content-encoding as sent (aws-chunked for a streamed body). */
  encoding: string | null;
  status: number;
  /** The S3 error code answered, if any. */
  error: string | null;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What a server's config.s3 is to use this one (path-style, no prefix). */
  settings: S3Settings;
  counts: Record<S3Operation, number>;
  requests: LoggedS3Request[];
  resetCounts(): void;
  /** The next `times` requests of `op` answer this error (default 500 InternalError, once). */
  fail(op: S3Operation, error?: { status?: number; code?: string; times?: number }): void;
  /** Keys of the bucket starting with `prefix`, sorted. */
  keys(prefix?: string): string[];
  object(key: string): S3Object | undefined;
  putObject(key: string, data: Buffer, type?: string): void;
  close(): Promise<void>;
}

/** Bodies past this are refused (EntityTooLarge): the server's own uploads are far smaller. */
const MAX_BODY = 64 * 1024 * 1024;
const SKEW_MS = 15 * 60_000;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else %XX. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** CRC32C (Castagnoli), which the SDK may be asked to use instead of CRC32. */
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32c(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC32C_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b.toString('base64');
};

/** base64 checksums by the name of their header (x-amz-checksum-{name}). */
const CHECKSUMS: Record<string, (data: Buffer) => string> = {
  crc32: (d) => be32(zlib.crc32(d)),
  crc32c: (d) => be32(crc32c(d)),
  sha1: (d) => crypto.createHash('sha1').update(d).digest('base64'),
  sha256: (d) => crypto.createHash('sha256').update(d).digest('base64'),
};

/** The body of an aws-chunked upload and its trailing headers. */
function decodeAwsChunked(raw: Buffer): { data: Buffer; trailers: Record<string, string> } {
  const parts: Buffer[] = [];
  let at = 0;
  const line = () => {
    const end = raw.indexOf('\r\n', at);
    if (end < 0) throw new S3Error(400, 'IncompleteBody', 'The aws-chunked body ended inside a chunk header');
    const text = raw.subarray(at, end).toString('latin1');
    at = end + 2;
    return text;
  };
  for (;;) {
    const header = line();
    const size = parseInt(header.split(';')[0]!, 16);
    if (!Number.isFinite(size) || size < 0) throw new S3Error(400, 'InvalidChunkSizeError', `Bad chunk size '${header.slice(0, 40)}'`);
    if (header.includes('chunk-signature=')) throw new S3Error(501, 'NotImplemented', 'Signed chunks (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) are not read by this test server');
    if (size === 0) break;
    if (at + size + 2 > raw.length || raw.toString('latin1', at + size, at + size + 2) !== '\r\n')
      throw new S3Error(400, 'IncompleteBody', 'A chunk of the aws-chunked body is shorter than its size says');
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
  const trailers: Record<string, string> = {};
  for (let text = line(); text !== ''; text = line()) {
    const colon = text.indexOf(':');
    if (colon < 0) throw new S3Error(400, 'MalformedTrailerError', `Bad trailer '${text.slice(0, 60)}'`);
    trailers[text.slice(0, colon).trim().toLowerCase()] = text.slice(colon + 1).trim();
  }
  if (at !== raw.length) throw new S3Error(400, 'MalformedTrailerError', 'Bytes after the end of the aws-chunked body');
  return { data: Buffer.concat(parts), trailers };
}

function header(req: http.IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(',') : v;
}

/** One `bytes=` range of an object of `size` bytes, as S3 reads it (null: the whole object). */
function rangeOf(value: string | null, size: number): { start: number; end: number } | null {
  if (!value) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const unsatisfiable = () => new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: value, ActualObjectSize: String(size) });
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) throw unsatisfiable();
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) throw unsatisfiable();
  return { start, end };
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'sheetboard-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? crypto.randomBytes(30).toString('base64');
  const objects = new Map<string, S3Object>();
  const requests: LoggedS3Request[] = [];
  const zero = (): Record<S3Operation, number> => ({ PutObject: 0, CopyObject: 0, GetObject: 0, HeadObject: 0, DeleteObject: 0, HeadBucket: 0, Unknown: 0 });
  let counts = zero();
  const faults = new Map<S3Operation, { status: number; code: string; times: number }>();

  const store = (key: string, data: Buffer, type: string): S3Object => {
    const obj = { data, type, etag: `"${crypto.createHash('md5').update(data).digest('hex')}"`, lastModified: new Date(), crc32: CHECKSUMS.crc32!(data) };
    objects.set(key, obj);
    return obj;
  };

  /** Checks the Authorization header: SigV4 over the canonical request, with our key. */
  function verifySignature(req: http.IncomingMessage, rawPath: string, rawQuery: string) {
    const auth = header(req, 'authorization');
    if (!auth) throw new S3Error(403, 'AccessDenied', 'Anonymous requests are not allowed: sign them with AWS Signature Version 4');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    const [, keyId, day, scopeRegion, service, signedHeaders, signature] = m as unknown as string[];
    if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: keyId! });
    if (scopeRegion !== region || service !== 's3')
      throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header's scope is wrong; expecting '${region}/s3'`, { Region: region });
    const amzDate = header(req, 'x-amz-date');
    if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) throw new S3Error(403, 'AccessDenied', 'x-amz-date is missing or does not match the credential scope');
    const when = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    if (Math.abs(Date.now() - when) > SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) throw new S3Error(403, 'AccessDenied', 'host and x-amz-date must be signed');
    const payload = header(req, 'x-amz-content-sha256');
    if (!payload) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    const query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf('=');
        const k = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, '%20'));
        const v = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, '%20'));
        return [uriEncode(k), uriEncode(v)] as const;
      })
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = names.map((n) => `${n}:${(header(req, n) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
    // S3 signs the path as sent: no normalising, no second encoding.
    const canonical = [req.method, rawPath, query, canonicalHeaders, signedHeaders, payload].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    const expected = hmac(signingKey, toSign).toString('hex');
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!)))
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', {
        AWSAccessKeyId: keyId!,
        StringToSign: toSign,
        CanonicalRequest: canonical,
      });
    return payload;
  }

  /** The body as the client meant it: the signed payload hash, aws-chunked decoding, checksums. */
  function bodyOf(req: http.IncomingMessage, raw: Buffer, payload: string): { data: Buffer; checksums: Record<string, string> } {
    let data = raw;
    const given: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-type' && name !== 'x-amz-checksum-mode' && typeof value === 'string') given[name.slice(15)] = value;
    if (/^[0-9a-f]{64}$/.test(payload)) {
      if (sha256(raw) !== payload) throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    } else if (payload === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
      if (!(header(req, 'content-encoding') ?? '').split(',').map((s) => s.trim()).includes('aws-chunked'))
        throw new S3Error(400, 'InvalidRequest', 'A streaming payload needs content-encoding: aws-chunked');
      const decoded = decodeAwsChunked(raw);
      const declared = header(req, 'x-amz-decoded-content-length');
      if (declared === null || Number(declared) !== decoded.data.length)
        throw new S3Error(400, 'IncompleteBody', `x-amz-decoded-content-length says ${declared} bytes; the body holds ${decoded.data.length}`);
      const promised = (header(req, 'x-amz-trailer') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
      for (const name of promised) {
        if (!(name in decoded.trailers)) throw new S3Error(400, 'MalformedTrailerError', `The trailer ${name} was announced but not sent`);
        if (name.startsWith('x-amz-checksum-')) given[name.slice(15)] = decoded.trailers[name]!;
      }
      data = decoded.data;
    } else if (payload !== 'UNSIGNED-PAYLOAD') {
      throw new S3Error(501, 'NotImplemented', `x-amz-content-sha256 '${payload.slice(0, 60)}' is not read by this test server`);
    }
    for (const [algorithm, value] of Object.entries(given)) {
      const fn = CHECKSUMS[algorithm];
      if (!fn) throw new S3Error(400, 'InvalidRequest', `The checksum algorithm '${algorithm}' is not supported by this test server`);
      if (fn(data) !== value) throw new S3Error(400, 'BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    }
    const md5 = header(req, 'content-md5');
    if (md5 && crypto.createHash('md5').update(data).digest('base64') !== md5) throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    return { data, checksums: given };
  }

  function operationOf(method: string, key: string | null, req: http.IncomingMessage): S3Operation {
    if (key === null) return method === 'HEAD' ? 'HeadBucket' : 'Unknown';
    if (method === 'PUT') return header(req, 'x-amz-copy-source') ? 'CopyObject' : 'PutObject';
    if (method === 'GET') return 'GetObject';
    if (method === 'HEAD') return 'HeadObject';
    if (method === 'DELETE') return 'DeleteObject';
    return 'Unknown';
  }

  const server = http.createServer((req, res) => {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s, 2);
    const segments = rawPath.split('/');
    const bucketName = decodeURIComponent(segments[1] ?? '');
    const key = segments.length > 2 && segments.slice(2).join('/') !== '' ? decodeURIComponent(segments.slice(2).join('/')) : null;
    const op = operationOf(req.method ?? '', key, req);
    counts[op]++;
    const entry: LoggedS3Request = { op, method: req.method ?? '', path: rawPath, key, payload: header(req, 'x-amz-content-sha256'), encoding: header(req, 'content-encoding'), status: 0, error: null };
    requests.push(entry);
    const requestId = crypto.randomBytes(8).toString('hex').toUpperCase();

    const send = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
      entry.status = status;
      res.writeHead(status, { 'x-amz-request-id': requestId, server: 'FakeS3', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const fail = (e: S3Error) => {
      entry.error = e.code;
      const extra = Object.entries(e.extra)
        .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
        .join('');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${key !== null ? `<Key>${xmlEscape(key)}</Key>` : ''}${extra}<RequestId>${requestId}</RequestId></Error>`;
      send(e.status, { 'content-type': 'application/xml', ...(e.status === 400 && e.code === 'EntityTooLarge' ? { connection: 'close' } : {}) }, xml);
    };

    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        if (tooLarge) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size of this test server');
        const payload = verifySignature(req, rawPath, rawQuery);
        const fault = faults.get(op);
        if (fault && fault.times > 0) {
          if (--fault.times === 0) faults.delete(op);
          throw new S3Error(fault.status, fault.code, 'A failure asked for by the test');
        }
        if (bucketName !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
        if (op === 'HeadBucket') return send(200, { 'x-amz-bucket-region': region });
        if (op === 'Unknown' || key === null) throw new S3Error(501, 'NotImplemented', `${req.method} ${rawPath} is not implemented by this test server`);
        const { data, checksums } = bodyOf(req, Buffer.concat(chunks), payload);

        if (op === 'PutObject') {
          if (header(req, 'if-none-match') === '*' && objects.has(key)) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-None-Match' });
          const obj = store(key, data, header(req, 'content-type') ?? 'binary/octet-stream');
          const echo = Object.fromEntries(Object.entries(checksums).map(([a, v]) => [`x-amz-checksum-${a}`, v]));
          return send(200, { etag: obj.etag, ...echo });
        }
        if (op === 'CopyObject') {
          const source = header(req, 'x-amz-copy-source')!.split('?')[0]!.replace(/^\//, '');
          const slash = source.indexOf('/');
          const fromBucket = decodeURIComponent(source.slice(0, slash));
          const fromKey = decodeURIComponent(source.slice(slash + 1));
          if (slash < 0 || fromBucket !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: fromBucket });
          const from = objects.get(fromKey);
          if (!from) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
          const replace = (header(req, 'x-amz-metadata-directive') ?? 'COPY').toUpperCase() === 'REPLACE';
          const obj = store(key, Buffer.from(from.data), replace ? (header(req, 'content-type') ?? from.type) : from.type);
          const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${obj.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(obj.etag)}</ETag></CopyObjectResult>`;
          return send(200, { 'content-type': 'application/xml' }, xml);
        }
        if (op === 'DeleteObject') {
          objects.delete(key);
          return send(204, {});
        }
        const obj = objects.get(key);
        if (!obj) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const common = { 'content-type': obj.type, etag: obj.etag, 'last-modified': obj.lastModified.toUTCString(), 'accept-ranges': 'bytes' };
        if (op === 'HeadObject') return send(200, { ...common, 'content-length': String(obj.data.length) });
        // GetObject
        const range = rangeOf(header(req, 'range'), obj.data.length);
        if (range) {
          const part = obj.data.subarray(range.start, range.end + 1);
          return send(206, { ...common, 'content-length': String(part.length), 'content-range': `bytes ${range.start}-${range.end}/${obj.data.length}` }, part);
        }
        const checksum: Record<string, string> = header(req, 'x-amz-checksum-mode') === 'ENABLED' ? { 'x-amz-checksum-crc32': obj.crc32, 'x-amz-checksum-type': 'FULL_OBJECT' } : {};
        return send(200, { ...common, ...checksum, 'content-length': String(obj.data.length) }, obj.data);
      } catch (e) {
        if (e instanceof S3Error) return fail(e);
        return fail(new S3Error(500, 'InternalError', (e as Error).message));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    settings: { bucket, region, endpoint: url, credentials: { accessKeyId, secretAccessKey }, forcePathStyle: true, prefix: '' },
    get counts() {
      return counts;
    },
    requests,
    resetCounts() {
      counts = zero();
      requests.length = 0;
    },
    fail(op, error = {}) {
      faults.set(op, { status: error.status ?? 500, code: error.code ?? 'InternalError', times: error.times ?? 1 });
    },
    keys(prefix = '') {
      return [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    },
    object(key) {
      return objects.get(key);
    },
    putObject(key, data, type = 'binary/octet-stream') {
      store(key, data, type);
    },
    async close() {
      // The SDK keeps connections alive: close them, or close() waits for their timeout.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
