// Uploads over HTTP on the test database: who may upload where, the 5 MB limit, types from the
// bytes, accept rules on the server, and how files are served back.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UploadResponse } from '../../../shared/api';
import { createSpreadsheet, multipart, signUp, storeBlock, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { uploadKey } from '../../platform/storage';
import { PNG } from '../../testing/fixtures';
import { UPLOAD_MESSAGES } from './service';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let appId: string;
let pageId: string;
let privateAppId: string;
let privatePageId: string;
let workspaceId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/auth")</script></body></html>');

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  const spreadsheetId = await createSpreadsheet(t.app, owner, 'Files', [{ title: 'Files', columns: ['Name', 'Doc', 'Photo'], rows: [{ Name: 'a' }] }]);
  const mk = async (name: string, isPublic: boolean) => {
    const a = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name, kind: 'board', spreadsheetId } })).json().app;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${a.id}`, headers: { cookie: owner.cookie }, payload: { public: isPublic } });
    const page = (await t.app.inject({ method: 'GET', url: `/api/pages/${a.id}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id as string;
    return [a.id as string, page] as const;
  };
  [appId, pageId] = await mk('Public files', true);
  [privateAppId, privatePageId] = await mk('Private files', false);
  workspaceId = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
});

/** A block stored as the editor saves it (the form block may not be in the catalogue yet). */
function block(type: string, config: Record<string, unknown>, page = pageId): Promise<string> {
  return storeBlock(t, page, type, { sheet_title: 'Files', ...config });
}

function upload(name: string, content: Buffer, fields: Record<string, string> = {}, cookie?: string, query = '') {
  const m = multipart(name, content, fields);
  return t.app.inject({ method: 'POST', url: `/api/uploads${query}`, payload: m.payload, headers: { ...m.headers, ...(cookie ? { cookie } : {}) } });
}

describe('POST /api/uploads', () => {
  it('the owner uploads anywhere; the type comes from the bytes; the file is served back', async () => {
    const res = await upload('photo.jpg', PNG, {}, owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { upload: up } = UploadResponse.parse(res.json());
    expect(up).toEqual({ id: expect.any(String), url: `/api/uploads/${up.id}`, name: 'photo.jpg', type: 'image/png', size: PNG.length });
    const stored = await t.ctx.files.get(uploadKey(up.id));
    expect(stored?.size).toBe(PNG.length);
    expect(Buffer.concat(await stored!.body.toArray())).toEqual(PNG);
    // On disk exactly where files always were; in S3 mode nothing on disk.
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', up.id))).toBe(!t.config.s3);
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', up.id).executeTakeFirstOrThrow();
    expect({ ...row, size: Number(row.size) }).toMatchObject({ workspace_id: workspaceId, name: 'photo.jpg', type: 'image/png', size: PNG.length });

    const got = await t.app.inject({ method: 'GET', url: up.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(PNG);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`);
    expect(got.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('SVG and HTML never run: SVG inline under a sandbox CSP, HTML (whatever its name) as an attachment', async () => {
    const svg = (await upload('logo.svg', SVG, {}, owner.cookie)).json().upload;
    expect(svg.type).toBe('image/svg+xml');
    const gotSvg = await t.app.inject({ method: 'GET', url: svg.url });
    expect(gotSvg.headers['content-type']).toBe('image/svg+xml');
    expect(gotSvg.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");

    const html = (await upload('cat.png', HTML, {}, owner.cookie)).json().upload;
    expect(html.type).toBe('text/html');
    const gotHtml = await t.app.inject({ method: 'GET', url: html.url });
    expect(gotHtml.headers['content-type']).toMatch(/^text\/html/);
    expect(gotHtml.headers['content-disposition']).toBe(`attachment; filename="cat.png"; filename*=UTF-8''cat.png`);
    expect(gotHtml.headers['content-security-policy']).toMatch(/sandbox$/);
  });

  it('names: paths and control characters are dropped; non-ASCII names are kept exactly (RFC 6266)', async () => {
    const up = (await upload('../../etc/Grüße (1);x.txt', Buffer.from('hello'), {}, owner.cookie)).json().upload;
    expect(up.name).toBe('Grüße (1);x.txt');
    const got = await t.app.inject({ method: 'GET', url: up.url });
    expect(got.headers['content-disposition']).toBe(`inline; filename="Gr__e (1);x.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%281%29%3Bx.txt`);
  });

  it('files must be under 5 MB', async () => {
    const atLimit = await upload('big.bin', Buffer.alloc(5 * 1024 * 1024, 1), {}, owner.cookie);
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().upload.type).toBe('application/octet-stream');
    const over = await upload('big.bin', Buffer.alloc(5 * 1024 * 1024 + 1, 1), {}, owner.cookie);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Files must be under 5 MB');
    const wayOver = await upload('huge.bin', Buffer.alloc(12 * 1024 * 1024, 1), {}, owner.cookie);
    expect(wayOver.statusCode).toBe(400);
    expect(wayOver.json().message).toBe('Files must be under 5 MB');
  });

  it('accept is enforced on the server with a message naming what is accepted', async () => {
    const res = await upload('doc.pdf', PNG, { accept: 'pdf' }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only PDF files can be uploaded here: this file is a PNG image.');
    expect((await upload('doc.pdf', PDF, { accept: 'pdf' }, owner.cookie)).statusCode).toBe(201);
    // In the query string too.
    expect((await upload('p.png', PNG, {}, owner.cookie, '?accept=image/*')).statusCode).toBe(201);
    const bad = await upload('p.png', PNG, { accept: 'banana' }, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Unknown accepted file type 'banana'");
  });

  it('bad requests: no file field, not multipart', async () => {
    const wrongField = multipart('a.png', PNG, {}, 'picture');
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: wrongField.payload, headers: { ...wrongField.headers, cookie: owner.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: { file: 'x' }, headers: { cookie: owner.cookie } });
    expect(json.statusCode).toBe(400);
  });

  it('a field or a query parameter the upload does not take is refused by name, not dropped', async () => {
    const field = await upload('refused.png', PNG, { board: appId, blockid: 'x' }, owner.cookie);
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ code: 'unknown_field', message: expect.stringMatching(/^blockid is not a setting this request takes/) });
    const query = await upload('refused.png', PNG, {}, owner.cookie, `?board=${appId}&block=x`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'unknown_field', message: expect.stringMatching(/^block is not an option of this address/) });
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('name', '=', 'refused.png').execute()).toEqual([]);
  });

  it('nobody signed in and no board: 401', async () => {
    const res = await upload('a.png', PNG);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.signIn);
  });
});

describe('uploads by viewers of a public app', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await block('form', {
      axis: [
        { column: 'Name', type: 'text' },
        { column: 'Doc', type: 'file', file_mime_type: 'pdf' },
      ],
    });
  });

  it("a guest uploads into a form's file field; the file belongs to the app's workspace", async () => {
    const res = await upload('cv.pdf', PDF, { board: appId, blockId: formId });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', res.json().upload.id).executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(workspaceId);
    // board from the query (the web request layer puts it there), blockId as a field.
    expect((await upload('cv.pdf', PDF, { blockId: formId }, stranger.cookie, `?board=${appId}`)).statusCode).toBe(201);
  });

  it("the form's file_mime_type applies whatever the client says", async () => {
    const res = await upload('cv.pdf', PNG, { board: appId, blockId: formId, accept: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only PDF files can be uploaded here: this file is a PNG image.');
  });

  it('a file field without file_mime_type takes images (spec default image/*)', async () => {
    const id = await block('form', { axis: [{ column: 'Photo', type: 'file' }] });
    expect((await upload('a.png', PNG, { board: appId, blockId: id })).statusCode).toBe(201);
    const res = await upload('a.pdf', PDF, { board: appId, blockId: id });
    expect(res.json().message).toBe('Only images can be uploaded here: this file is a PDF document.');
  });

  it('column picks one of several file fields', async () => {
    const id = await block('form', { axis: [{ column: 'Doc', type: 'file', file_mime_type: 'pdf' }, { column: 'Photo', type: 'file', file_mime_type: 'image' }] });
    expect((await upload('a.png', PNG, { board: appId, blockId: id })).statusCode).toBe(201);
    expect((await upload('a.png', PNG, { board: appId, blockId: id, column: 'Doc' })).statusCode).toBe(400);
    const none = await upload('a.png', PNG, { board: appId, blockId: id, column: 'Name' });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe("This block has no upload field 'Name'");
  });

  it('table image columns set to Upload Image take images from whoever may fill them', async () => {
    const editable = await block('table', { axis: [{ column: 'Photo', type: 'image', image_source: 'Upload Image', editable: 'Everyone' }] });
    expect((await upload('a.png', PNG, { board: appId, blockId: editable })).statusCode).toBe(201);
    expect((await upload('a.pdf', PDF, { board: appId, blockId: editable })).statusCode).toBe(400);
    const adminsOnly = await block('table', { axis: [{ column: 'Photo', type: 'image', image_source: 'Upload Image', editable: 'Admins' }] });
    const res = await upload('a.png', PNG, { board: appId, blockId: adminsOnly }, stranger.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.noUploads);
    expect((await upload('a.png', PNG, { board: appId, blockId: adminsOnly }, owner.cookie)).statusCode).toBe(201);
  });

  it.each([
    ['no blockId', () => ({ board: appId }), 403, UPLOAD_MESSAGES.needBlock],
    ['a block without file fields', async () => ({ board: appId, blockId: await block('table', { axis: [{ column: 'Name' }] }) }), 403, UPLOAD_MESSAGES.noUploads],
    ['an unknown block', () => ({ board: appId, blockId: 'nope' }), 403, UPLOAD_MESSAGES.otherBoard],
    ['a block of another app', async () => ({ board: appId, blockId: await block('form', { axis: [{ column: 'Doc', type: 'file' }] }, privatePageId) }), 403, UPLOAD_MESSAGES.otherBoard],
    ['a private app', async () => ({ board: privateAppId, blockId: await block('form', { axis: [{ column: 'Doc', type: 'file' }] }, privatePageId) }), 403, UPLOAD_MESSAGES.privateApp],
  ])('refuses %s', async (_name, fields, status, message) => {
    const res = await upload('a.png', PNG, await fields(), stranger.cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/uploads/{id}', () => {
  it("a file uploaded for an app is read under that app's privacy; workspace media by anyone holding the id", async () => {
    const forPublic = (await upload('a.png', PNG, { board: appId }, owner.cookie)).json().upload;
    const forPrivate = (await upload('b.png', PNG, { board: privateAppId }, owner.cookie)).json().upload;
    const viaBlock = (await upload('c.png', PNG, { blockId: await block('form', { axis: [{ column: 'Doc', type: 'file' }] }, privatePageId) }, owner.cookie)).json().upload;
    const media = (await upload('d.png', PNG, {}, owner.cookie)).json().upload;
    const appOf = async (id: string) => (await t.ctx.db.selectFrom('uploads').select('app_id').where('id', '=', id).executeTakeFirstOrThrow()).app_id;
    expect([await appOf(forPublic.id), await appOf(forPrivate.id), await appOf(viaBlock.id), await appOf(media.id)]).toEqual([appId, privateAppId, privateAppId, null]);

    const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    for (const up of [forPrivate, viaBlock]) {
      for (const cookie of [undefined, stranger.cookie]) {
        const refused = await get(up.url, cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(UPLOAD_MESSAGES.privateApp);
      }
      const mine = await get(up.url, owner.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload).toEqual(PNG);
      // Asked for again each time: access lost is the file lost.
      expect(mine.headers['cache-control']).toBe('private, no-cache');
    }
    for (const up of [forPublic, media]) {
      const anyone = await get(up.url);
      expect(anyone.statusCode).toBe(200);
      expect(anyone.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The public app goes private: its files follow.
    await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      expect((await get(forPublic.url)).statusCode).toBe(403);
      expect((await get(media.url)).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
    expect((await get(forPublic.url)).statusCode).toBe(200);
  });

  it('answers byte ranges (players seek in video and audio): 206 with Content-Range, 416 past the end, the whole file otherwise', async () => {
    const up = (await upload('seek.png', PNG, {}, owner.cookie)).json().upload;
    const get = (range?: string) => t.app.inject({ method: 'GET', url: up.url, headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get('bytes=8-15');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${PNG.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload).toEqual(PNG.subarray(8, 16));
    // The same headers as the whole file: type, sandbox, caching.
    expect(part.headers['content-type']).toBe('image/png');
    expect(part.headers['content-security-policy']).toMatch(/sandbox/);
    const open = await get('bytes=10-');
    expect([open.statusCode, open.headers['content-range']]).toEqual([206, `bytes 10-${PNG.length - 1}/${PNG.length}`]);
    expect(open.rawPayload).toEqual(PNG.subarray(10));
    const tail = await get('bytes=-4');
    expect(tail.rawPayload).toEqual(PNG.subarray(PNG.length - 4));
    const past = await get(`bytes=${PNG.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${PNG.length}`);
    // Beyond the end is cut at the end; several ranges or nonsense: the whole file.
    expect((await get(`bytes=0-${PNG.length + 100}`)).headers['content-range']).toBe(`bytes 0-${PNG.length - 1}/${PNG.length}`);
    for (const range of ['bytes=0-1,4-5', 'pages=1-2', 'bytes=9-3']) {
      const res = await get(range);
      expect([res.statusCode, res.rawPayload.equals(PNG)]).toEqual([200, true]);
    }
    // A range of a file the caller may not see is refused as the file is.
    const hidden = (await upload('hidden.png', PNG, { board: privateAppId }, owner.cookie)).json().upload;
    expect((await t.app.inject({ method: 'GET', url: hidden.url, headers: { range: 'bytes=0-3' } })).statusCode).toBe(403);
  });

  it('a record whose file is gone from the store answers 404', async () => {
    const up = (await upload('gone.png', PNG, {}, owner.cookie)).json().upload;
    await t.ctx.files.delete(uploadKey(up.id));
    const res = await t.app.inject({ method: 'GET', url: up.url });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
  });

  it.each([['unknownid'], ['..%2F..%2Fetc%2Fpasswd'], ['a.b']])('%s → 404', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
  });
});

describe('uploads for block settings (purpose block-setting)', () => {
  const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
  const setting = (name: string, content: Buffer, fields: Record<string, string>, cookie?: string, query = '') =>
    upload(name, content, { purpose: 'block-setting', ...fields }, cookie, query);

  it('the owner uploads a PNG for a block setting: 201, into the app\'s workspace, served as image/png', async () => {
    const res = await setting('hero.png', PNG, { board: appId }, owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const up = UploadResponse.parse(res.json()).upload;
    expect(up).toMatchObject({ url: `/api/uploads/${up.id}`, type: 'image/png', size: PNG.length });
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', up.id).executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(workspaceId);
    const got = await t.app.inject({ method: 'GET', url: up.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.rawPayload).toEqual(PNG);
    // The private app's owner too; the board may come in the query (the web request layer's place).
    expect((await setting('a.gif', GIF, {}, owner.cookie, `?board=${privateAppId}`)).statusCode).toBe(201);
  });

  it.each([
    ['a stranger (signed in) on a public app', (): string | undefined => stranger.cookie, (): string => appId, 403, UPLOAD_MESSAGES.notEditor],
    ['a stranger on a private app', (): string | undefined => stranger.cookie, (): string => privateAppId, 403, UPLOAD_MESSAGES.notEditor],
    ['nobody signed in', (): string | undefined => undefined, (): string => appId, 401, UPLOAD_MESSAGES.signInToEdit],
  ])('refuses %s', async (_name, cookie, board, status, message) => {
    const res = await setting('a.png', PNG, { board: board() }, cookie());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['text bytes named .png', 'photo.png', Buffer.from('just some text, not an image'), 'a text file'],
    ['HTML named .png', 'cat.png', HTML, 'a web page (HTML)'],
    ['an SVG (it may hold scripts)', 'logo.svg', SVG, 'an SVG image'],
    ['a PDF', 'a.png', PDF, 'a PDF document'],
  ])('refuses %s: the bytes decide, said in words', async (_name, file, content, said) => {
    const res = await setting(file, content, { board: appId }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Only PNG, JPEG, GIF or WebP images can be uploaded here: this file is ${said}.`);
  });

  it('refuses images over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await setting('big.png', big, { board: appId }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Files must be under 5 MB');
  });

  it('kind video / audio take only their media', async () => {
    const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
    const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0])]);
    expect((await setting('v.mp4', MP4, { board: appId, kind: 'video' }, owner.cookie)).json().upload.type).toBe('video/mp4');
    expect((await setting('a.mp3', MP3, { board: appId, kind: 'audio' }, owner.cookie)).json().upload.type).toBe('audio/mpeg');
    const wrong = await setting('v.mp4', PNG, { board: appId, kind: 'video' }, owner.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Only MP4, WebM, Ogg or QuickTime videos can be uploaded here: this file is a PNG image.');
    expect((await setting('a.png', PNG, { board: appId, kind: 'banana' }, owner.cookie)).statusCode).toBe(400);
  });
});
