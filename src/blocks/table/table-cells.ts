// Pure table helpers: which columns show, how each column type displays a cell and conditional
// formatting. The view renders what these return; cell reading shared with other blocks is in
// ../cells.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { cellText, cssWidth, EMAIL, formatCell, safeUrl, truncate } from '../cells/cells';
import { tableSchema, type TableColumnType } from './schema';

type Row = Record<string, unknown>;

const axisDefaults = Object.fromEntries(
  Object.entries(tableSchema.axis!.settings).map(([k, s]) => [k, s.default]),
) as SettingValues;

export interface TableColumn {
  /** Sheet column name (also the key in each row). */
  column: string;
  type: TableColumnType;
  width: string;
  align: 'left' | 'center' | 'right';
  markdown: boolean;
  characterLimit: number;
  rules: FormatRule[];
}

export interface FormatRule {
  condition: string;
  value: string;
  text_color: string;
  background_color: string;
}

/**
 * The columns the table shows: the configured axes (not hidden, with a column) in order, or every
 * sheet column as text when none is configured.
 */
export function tableColumns(config: BlockRecord, sheetColumns: string[]): TableColumn[] {
  const blockWidth = cssWidth(config.column_width);
  const axes: SettingValues[] = Array.isArray(config.axis) ? config.axis.map((a) => ({ ...axisDefaults, ...a })) : [];
  const source: SettingValues[] = axes.length ? axes : sheetColumns.map((column) => ({ ...axisDefaults, column }));
  return source
    .filter((a) => typeof a.column === 'string' && a.column !== '' && a.hidden !== true)
    .map((a) => {
      const type = (typeof a.type === 'string' ? a.type : 'text') as TableColumnType;
      const align = a.text_alignment === 'left' || a.text_alignment === 'center' || a.text_alignment === 'right'
        ? a.text_alignment
        : type === 'number'
          ? 'right'
          : 'left';
      return {
        column: a.column as string,
        type,
        width: cssWidth(a.column_width, blockWidth),
        align,
        markdown: a.use_markdown === true || type === 'markdowntext',
        characterLimit: typeof a.character_limit === 'number' && a.character_limit > 0 ? a.character_limit : 0,
        rules: type === 'text' && Array.isArray(a.Conditional_formatting) ? (a.Conditional_formatting as FormatRule[]) : [],
      };
    });
}

export type CellDisplay =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'tags'; tags: string[] }
  | { kind: 'markdown'; text: string };

/** What one cell shows: the view maps each kind to an element. */
export function cellDisplay(value: unknown, col: Pick<TableColumn, 'type' | 'markdown' | 'characterLimit' | 'column'>): CellDisplay {
  const text = cellText(value).trim();
  if (col.markdown) return { kind: 'markdown', text: truncate(text, col.characterLimit) };
  switch (col.type) {
    case 'url': {
      const href = safeUrl(text);
      return href ? { kind: 'link', text: truncate(text, col.characterLimit), href } : { kind: 'text', text };
    }
    case 'image': {
      const src = safeUrl(text, 'image');
      return src ? { kind: 'image', src, alt: col.column } : { kind: 'text', text };
    }
    case 'email':
      return EMAIL.test(text) ? { kind: 'link', text, href: `mailto:${text}` } : { kind: 'text', text };
    case 'tel': {
      const digits = text.replace(/[^\d+]/g, '');
      return digits.length >= 3 ? { kind: 'link', text, href: `tel:${digits}` } : { kind: 'text', text };
    }
    case 'multi-select':
      return { kind: 'tags', tags: text.split(',').map((t) => t.trim()).filter(Boolean) };
    default:
      return { kind: 'text', text: truncate(formatCell(value, col.type), col.characterLimit) };
  }
}

/** Does a conditional formatting rule hold for a cell? Text comparisons ignore case. */
export function ruleMatches(rule: Partial<FormatRule>, value: unknown): boolean {
  const cell = cellText(value).trim().toLowerCase();
  const want = (rule.value ?? '').trim().toLowerCase();
  switch (rule.condition) {
    case 'equals':
      return cell === want;
    case 'not_equals':
      return cell !== want;
    case 'contains':
      return want !== '' && cell.includes(want);
    case 'starts_with':
      return want !== '' && cell.startsWith(want);
    case 'ends_with':
      return want !== '' && cell.endsWith(want);
    case 'empty':
      return cell === '';
    case 'not_empty':
      return cell !== '';
    default:
      return false;
  }
}

/** Colours of the first matching rule, or null. */
export function cellStyle(rules: Partial<FormatRule>[], value: unknown): { color?: string; backgroundColor?: string } | null {
  const rule = rules.find((r) => ruleMatches(r, value));
  if (!rule) return null;
  return {
    ...(rule.text_color ? { color: rule.text_color } : {}),
    ...(rule.background_color ? { backgroundColor: rule.background_color } : {}),
  };
}

/** Fills {{Column}} placeholders of an action's pdf_template with a row's values. */
export function fillTemplate(template: string, row: Row): string {
  return template.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, key: string) => cellText(row[key]));
}
