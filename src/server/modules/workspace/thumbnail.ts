// The thumbnail of a board on /boardWorkspace: a small SVG drawn on the server from the layout of
// its first page's blocks (the viewer's layout: two columns, a full-width block spans the row,
// header first and footer last, as stored). Each block is a card with a glyph of its kind (bars for a
// chart, lines for a table, a big figure for a scorecard, ...). Cheap (no browser, no data read:
// the blocks' kinds and widths only), always current (drawn from the stored blocks), and it holds
// no text of the owner's, so nothing in it can be markup: only numbers and fixed colours.

import { blockSchemas } from '../../../blocks/schemas';
import { currentKindName } from '../../../blocks/legacy-kinds';
import type { BlockCategory, BlockSchema } from '../../../shared/settings/types';

export interface ThumbnailBlock {
  type: string;
  config: string;
}

const W = 320;
const H = 200;
const PAD = 8;
const GAP = 6;

// A block's glyph comes from its schema (the kind's category and needs, or its own `thumbnail`),
// never from its kind's name: a new kind gets a glyph without touching this file.
type Family = 'frame' | 'bars' | 'rows' | 'figure' | 'pins' | 'picture' | 'fields' | 'dates' | 'text';

function familyOf(type: string): Family {
  const schema = (blockSchemas as Record<string, BlockSchema | undefined>)[currentKindName(type)];
  if (!schema) return 'text';
  if (schema.thumbnail) return schema.thumbnail;
  if (schema.needs?.frame) return 'frame';
  if (schema.needs?.geocodes) return 'pins';
  if (schema.needs?.rowWrites?.by === 'fields') return 'fields';
  const byCategory: Record<BlockCategory, Family> = { charts: 'bars', data: 'rows', media: 'picture', layout: 'picture', content: 'text', auth: 'fields' };
  return byCategory[schema.category];
}

const HEIGHT: Record<Family, number> = { frame: 14, bars: 52, rows: 52, figure: 30, pins: 52, picture: 44, fields: 44, dates: 52, text: 30 };
const TINT: Record<Family, string> = {
  frame: '#364fc7',
  bars: '#228be6',
  rows: '#495057',
  figure: '#12b886',
  pins: '#40c057',
  picture: '#f59f00',
  fields: '#7950f2',
  dates: '#e8590c',
  text: '#868e96',
};

function fullWidth(b: ThumbnailBlock): boolean {
  if (familyOf(b.type) === 'frame') return true;
  try {
    return (JSON.parse(b.config) as { full_width?: unknown }).full_width === true;
  } catch {
    return false;
  }
}

const n = (v: number) => Math.round(v * 10) / 10;

function glyph(f: Family, x: number, y: number, w: number, h: number): string {
  const c = TINT[f];
  const inner = { x: x + 6, y: y + 6, w: w - 12, h: h - 12 };
  switch (f) {
    case 'frame':
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="3" fill="${c}"/>`;
    case 'bars': {
      const bars = 6;
      const bw = inner.w / (bars * 1.6);
      return Array.from({ length: bars }, (_, i) => {
        const bh = inner.h * (0.35 + 0.65 * (((i * 37) % 10) / 10));
        return `<rect x="${n(inner.x + i * bw * 1.6)}" y="${n(inner.y + inner.h - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${c}"/>`;
      }).join('');
    }
    case 'rows':
      return Array.from({ length: 5 }, (_, i) => `<rect x="${n(inner.x)}" y="${n(inner.y + i * (inner.h / 5))}" width="${n(inner.w)}" height="${n(inner.h / 5 - 2)}" fill="${c}" opacity="${i === 0 ? 0.8 : 0.25}"/>`).join('');
    case 'figure':
      return `<rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w * 0.35)}" height="${n(inner.h * 0.35)}" fill="${c}" opacity="0.4"/><rect x="${n(inner.x)}" y="${n(inner.y + inner.h * 0.5)}" width="${n(inner.w * 0.6)}" height="${n(inner.h * 0.5)}" fill="${c}"/>`;
    case 'pins':
      return `<rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w)}" height="${n(inner.h)}" fill="${c}" opacity="0.2"/>${[0.25, 0.55, 0.8].map((p, i) => `<circle cx="${n(inner.x + inner.w * p)}" cy="${n(inner.y + inner.h * (0.3 + 0.2 * i))}" r="3" fill="${c}"/>`).join('')}`;
    case 'picture':
      return `<rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w)}" height="${n(inner.h)}" fill="${c}" opacity="0.25"/><path d="M${n(inner.x)} ${n(inner.y + inner.h)} L${n(inner.x + inner.w * 0.35)} ${n(inner.y + inner.h * 0.4)} L${n(inner.x + inner.w * 0.6)} ${n(inner.y + inner.h * 0.75)} L${n(inner.x + inner.w * 0.75)} ${n(inner.y + inner.h * 0.55)} L${n(inner.x + inner.w)} ${n(inner.y + inner.h)} Z" fill="${c}"/>`;
    case 'fields':
      return Array.from({ length: 3 }, (_, i) => `<rect x="${n(inner.x)}" y="${n(inner.y + i * (inner.h / 3))}" width="${n(i === 2 ? inner.w * 0.35 : inner.w)}" height="${n(inner.h / 3 - 3)}" rx="2" fill="${c}" opacity="${i === 2 ? 0.9 : 0.3}"/>`).join('');
    case 'dates':
      return Array.from({ length: 12 }, (_, i) => `<rect x="${n(inner.x + (i % 4) * (inner.w / 4))}" y="${n(inner.y + Math.floor(i / 4) * (inner.h / 3))}" width="${n(inner.w / 4 - 2)}" height="${n(inner.h / 3 - 2)}" fill="${c}" opacity="${i === 5 ? 0.9 : 0.25}"/>`).join('');
    case 'text':
      return Array.from({ length: 3 }, (_, i) => `<rect x="${n(inner.x)}" y="${n(inner.y + i * (inner.h / 3))}" width="${n(inner.w * (i === 2 ? 0.6 : 1))}" height="${n(Math.min(5, inner.h / 3 - 2))}" rx="2" fill="${c}" opacity="0.5"/>`).join('');
  }
}

/** The SVG of a page's blocks, in stored order; an empty page shows an empty canvas with a plus. */
export function boardThumbnail(blocks: readonly ThumbnailBlock[]): string {
  const parts: string[] = [];
  let y = PAD;
  let column = 0; // 0: the next block starts a row; 1: the right half of the current row is free
  let rowBottom = PAD;
  const half = (W - 2 * PAD - GAP) / 2;
  for (const b of blocks) {
    if (y > H) break;
    const f = familyOf(b.type);
    const h = HEIGHT[f];
    const card = (x: number, top: number, w: number) =>
      (f === 'frame' ? '' : `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" rx="4" fill="#ffffff" stroke="#dee2e6"/>`) + glyph(f, x, top, w, h);
    if (fullWidth(b)) {
      if (column === 1) y = rowBottom + GAP;
      parts.push(card(PAD, y, W - 2 * PAD));
      y += h + GAP;
      rowBottom = y - GAP;
      column = 0;
    } else if (column === 0) {
      parts.push(card(PAD, y, half));
      rowBottom = y + h;
      column = 1;
    } else {
      parts.push(card(PAD + half + GAP, y, half));
      rowBottom = Math.max(rowBottom, y + h);
      y = rowBottom + GAP;
      column = 0;
    }
  }
  if (blocks.length === 0) parts.push(`<path d="M${W / 2 - 12} ${H / 2} H${W / 2 + 12} M${W / 2} ${H / 2 - 12} V${H / 2 + 12}" stroke="#adb5bd" stroke-width="3" stroke-linecap="round"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img"><rect width="${W}" height="${H}" fill="#f1f3f5"/>${parts.join('')}</svg>`;
}
