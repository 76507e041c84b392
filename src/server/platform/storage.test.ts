// The file store's two places answer alike: local disk and an S3 bucket (the local S3 of
// testing/s3.ts through the AWS SDK). Byte ranges as the upload route reads them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTests } from '../testing/server';
import { startFakeS3 } from '../testing/s3';
import { byteRange } from '../modules/uploads/range';
import { createFileStore, type FileStore } from './storage';

const s3 = forTests(() => startFakeS3());
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-store-'));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const read = async (body: Readable) => Buffer.concat(await body.toArray());

describe.each(['disk', 's3'] as const)('%s store', (kind) => {
  let store: FileStore;
  beforeAll(() => {
    store = createFileStore({ dataDir, s3: kind === 's3' ? { ...s3.settings, prefix: 'p/' } : null });
  });
  afterAll(() => store.close());

  it('puts, gets, heads, copies and deletes', async () => {
    expect(store.kind).toBe(kind);
    const data = crypto.randomBytes(3000);
    await store.put('uploads/one', data, 'image/png');
    if (kind === 'disk') expect(fs.readFileSync(path.join(dataDir, 'uploads', 'one'))).toEqual(data);
    else expect(s3.object('p/uploads/one')).toMatchObject({ data, type: 'image/png' });
    expect(await store.head('uploads/one')).toEqual({ size: 3000 });
    const got = await store.get('uploads/one');
    expect([got?.length, got?.size]).toEqual([3000, 3000]);
    expect(await read(got!.body)).toEqual(data);

    expect(await store.copy('uploads/one', 'uploads/two')).toBe(true);
    expect(await read((await store.get('uploads/two'))!.body)).toEqual(data);
    await store.delete('uploads/one');
    expect(await store.head('uploads/one')).toBeNull();
    expect(await store.get('uploads/one')).toBeNull();
    expect(await store.copy('uploads/one', 'uploads/three')).toBe(false);
    expect(await store.head('uploads/three')).toBeNull();
    // Deleting what is not there is no error.
    await store.delete('uploads/one');
  });

  it('reads a range: only those bytes, with the whole size', async () => {
    const data = crypto.randomBytes(1000);
    await store.put('uploads/ranged', data, 'video/mp4');
    const part = await store.get('uploads/ranged', { start: 100, end: 249 });
    expect([part?.length, part?.size]).toEqual([150, 1000]);
    expect(await read(part!.body)).toEqual(data.subarray(100, 250));
    const last = await store.get('uploads/ranged', { start: 999, end: 999 });
    expect(await read(last!.body)).toEqual(data.subarray(999));
  });

  it('stores a stream of a known length', async () => {
    const data = crypto.randomBytes(100_000);
    await store.put('blog-media/s.png', { stream: Readable.from([data.subarray(0, 40_000), data.subarray(40_000)]), length: data.length }, 'image/png');
    expect(await read((await store.get('blog-media/s.png'))!.body)).toEqual(data);
  });

  it('an empty file is a file', async () => {
    await store.put('uploads/empty', Buffer.alloc(0), 'text/plain');
    const got = await store.get('uploads/empty');
    expect([got?.length, got?.size]).toEqual([0, 0]);
    expect(await read(got!.body)).toEqual(Buffer.alloc(0));
  });

  it.each([['../etc/passwd'], ['uploads/../x'], ['/abs/path'], ['uploads/a/b'], ['uploads/'], ['Uploads/x'], ['uploads/.hidden']])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not a storage key/);
    await expect(store.get(key)).rejects.toThrow(/Not a storage key/);
  });
});

describe('disk store', () => {
  it('a failed stream leaves neither the file nor a temporary one', async () => {
    const store = createFileStore({ dataDir, s3: null });
    const failing = new Readable({
      read() {
        this.destroy(new Error('the visitor went away'));
      },
    });
    await expect(store.put('uploads/broken', { stream: failing, length: 10 }, 'text/plain')).rejects.toThrow(/went away/);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => f.includes('broken'))).toEqual([]);
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=9-3', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
  ] as const)('%j of %i bytes → %j', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});
