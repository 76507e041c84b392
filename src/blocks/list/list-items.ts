// Pure list helpers: which lines an item shows and how each is styled. The view renders them.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { cssWidth } from '../cells/cells';

export interface ListLine {
  column: string;
  type: 'text' | 'image';
  color?: string;
  fontWeight: 400 | 700;
  fontStyle: 'normal' | 'italic';
}

/** font_style → CSS: normal, bold, italic, 'bold italic'; anything else is normal. */
export function fontOf(style: unknown): Pick<ListLine, 'fontWeight' | 'fontStyle'> {
  const s = typeof style === 'string' ? style.toLowerCase() : '';
  return { fontWeight: s.includes('bold') ? 700 : 400, fontStyle: s.includes('italic') ? 'italic' : 'normal' };
}

/**
 * The lines of every item: the configured list axes that name a column and are not hidden, in
 * order; without any, every sheet column as text with the first one bold (a readable default).
 */
export function listLines(config: BlockRecord, sheetColumns: string[]): ListLine[] {
  const axes: SettingValues[] = Array.isArray(config.axis) ? config.axis : [];
  const named = axes.filter((a) => typeof a.column === 'string' && a.column !== '');
  if (named.length === 0)
    return sheetColumns.map((column, i) => ({ column, type: 'text', fontWeight: i === 0 ? 700 : 400, fontStyle: 'normal' }));
  return named
    .filter((a) => a.hidden !== true)
    .map((a) => ({
      column: String(a.column),
      type: a.type === 'image' ? 'image' : 'text',
      ...(typeof a.text_color === 'string' && a.text_color ? { color: a.text_color } : {}),
      ...fontOf(a.font_style),
    }));
}

/** Width of item images: the block's column_width (default 200px), as a safe CSS length. */
export const imageWidth = (config: BlockRecord): string => cssWidth(config.column_width);
