// Gallery logic: rows → images, numbers from settings within their limits, carousel steps and
// the lightbox keys.
import { mediaSrc, textOf } from '../media-src';
import { DEFAULT_INTERVAL } from './schema';

export interface GalleryImage {
  id: string;
  src: string;
  caption: string;
  description: string;
}

export interface GalleryColumns {
  image: string;
  caption?: string;
  description?: string;
}

/** One image per row whose image cell is a usable address (http(s) or an upload); others are skipped. */
export function galleryImages(rows: Record<string, unknown>[], cols: GalleryColumns): GalleryImage[] {
  if (!cols.image) return [];
  const out: GalleryImage[] = [];
  rows.forEach((row, i) => {
    const src = mediaSrc(row[cols.image]);
    if (!src) return;
    out.push({
      id: row._id !== undefined && row._id !== null ? String(row._id) : `row-${i}`,
      src,
      caption: cols.caption ? textOf(row[cols.caption]) : '',
      description: cols.description ? textOf(row[cols.description]) : '',
    });
  });
  return out;
}

/** A number setting within [min, max]; anything unreadable is the default. */
export function numberIn(v: unknown, min: number, max: number, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** Masonry columns: 2–5, or null for auto. */
export function masonryColumns(v: unknown): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n >= 2 && n <= 5 ? n : null;
}

/** Auto-scroll interval in ms (at least 1 s; the spec's 3000 otherwise). */
export function intervalOf(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 1000 ? Math.min(v, 60000) : DEFAULT_INTERVAL;
}

/** The next index, wrapping around. */
export function stepIndex(i: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((i + step) % count) + count) % count;
}

/** CSS aspect-ratio of a shape setting ('4:3' → '4 / 3'); auto → undefined. */
export function aspectRatio(v: unknown): string | undefined {
  const m = typeof v === 'string' ? /^(\d+):(\d+)$/.exec(v) : null;
  return m && +m[1]! > 0 && +m[2]! > 0 ? `${m[1]} / ${m[2]}` : undefined;
}

export type LightboxAction = 'prev' | 'next' | 'close';

/** Lightbox keyboard: ← previous, → or space next, Escape closes. */
export function lightboxKey(key: string): LightboxAction | null {
  if (key === 'ArrowLeft') return 'prev';
  if (key === 'ArrowRight' || key === ' ' || key === 'Spacebar') return 'next';
  if (key === 'Escape' || key === 'Esc') return 'close';
  return null;
}

/** 'n of m' of the lightbox. */
export function counterText(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}
