// The blog's media library (issue 17): images only, decided from their bytes, decoded and encoded
// again by sharp so that what is served is pixels we wrote: no SVG, no HTML pretending to be a
// picture, no EXIF (camera, GPS), no trailing payload. The orientation is applied first, the
// longest side capped, and a header claiming more than BLOG_LIMITS.mediaMaxPixels pixels is
// refused before anything is decoded. Files live under the key blog-media/{id}.{ext} of ctx.files
// ({DATA_DIR}/blog-media/ on disk, or the S3 bucket: uploads/storage.ts).
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type Sharp from 'sharp';
import type { BlogMedia } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, isBlogEditor } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import { detectType } from '../uploads/detect';
import { mediaUrl } from './accounts-service';
import { blogMediaRepo, type BlogMediaRow } from '../../data/blog/media-repo';
import type { BlogAdminSession } from '../../identity/blog-session';

const load = createRequire(import.meta.url);
let loaded: typeof Sharp | null = null;
/** sharp (and libvips, some 20 MB), loaded with the first image. */
function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  if (!loaded) {
    loaded = load('sharp') as typeof Sharp;
    // One libvips worker thread per image: a 10 MB upload must not take both cores from everyone else.
    loaded.concurrency(1);
    // Decoded tiles are not kept: uploads are one-off, and the cache only holds memory.
    loaded.cache(false);
  }
  return loaded(...args);
}

/** What each accepted type is stored as (a GIF keeps its first frame, as a PNG). */
const OUTPUT = {
  'image/jpeg': { type: 'image/jpeg', ext: 'jpg' },
  'image/png': { type: 'image/png', ext: 'png' },
  'image/webp': { type: 'image/webp', ext: 'webp' },
  'image/gif': { type: 'image/png', ext: 'png' },
} as const;
type Accepted = keyof typeof OUTPUT;

const EXT_OF: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Seconds one re-encoding may take before it is given up. */
const ENCODE_TIMEOUT_S = 30;

/** The storage key of an image of the library. */
export function mediaKey(row: { id: string; type: string }): string {
  return `blog-media/${row.id}.${EXT_OF[row.type] ?? 'bin'}`;
}

export function mediaOut(row: BlogMediaRow): BlogMedia {
  return {
    id: row.id,
    name: row.name,
    url: mediaUrl(row.id),
    type: row.type,
    bytes: Number(row.bytes),
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    uploaded_by: row.uploaded_by ? { id: row.uploaded_by, name: row.uploader_name ?? '' } : null,
    created_at: row.created_at,
  };
}

/** The uploaded file's name as the library shows and searches it: no folders, no control characters, at most 255 characters. */
export function cleanMediaName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return base.slice(0, 255) || 'image';
}

// Re-encodings run one after another in the process: two uploads at once wait their turn rather
// than each taking a core.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

export interface Encoded {
  data: Buffer;
  type: string;
  width: number;
  height: number;
}

/** Decodes and re-encodes an accepted image; the words of the refusal otherwise. */
export async function reencode(input: Buffer): Promise<Encoded> {
  const detected = detectType(input);
  if (!Object.hasOwn(OUTPUT, detected)) throw new HttpError(415, BLOG_MESSAGES.imageType, undefined, 'unsupported_type');
  const out = OUTPUT[detected as Accepted];
  const options = { limitInputPixels: BLOG_LIMITS.mediaMaxPixels, failOn: 'error' as const };
  return oneAtATime(async () => {
    // The header alone says the size: a bomb is refused before any pixel is decoded.
    let meta: Sharp.Metadata;
    try {
      meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw badRequest(BLOG_MESSAGES.imageUnreadable);
    }
    if (!meta.width || !meta.height) throw badRequest(BLOG_MESSAGES.imageUnreadable);
    if (meta.width * meta.height > BLOG_LIMITS.mediaMaxPixels) throw new HttpError(413, BLOG_MESSAGES.imageTooManyPixels, undefined, 'too_many_pixels');
    let pipeline = sharp(input, options)
      .rotate()
      .resize({ width: BLOG_LIMITS.mediaMaxSide, height: BLOG_LIMITS.mediaMaxSide, fit: 'inside', withoutEnlargement: true })
      .timeout({ seconds: ENCODE_TIMEOUT_S });
    pipeline =
      out.type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : out.type === 'image/webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    try {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { data, type: out.type, width: info.width, height: info.height };
    } catch (err) {
      if (/pixel limit/i.test(String((err as Error).message))) throw new HttpError(413, BLOG_MESSAGES.imageTooManyPixels, undefined, 'too_many_pixels');
      throw badRequest(BLOG_MESSAGES.imageUnreadable);
    }
  });
}

export async function upload(ctx: ServerContext, who: BlogAdminSession, file: { name: string; data: Buffer }, alt: string): Promise<BlogMedia> {
  const encoded = await reencode(file.data);
  const id = newId();
  const row = { id, name: cleanMediaName(file.name), type: encoded.type, bytes: encoded.data.length, width: encoded.width, height: encoded.height, alt: alt.trim(), uploaded_by: who.id, created_at: nowIso() };
  const key = mediaKey(row);
  // The store writes whole or nothing: a reader never sees half a file.
  await ctx.files.put(key, encoded.data, encoded.type);
  try {
    await blogMediaRepo(ctx.db).insert(row);
  } catch (e) {
    await ctx.files.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'removing an image without its record failed'));
    throw e;
  }
  return mediaOut({ ...row, uploader_name: who.name });
}

export async function list(ctx: ServerContext, q: string | undefined, page: number): Promise<{ media: BlogMedia[]; total: number; page: number; page_size: number }> {
  const term = q?.trim() || null;
  const size = BLOG_LIMITS.mediaPageSize;
  const repo = blogMediaRepo(ctx.db);
  const [rows, total] = await Promise.all([repo.page(term, (page - 1) * size, size), repo.total(term)]);
  return { media: rows.map(mediaOut), total, page, page_size: size };
}

export async function remove(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<void> {
  const repo = blogMediaRepo(ctx.db);
  const row = await repo.byId(id);
  if (!row) throw notFound(BLOG_MESSAGES.mediaNotFound);
  if (!isBlogEditor(who.role) && row.uploaded_by !== who.id) throw forbidden(BLOG_MESSAGES.editorsOnly);
  await repo.delete(id);
  await ctx.files.delete(mediaKey(row));
}

/** The stored image and its bytes, or 404. */
export async function find(ctx: ServerContext, id: string): Promise<{ row: BlogMediaRow; body: Readable; size: number }> {
  const row = await blogMediaRepo(ctx.db).byId(id);
  if (!row) throw notFound(BLOG_MESSAGES.mediaNotFound);
  const stored = await ctx.files.get(mediaKey(row));
  if (!stored) throw notFound(BLOG_MESSAGES.mediaNotFound);
  return { row, body: stored.body, size: stored.length };
}
