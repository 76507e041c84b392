// Where the bytes of uploaded files live: one interface, two places. Local disk (the default:
// {DATA_DIR}/{key}, the paths every earlier version used) or an S3-compatible bucket (S3_BUCKET:
// {S3_PREFIX}{key}, through the official AWS SDK). Keys are `uploads/{id}` (uploads module,
// template copies) and `blog-media/{id}.{ext}` (blog media). Records, quotas and access rules stay
// in the database and the services; this file only moves bytes. Every caller goes through
// `ctx.files`, so two servers with their own DATA_DIR and one bucket serve each other's files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../config';

/** Bytes `start` to `end`, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  body: Readable;
  /** Bytes `body` holds (the range's length when a range was asked). */
  length: number;
  /** The whole file's size. */
  size: number;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores `data` under `key`, whole or not at all: a reader never sees half a file. A stream
   * needs its `length` (object storage is told the size before the first byte).
   */
  put(key: string, data: Buffer | { stream: Readable; length: number }, type: string): Promise<void>;
  /** The file's bytes (or `range` of them); null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The file's size; null when there is no such file. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Copies `from` to `to` (whole or not at all); false when `from` does not exist. */
  copy(from: string, to: string): Promise<boolean>;
  close(): void;
}

/** The key of an upload's file (uploads module, template copies). */
export const uploadKey = (id: string) => `uploads/${id}`;

/** A folder and a file name of letters, digits, `_`, `-` and dots: never `..`, never absolute. */
const KEY = /^[a-z-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

function checked(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: '${key}'`);
  return key;
}

export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? new S3Store(config.s3) : new DiskStore(config.dataDir);
}

const temp = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** {root}/{key}: the paths of DATA_DIR/uploads and DATA_DIR/blog-media as before. */
export class DiskStore implements FileStore {
  readonly kind = 'disk';
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checked(key));
  }

  /** Written under another name first, then renamed: a reader never sees half a file. */
  private async whole(file: string, write: (tmp: string) => Promise<void>) {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = temp(file);
    try {
      await write(tmp);
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async put(key: string, data: Buffer | { stream: Readable; length: number }) {
    await this.whole(this.file(key), (tmp) =>
      Buffer.isBuffer(data) ? fs.promises.writeFile(tmp, data, { flag: 'wx' }) : pipeline(data.stream, fs.createWriteStream(tmp, { flags: 'wx' })),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file(key), 'r');
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw Object.assign(new Error(`${key} is not a file`), { code: 'ENOENT' });
      const start = range ? Math.min(range.start, stat.size) : 0;
      const end = range ? Math.min(range.end, stat.size - 1) : stat.size - 1;
      if (end < start) {
        await handle.close();
        return { body: Readable.from([]), length: 0, size: stat.size };
      }
      // The stream closes the handle when it ends or is destroyed (a visitor leaving mid-video).
      return { body: handle.createReadStream({ start, end }), length: end - start + 1, size: stat.size };
    } catch (err) {
      await handle.close();
      if (missing(err)) return null;
      throw err;
    }
  }

  async head(key: string) {
    const stat = await fs.promises.stat(this.file(key)).catch((err: unknown) => {
      if (missing(err)) return null;
      throw err;
    });
    return stat?.isFile() ? { size: stat.size } : null;
  }

  async delete(key: string) {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async copy(from: string, to: string) {
    const source = this.file(from);
    try {
      await this.whole(this.file(to), (tmp) => fs.promises.copyFile(source, tmp, fs.constants.COPYFILE_EXCL));
      return true;
    } catch (err) {
      if (missing(err) && !fs.existsSync(source)) return false;
      throw err;
    }
  }

  close() {}
}

/** What the SDK's errors carry: the S3 code as `name`, the HTTP status in `$metadata`. */
const notThere = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * {bucket}/{prefix}{key} through the AWS SDK v3. PutObject is atomic on S3 (an object appears
 * whole when its upload completes), CopyObject copies server-side (no bytes through us), and
 * GetObject's body streams to the visitor as it arrives. The SDK is loaded on first use (about
 * 20 MB and 300 ms that a server on local disk never pays).
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly settings: S3Settings) {}

  private connect() {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint ?? undefined,
        forcePathStyle: this.settings.forcePathStyle,
        // Without keys in the settings the SDK's default chain finds them (environment, ~/.aws, a role).
        credentials: this.settings.credentials ?? undefined,
      }),
    }));
    return this.loaded;
  }

  private key(key: string) {
    return `${this.settings.prefix}${checked(key)}`;
  }

  async put(key: string, data: Buffer | { stream: Readable; length: number }, type: string) {
    const body = Buffer.isBuffer(data) ? { Body: data } : { Body: data.stream, ContentLength: data.length };
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), ContentType: type, ...body }));
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const length = Number(res.ContentLength ?? 0);
      // `bytes 0-99/1234`: the whole size follows the slash; without a range it is the length.
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '');
      // In Node the SDK's body is the HTTP response itself.
      if (!(res.Body instanceof Readable)) throw new Error('GetObject answered without a readable body');
      return { body: res.Body, length, size: total ? Number(total[1]) : length };
    } catch (err) {
      if (notThere(err)) return null;
      throw err;
    }
  }

  async head(key: string) {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return { size: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (notThere(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  async copy(from: string, to: string) {
    // The source is `{bucket}/{key}`, URL-encoded (a key may hold characters a header cannot).
    const source = `${this.settings.bucket}/${this.key(from).split('/').map(encodeURIComponent).join('/')}`;
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.CopyObjectCommand({ Bucket: this.settings.bucket, Key: this.key(to), CopySource: source }));
      return true;
    } catch (err) {
      if (notThere(err)) return false;
      throw err;
    }
  }

  close() {
    void this.loaded?.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}
