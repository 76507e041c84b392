// Testimonial logic: rows → cards, the rating rule, carousel pages.
import { mediaSrc, textOf } from '../media-src';

/**
 * Stars of a rating cell: a number 1–5 (written '4', '4.6', '4/5', '4 stars' or as ★ signs),
 * rounded to whole stars and clamped to 5; nothing (null) for empty, zero, negative or
 * unreadable values, so a bad cell shows no stars rather than wrong ones.
 */
export function starsOf(v: unknown): number | null {
  const s = textOf(v);
  if (!s) return null;
  const stars = [...s].filter((c) => c === '★' || c === '⭐').length;
  if (stars > 0 && /^[★⭐☆\s]+$/.test(s)) return Math.min(5, stars);
  const m = /^(-?\d+(?:[.,]\d+)?)\s*(?:\/\s*(\d+(?:[.,]\d+)?)|stars?)?$/i.exec(s);
  if (!m) return null;
  let n = Number(m[1]!.replace(',', '.'));
  if (m[2]) {
    const outOf = Number(m[2].replace(',', '.'));
    if (!(outOf > 0)) return null;
    n = (n / outOf) * 5;
  }
  if (!Number.isFinite(n)) return null;
  const r = Math.round(n);
  if (r < 1) return null;
  return Math.min(5, r);
}

export interface TestimonialColumns {
  text: string;
  name?: string;
  designation?: string;
  company?: string;
  avatar?: string;
  rating?: string;
}

export interface Testimonial {
  id: string;
  text: string;
  name: string;
  /** 'Designation, Company' (either may be missing). */
  role: string;
  avatar: string | null;
  stars: number | null;
}

const cell = (row: Record<string, unknown>, col?: string) => (col ? textOf(row[col]) : '');

/** One card per row with a text. */
export function testimonialsOf(rows: Record<string, unknown>[], cols: TestimonialColumns): Testimonial[] {
  if (!cols.text) return [];
  const out: Testimonial[] = [];
  rows.forEach((row, i) => {
    const text = cell(row, cols.text);
    if (!text) return;
    out.push({
      id: row._id !== undefined && row._id !== null ? String(row._id) : `row-${i}`,
      text,
      name: cell(row, cols.name),
      role: [cell(row, cols.designation), cell(row, cols.company)].filter(Boolean).join(', '),
      avatar: cols.avatar ? mediaSrc(row[cols.avatar]) : null,
      stars: cols.rating ? starsOf(row[cols.rating]) : null,
    });
  });
  return out;
}

/** Initials for a missing avatar ('Ada Lovelace' → 'AL'). */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => Array.from(p)[0]!.toUpperCase()).join('') || '?';
}

/** Cards shown at once: single 1, twin 2 (1 on narrow screens, handled by CSS), grid all. */
export function perPage(layout: unknown): number {
  return layout === 'twin' ? 2 : 1;
}

/** The next start index of a carousel, wrapping around (`step` ±1 pages). */
export function nextStart(start: number, count: number, per: number, step: 1 | -1): number {
  if (count <= per) return 0;
  const pages = Math.ceil(count / per);
  const page = Math.floor(start / per);
  return (((page + step) % pages) + pages) % pages * per;
}

/** Grid columns 1–3; anything else is 3 (the default). */
export function gridColumns(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 3 ? n : 3;
}
