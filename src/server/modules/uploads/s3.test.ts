// Uploaded files in S3-compatible object storage (storage.ts), against the local S3 of
// testing/s3.ts through the AWS SDK: two servers with their own DATA_DIR on one database and one
// bucket serve each other's files; the limits stand in front of the bucket (nothing a visitor
// sends reaches it unless it passes); a bucket that refuses leaves no record; S3_PREFIX keeps
// every key under it. The other file tests run in this mode too (the server-s3 project).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDb, type DbHandle } from '../../db';
import { createTestApp, multipart, signUp, storedFiles, type TestUser } from '../../testing/app';
import { forTests, testServer } from '../../testing/server';
import { startFakeS3 } from '../../testing/s3';
import { createBlogAdmin } from '../../testing/blog';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './service';
import { PNG } from '../../testing/fixtures';

const s3 = forTests(() => startFakeS3());
beforeEach(() => s3.resetCounts());

function upload(app: FastifyInstance, cookie: string, name: string, content: Buffer, fields: Record<string, string> = {}) {
  const m = multipart(name, content, fields);
  return app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: { ...m.headers, cookie } });
}

/** A PNG of `size` bytes (the signature, then noise): the type comes from the first bytes. */
const bigPng = (size: number) => Buffer.concat([PNG.subarray(0, 16), crypto.randomBytes(size - 16)]);

/** The headers two servers must answer alike (not Date, not the connection's). */
const served = (h: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = h;
  return rest;
};

describe('two servers, one database, their own DATA_DIR, one bucket', () => {
  const a = testServer(() => ({ s3: s3.settings }));
  let b: { app: FastifyInstance; config: Config; db: DbHandle | null };
  let owner: TestUser;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-b-'));
    const config = { ...a.config, dataDir };
    // PostgreSQL: the same schema through B's own pool. SQLite: A's database file through a
    // connection of B's own (the file is in A's DATA_DIR; B's DATA_DIR has no database).
    const db = a.dialect === 'sqlite' ? openDb(a.config) : null;
    const built = await buildApp(config, { logger: false, ...(db ? { db } : {}) });
    await built.app.ready();
    b = { app: built.app, config, db };
    owner = await signUp(a.app, 'Owner');
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.db?.close();
    if (b) fs.rmSync(b.config.dataDir, { recursive: true, force: true });
  });

  it('a file uploaded through one is served by the other, with the same headers, ranges too; neither DATA_DIR holds it', async () => {
    const data = bigPng(4 * 1024 * 1024);
    const res = await upload(a.app, owner.cookie, 'poster.png', data);
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json().upload;
    expect(s3.counts.PutObject).toBe(1);
    expect(s3.keys('uploads/')).toContain(`uploads/${up.id}`);

    const viaA = await a.app.inject({ method: 'GET', url: up.url, headers: { cookie: owner.cookie } });
    const viaB = await b.app.inject({ method: 'GET', url: up.url, headers: { cookie: owner.cookie } });
    expect(viaB.statusCode).toBe(200);
    expect(viaB.rawPayload.equals(data)).toBe(true);
    expect(served(viaB.headers)).toEqual(served(viaA.headers));
    expect(viaB.headers['content-length']).toBe(String(data.length));

    const part = await b.app.inject({ method: 'GET', url: up.url, headers: { range: 'bytes=1000000-1000099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000000-1000099/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(1_000_000, 1_000_100))).toBe(true);
    // The range went to the bucket: only those bytes came through.
    const ranged = s3.requests.filter((r) => r.op === 'GetObject');
    expect(ranged).toHaveLength(3);

    for (const dir of [a.config.dataDir, b.config.dataDir]) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it("the other server's deletions reach the bucket: blog media uploaded on B, deleted through A, is gone for both", async () => {
    const editor = await createBlogAdmin(a.ctx.db, 'editor');
    const m = multipart('cover.png', PNG, { alt: 'Cover' });
    const res = await b.app.inject({ method: 'POST', url: '/api/blog-admin/media', payload: m.payload, headers: { ...m.headers, cookie: editor.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().media;
    expect(s3.keys('blog-media/')).toContain(`blog-media/${media.id}.png`);
    expect((await a.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'DELETE', url: `/api/blog-admin/media/${media.id}`, headers: { cookie: editor.cookie } })).statusCode).toBe(204);
    expect(s3.keys('blog-media/')).not.toContain(`blog-media/${media.id}.png`);
    expect((await b.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
    expect(s3.counts).toMatchObject({ PutObject: 1, DeleteObject: 1 });
  });
});

describe('the limits stand in front of the bucket', () => {
  const t = testServer(() => ({ s3: s3.settings, uploadQuotaMb: 0.01 }));
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUp(t.app, 'Owner');
  });

  it('a file over 5 MB, a file over the quota, a visitor without a block: refused, and nothing is sent to S3', async () => {
    const tooBig = await upload(t.app, owner.cookie, 'big.png', bigPng(MAX_UPLOAD_BYTES + 1));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    const overQuota = await upload(t.app, owner.cookie, 'quota.png', bigPng(20_000));
    expect(overQuota.statusCode).toBe(413);
    const m = multipart('anon.png', PNG);
    expect((await t.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: m.headers })).statusCode).toBe(401);
    expect(s3.counts.PutObject).toBe(0);
    expect(await t.ctx.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    // What fits goes through.
    expect((await upload(t.app, owner.cookie, 'small.png', PNG)).statusCode).toBe(201);
    expect(s3.counts.PutObject).toBe(1);
  });

  it('a bucket that keeps failing (after the SDK retried) answers 500 and leaves no record', async () => {
    s3.fail('PutObject', { status: 503, code: 'SlowDown', times: 10 });
    const before = await t.ctx.db.selectFrom('uploads').select('id').execute();
    const res = await upload(t.app, owner.cookie, 'retry.png', PNG);
    expect(res.statusCode).toBe(500);
    // The SDK's standard retry: three attempts.
    expect(s3.counts.PutObject).toBe(3);
    expect(await t.ctx.db.selectFrom('uploads').select('id').execute()).toEqual(before);
    s3.fail('PutObject', { times: 0 });
  });
});

describe('settings', () => {
  it('a wrong secret: the bucket refuses every write (SignatureDoesNotMatch), the upload fails, nothing is recorded', async () => {
    const t = await createTestApp({ s3: { ...s3.settings, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'wrong' } } });
    try {
      const owner = await signUp(t.app, 'Owner');
      const res = await upload(t.app, owner.cookie, 'a.png', PNG);
      expect(res.statusCode).toBe(500);
      expect(s3.requests.filter((r) => r.op === 'PutObject').map((r) => r.error)).toEqual(['SignatureDoesNotMatch']);
      expect(await t.ctx.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('S3_PREFIX: every key of the server is under it, template copies too (CopyObject, no bytes through the server)', async () => {
    const prefix = `tenant-${crypto.randomBytes(3).toString('hex')}/`;
    const t = await createTestApp({ s3: { ...s3.settings, prefix } });
    try {
      const owner = await signUp(t.app, 'Owner');
      const up = (await upload(t.app, owner.cookie, 'a.png', PNG)).json().upload;
      expect(s3.keys(prefix)).toEqual([`${prefix}uploads/${up.id}`]);
      expect(storedFiles({ ...t, s3 }, 'uploads')).toEqual([up.id]);
      const copied = await t.ctx.files.copy(`uploads/${up.id}`, 'uploads/copy1');
      expect(copied).toBe(true);
      expect(s3.counts.CopyObject).toBe(1);
      expect(s3.object(`${prefix}uploads/copy1`)?.data.equals(PNG)).toBe(true);
      expect(await t.ctx.files.copy('uploads/nosuchfile', 'uploads/copy2')).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: up.url })).rawPayload.equals(PNG)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
