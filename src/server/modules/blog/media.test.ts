// The blog's media library on the test database (issue 17): each accepted type decoded and
// encoded again (metadata gone, orientation applied, the longest side capped), everything else
// refused from its bytes, a decompression bomb refused from its header, search, who may delete,
// the file on disk, the served headers, and names and alt texts as plain data (XSS corpus).
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import { isStored, multipart, storedFiles } from '../../testing/app';
import { TYPED_TEXT_CORPUS } from '../../testing/xss-corpus';
import { testServer } from '../../testing/server';
import { mediaKey } from './media-service';
import { createBlogAdmin, type TestBlogAdmin } from '../../testing/blog';

const t = testServer();
let admin: TestBlogAdmin;
let editor: TestBlogAdmin;
let author: TestBlogAdmin;
let otherAuthor: TestBlogAdmin;

beforeAll(async () => {
  admin = await createBlogAdmin(t.ctx.db, 'admin', { name: 'Media Admin' });
  editor = await createBlogAdmin(t.ctx.db, 'editor', { name: 'Media Editor' });
  author = await createBlogAdmin(t.ctx.db, 'author', { name: 'Media Author' });
  otherAuthor = await createBlogAdmin(t.ctx.db, 'author', { name: 'Other Author' });
});

async function upload(who: TestBlogAdmin, name: string, data: Buffer | string, alt?: string) {
  const m = multipart(name, data, alt === undefined ? {} : { alt });
  return t.app.inject({ method: 'POST', url: '/api/blog-admin/media', payload: m.payload, headers: { ...m.headers, cookie: who.cookie } });
}

async function uploaded(who: TestBlogAdmin, name: string, data: Buffer, alt?: string) {
  const res = await upload(who, name, data, alt);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().media as { id: string; name: string; url: string; type: string; bytes: number; width: number; height: number; alt: string; uploaded_by: { id: string; name: string } | null };
}

const served = (url: string) => t.app.inject({ method: 'GET', url });

const EXIF = { IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS 48.85N 2.35E' } };
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describe('accepted images are re-encoded', () => {
  it('JPEG (EXIF orientation applied, metadata gone), PNG, WebP and GIF (its first frame as PNG)', async () => {
    const cases: { name: string; data: Buffer; type: string; width: number; height: number }[] = [
      // Orientation 6: the camera was turned; the picture is shown (and kept) 20 × 40.
      { name: 'photo.jpg', data: await image(40, 20).jpeg().withMetadata({ orientation: 6, exif: EXIF }).toBuffer(), type: 'image/jpeg', width: 20, height: 40 },
      { name: 'chart.png', data: await image(30, 10).png().withMetadata({ exif: EXIF }).toBuffer(), type: 'image/png', width: 30, height: 10 },
      { name: 'photo.webp', data: await image(16, 12).webp().withMetadata({ exif: EXIF }).toBuffer(), type: 'image/webp', width: 16, height: 12 },
      { name: 'anim.gif', data: await image(12, 12).gif().toBuffer(), type: 'image/png', width: 12, height: 12 },
    ];
    expect((await sharp(cases[0]!.data).metadata()).exif).toBeDefined();
    for (const c of cases) {
      const media = await uploaded(author, c.name, c.data, `About ${c.name}`);
      expect(media).toMatchObject({ name: c.name, type: c.type, width: c.width, height: c.height, alt: `About ${c.name}`, url: `/api/blog/media/${media.id}`, uploaded_by: { id: author.id, name: 'Media Author' } });
      const res = await served(media.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(c.type);
      const bytes = res.rawPayload;
      expect(bytes.length).toBe(media.bytes);
      expect(bytes.equals(c.data)).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, c.name).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect([meta.width, meta.height]).toEqual([c.width, c.height]);
      expect(bytes.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
    }
  });

  it('a large image is scaled down to the longest side allowed, a small one is never enlarged', async () => {
    const big = await uploaded(editor, 'wide.png', await image(3000, 1000).png().toBuffer());
    expect([big.width, big.height]).toEqual([BLOG_LIMITS.mediaMaxSide, 800]);
    const meta = await sharp((await served(big.url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 800]);
    const small = await uploaded(editor, 'tiny.png', await image(3, 2).png().toBuffer());
    expect([small.width, small.height]).toEqual([3, 2]);
  });

  it('the file is stored as blog-media/{id}.{ext} (DATA_DIR or the bucket), with no temporary file left', async () => {
    const media = await uploaded(editor, 'disk.jpg', await image(10, 10).jpeg().toBuffer());
    expect(storedFiles(t, 'blog-media')).toContain(`${media.id}.jpg`);
    expect(storedFiles(t, 'blog-media').filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('everything else is refused, in the words people read', () => {
  it('SVG, HTML, a text file named .png and a PDF: 415', async () => {
    const files: [string, string | Buffer][] = [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'],
      ['page.html', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
      ['innocent.png', 'just some text pretending to be a picture'],
      ['html.png', '<html><img src=x onerror=alert(1)></html>'],
      ['doc.pdf', '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF'],
    ];
    for (const [name, data] of files) {
      const res = await upload(author, name, data);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(BLOG_MESSAGES.imageType);
    }
  });

  it('a corrupt image: 400; no file at all: 400', async () => {
    const png = await image(20, 20).png().toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x41)]);
    const res = await upload(author, 'broken.png', corrupt);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BLOG_MESSAGES.imageUnreadable);
    const jpegHead = await upload(author, 'broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]));
    expect(jpegHead.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/blog-admin/media', headers: { cookie: author.cookie }, payload: { alt: 'no file' } });
    expect(none.statusCode).toBe(400);
  });

  it('over 10 MB: 413, without reading the rest', async () => {
    const big = Buffer.concat([await image(4, 4).png().toBuffer(), Buffer.alloc(BLOG_LIMITS.mediaUploadBytes + 1, 0)]);
    const res = await upload(author, 'huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BLOG_MESSAGES.imageTooLarge);
  });

  it('a PNG whose header claims 50000 × 50000 pixels is refused from the header, quickly', async () => {
    const png = await image(1, 1).png().toBuffer();
    // IHDR is the first chunk: length(4) 'IHDR'(4) width(4) height(4) ... crc(4), after the 8-byte signature.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const started = Date.now();
    const res = await upload(author, 'bomb.png', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BLOG_MESSAGES.imageTooManyPixels);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('an alt text over the limit is 400', async () => {
    const res = await upload(author, 'alt.png', await image(2, 2).png().toBuffer(), 'x'.repeat(BLOG_LIMITS.alt + 1));
    expect(res.statusCode).toBe(400);
  });

  it('a form field the upload does not take is a 400 naming it; nothing is stored', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/blog-admin/media', headers: { cookie: author.cookie } })).json().total as number;
    const m = multipart('extra.png', await image(2, 2).png().toBuffer(), { alt: 'Fine', caption: 'Not a field' });
    const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/media', payload: m.payload, headers: { ...m.headers, cookie: author.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_field', issues: [{ path: 'caption' }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/blog-admin/media', headers: { cookie: author.cookie } })).json().total).toBe(before);
  });
});

describe('the library', () => {
  it('newest first, 20 a page, searched in names and alt texts; % and _ match only themselves', async () => {
    const tag = `lib${Date.now().toString(36)}`;
    const png = await image(2, 2).png().toBuffer();
    const pct = await uploaded(author, `100% ${tag}.png`, png);
    await uploaded(author, `1000 ${tag}.png`, png);
    const alt = await uploaded(editor, 'plain.png', png, `Under_score ${tag}`);
    await uploaded(editor, 'plainer.png', png, `Underxscore ${tag}`);
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog-admin/media${query}`, headers: { cookie: author.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { media: { id: string; created_at: string }[]; total: number; page: number; page_size: number };
    };
    expect((await list(`?q=${encodeURIComponent(`100% ${tag}`)}`)).media.map((m) => m.id)).toEqual([pct.id]);
    expect((await list(`?q=${encodeURIComponent(`UNDER_SCORE ${tag}`)}`)).media.map((m) => m.id)).toEqual([alt.id]);
    expect((await list(`?q=${tag}`)).total).toBe(4);
    for (let i = 0; i < 18; i++) await uploaded(author, `filler ${i}.png`, png);
    const first = await list('');
    expect(first.page_size).toBe(20);
    expect(first.media).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(22);
    const times = first.media.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('?page=2');
    expect(second.media.length).toBeGreaterThan(0);
    expect(second.media.some((m) => first.media.some((f) => f.id === m.id))).toBe(false);
  });

  it('names and alt texts from the XSS corpus come back exactly as typed, in JSON', async () => {
    const png = await image(2, 2).png().toBuffer();
    for (const text of TYPED_TEXT_CORPUS) {
      // A double quote cannot stand in a multipart file name as the test helper writes it (browsers send %22).
      const fileName = `${text.replace(/"/g, "'")}.png`;
      const media = await uploaded(author, fileName, png, text);
      const res = await t.app.inject({ method: 'GET', url: `/api/blog-admin/media?q=${encodeURIComponent(text.trim())}`, headers: { cookie: author.cookie } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const found = res.json().media.find((m: { id: string }) => m.id === media.id);
      // A name loses only what a file name cannot hold: folders (the part after the last slash stays).
      expect(found, text).toMatchObject({ alt: text.trim(), name: fileName.split(/[\\/]/).pop()!.trim() });
    }
  });

  it('an author deletes only their own images; editors any; the file goes too, and the answer is 404 after', async () => {
    const png = await image(2, 2).png().toBuffer();
    const mine = await uploaded(author, 'mine.png', png);
    const theirs = await uploaded(otherAuthor, 'theirs.png', png);
    const del = (who: TestBlogAdmin, id: string) => t.app.inject({ method: 'DELETE', url: `/api/blog-admin/media/${id}`, headers: { cookie: who.cookie } });
    const refused = await del(author, theirs.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOG_MESSAGES.editorsOnly);
    expect((await del(author, mine.id)).statusCode).toBe(204);
    const file = mediaKey({ id: theirs.id, type: 'image/png' });
    expect(await isStored(t, file)).toBe(true);
    // An avatar showing it goes back to none.
    await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${otherAuthor.id}`, headers: { cookie: admin.cookie }, payload: { avatar_media_id: theirs.id } });
    expect((await del(editor, theirs.id)).statusCode).toBe(204);
    expect(await isStored(t, file)).toBe(false);
    expect((await t.ctx.db.selectFrom('blog_admins').select('avatar_media_id').where('id', '=', otherAuthor.id).executeTakeFirstOrThrow()).avatar_media_id).toBeNull();
    for (const id of [mine.id, theirs.id]) {
      const res = await served(`/api/blog/media/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BLOG_MESSAGES.mediaNotFound);
    }
    expect((await del(editor, theirs.id)).statusCode).toBe(404);
  });

  it('served to anyone with a year of caching, its own type, nosniff and a sandboxing CSP', async () => {
    const media = await uploaded(author, 'served.webp', await image(4, 4).webp().toBuffer());
    const res = await served(media.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
    expect((await served('/api/blog/media/nosuchimage')).statusCode).toBe(404);
    // The file went missing from the store: 404, not an error.
    await t.ctx.files.delete(mediaKey({ id: media.id, type: 'image/webp' }));
    expect((await served(media.url)).statusCode).toBe(404);
  });
});
