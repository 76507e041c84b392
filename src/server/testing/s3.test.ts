// The local S3 (s3.ts) through the official AWS SDK v3, unchanged: what the SDK sends is what
// the server reads, signatures are checked, errors have S3's codes. Not database-bound.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './s3';

let s3: FakeS3;
const clients: S3Client[] = [];

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
});
beforeEach(() => s3.resetCounts());
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy();
});

function client(over: { secretAccessKey?: string; accessKeyId?: string; region?: string; maxAttempts?: number } = {}): S3Client {
  const c = new S3Client({
    region: over.region ?? s3.region,
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: over.accessKeyId ?? s3.accessKeyId, secretAccessKey: over.secretAccessKey ?? s3.secretAccessKey },
    maxAttempts: over.maxAttempts ?? 1,
  });
  clients.push(c);
  return c;
}

/** The S3 error code a call fails with. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(S3ServiceException);
    return (e as S3ServiceException).name;
  }
  throw new Error('the call did not fail');
}

const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + 3) % 256));
const crc32 = (b: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(zlib.crc32(b));
  return out.toString('base64');
};

describe('objects through the SDK', () => {
  it('PutObject with a buffer: the signed sha256 and the CRC32 header the SDK adds are checked; GetObject returns it, checksum validated', async () => {
    const c = client();
    const data = bytes(5000);
    const put = await c.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a1', Body: data, ContentType: 'image/png' }));
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(put.ChecksumCRC32).toBe(crc32(data));
    const sent = s3.requests.find((r) => r.op === 'PutObject')!;
    // Over plain http the SDK signs the body's own hash.
    expect(sent.payload).toMatch(/^[0-9a-f]{64}$/);
    expect(s3.object('uploads/a1')).toMatchObject({ type: 'image/png', data });

    const got = await c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a1' }));
    expect(got.ContentType).toBe('image/png');
    expect(got.ContentLength).toBe(5000);
    expect(got.ChecksumCRC32).toBe(crc32(data));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(data);
    expect(s3.counts).toMatchObject({ PutObject: 1, GetObject: 1 });
  });

  it('PutObject with a stream: the aws-chunked body with its CRC32 trailer is decoded', async () => {
    const data = bytes(200_000, 13);
    await client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/streamed', Body: Readable.from([data.subarray(0, 70_000), data.subarray(70_000)]), ContentLength: data.length }));
    const sent = s3.requests.find((r) => r.op === 'PutObject')!;
    expect(sent).toMatchObject({ payload: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER', encoding: expect.stringContaining('aws-chunked'), status: 200 });
    expect(s3.object('uploads/streamed')!.data).toEqual(data);
  });

  it('a body changed after signing is refused (XAmzContentSHA256Mismatch); a wrong checksum is refused (BadDigest)', async () => {
    const c = client();
    // After signing, the body is swapped for another of the same length.
    type Args = { request: { body: unknown } };
    const tamper = (next: (args: Args) => Promise<unknown>) => async (args: Args) => {
      if (Buffer.isBuffer(args.request.body) || args.request.body instanceof Uint8Array) args.request.body = Buffer.from('tampered!');
      return next(args);
    };
    c.middlewareStack.addRelativeTo(tamper as never, { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'tamper' });
    expect(await codeOf(c.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/t', Body: Buffer.from('original!') })))).toBe('XAmzContentSHA256Mismatch');
    expect(s3.object('uploads/t')).toBeUndefined();
    const wrong = await codeOf(client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/t', Body: Buffer.from('abc'), ChecksumCRC32: crc32(Buffer.from('abd')) })));
    expect(wrong).toBe('BadDigest');
    expect(s3.object('uploads/t')).toBeUndefined();
  });

  it('GetObject with a Range answers 206 and the bytes; past the end InvalidRange', async () => {
    const data = bytes(1000);
    s3.putObject('uploads/r', data, 'video/mp4');
    const c = client();
    const part = await c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/r', Range: 'bytes=100-199' }));
    expect(part.$metadata.httpStatusCode).toBe(206);
    expect(part.ContentRange).toBe('bytes 100-199/1000');
    expect(part.ContentLength).toBe(100);
    expect(Buffer.from(await part.Body!.transformToByteArray())).toEqual(data.subarray(100, 200));
    const tail = await c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/r', Range: 'bytes=-10' }));
    expect(tail.ContentRange).toBe('bytes 990-999/1000');
    expect(Buffer.from(await tail.Body!.transformToByteArray())).toEqual(data.subarray(990));
    expect(await codeOf(c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/r', Range: 'bytes=1000-1001' })))).toBe('InvalidRange');
  });

  it('HeadObject, DeleteObject, NoSuchKey and NotFound', async () => {
    s3.putObject('uploads/h', bytes(42), 'audio/mpeg');
    const c = client();
    const head = await c.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'uploads/h' }));
    expect(head).toMatchObject({ ContentLength: 42, ContentType: 'audio/mpeg' });
    await c.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'uploads/h' }));
    expect(s3.keys('uploads/h')).toEqual([]);
    // Deleting what is not there succeeds, as on S3.
    await c.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'uploads/h' }));
    expect(await codeOf(c.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'uploads/h' })))).toBe('NotFound');
    expect(await codeOf(c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/h' })))).toBe('NoSuchKey');
    expect(await codeOf(c.send(new GetObjectCommand({ Bucket: 'other-bucket', Key: 'uploads/h' })))).toBe('NoSuchBucket');
    expect(s3.counts).toMatchObject({ HeadObject: 2, DeleteObject: 2, GetObject: 2 });
  });

  it('CopyObject copies in the bucket (type kept); a missing source is NoSuchKey', async () => {
    const data = bytes(300);
    s3.putObject('pre/fix/uploads/src', data, 'image/webp');
    const c = client();
    const res = await c.send(new CopyObjectCommand({ Bucket: s3.bucket, Key: 'pre/fix/uploads/copy', CopySource: `${s3.bucket}/pre/fix/uploads/src` }));
    expect(res.CopyObjectResult?.ETag).toBe(s3.object('pre/fix/uploads/src')!.etag);
    expect(s3.object('pre/fix/uploads/copy')).toMatchObject({ data, type: 'image/webp' });
    expect(await codeOf(c.send(new CopyObjectCommand({ Bucket: s3.bucket, Key: 'x/y', CopySource: `${s3.bucket}/no/such` })))).toBe('NoSuchKey');
    expect(s3.counts.CopyObject).toBe(2);
  });

  it('keys with characters that need encoding are signed and stored as the SDK sends them', async () => {
    const key = 'blog-media/a b+c(1)*~.png';
    await client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from('x'), ContentType: 'image/png' }));
    expect(s3.keys('blog-media/')).toContain(key);
  });
});

describe('signatures', () => {
  it('a wrong secret is refused with SignatureDoesNotMatch and nothing is stored', async () => {
    const c = client({ secretAccessKey: 'not-the-secret' });
    expect(await codeOf(c.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/x', Body: Buffer.from('x') })))).toBe('SignatureDoesNotMatch');
    expect(await codeOf(c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/x' })))).toBe('SignatureDoesNotMatch');
    expect(s3.object('uploads/x')).toBeUndefined();
    expect(s3.requests.map((r) => r.error)).toEqual(['SignatureDoesNotMatch', 'SignatureDoesNotMatch']);
  });

  it('an unknown key id is InvalidAccessKeyId; a request without a signature AccessDenied; another region is refused', async () => {
    // A HEAD answer has no body to name the code: the status says it.
    const head = await client({ accessKeyId: 'AKIANOTOURS' })
      .send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a' }))
      .catch((e: S3ServiceException) => e);
    expect((head as S3ServiceException).$metadata.httpStatusCode).toBe(403);
    expect(await codeOf(client({ accessKeyId: 'AKIANOTOURS' }).send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a' })))).toBe('InvalidAccessKeyId');
    const anonymous = await fetch(`${s3.url}/${s3.bucket}/uploads/a`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    expect(await codeOf(client({ region: 'eu-west-3' }).send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a' })))).toBe('AuthorizationHeaderMalformed');
  });

  it('faults asked for by a test: the next request of the operation fails with the given code', async () => {
    s3.fail('PutObject', { status: 503, code: 'SlowDown' });
    const c = client();
    expect(await codeOf(c.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/f', Body: Buffer.from('x') })))).toBe('SlowDown');
    await c.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/f', Body: Buffer.from('x') }));
    expect(s3.counts.PutObject).toBe(2);
    expect(s3.object('uploads/f')!.data.toString()).toBe('x');
  });
});
