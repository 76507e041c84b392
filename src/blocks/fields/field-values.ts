// Pure rules of the field editors (src/blocks/fields/FieldInput.tsx): a sheet cell as the value an
// input of a type edits, the value sent back to the server, options of select types, and which
// values of a draft changed. Shared by the table/list row editor and the form block.
import { isEmptyValue, multiValues, parseOptions, validateValue, type RowValue } from '../../shared/rows/validate';
import { TABLE_COLUMN_TYPES, type TableColumnType } from '../table/schema';
import { cellText, parseDate } from '../cells/cells';

/** What an editor holds: text for every type, a list for multi-select. */
export type FieldValue = string | string[];

/** The 15 input types of table/list columns (the form adds `file` in its own folder). */
export const FIELD_TYPES = TABLE_COLUMN_TYPES;
export type FieldType = TableColumnType;

/** Native HTML input types the browser offers a picker for; the value must be in ISO form. */
export const NATIVE_TYPES: Partial<Record<string, string>> = {
  number: 'number',
  tel: 'tel',
  email: 'email',
  url: 'url',
  image: 'url',
  date: 'date',
  time: 'time',
  month: 'month',
  week: 'week',
  'datetime-local': 'datetime-local',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'H:MM', 'HH:MM:SS', '9:05 PM' → 'HH:MM'; null when it is not a time. */
export function toIsoTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const ampm = m[3]?.toLowerCase().replace(/\./g, '');
  if (ampm) {
    if (h < 1 || h > 12) return null;
    if (ampm === 'pm' && h !== 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
  }
  if (h > 23 || min > 59) return null;
  return `${pad(h)}:${pad(min)}`;
}

/**
 * A sheet cell as the value its editor edits. Dates, months, times and date-times become the ISO
 * forms native pickers need (a cell '05/03/2024' edits as '2024-03-05'); a cell that cannot be read
 * that way stays as written, so nothing is lost when it is left alone.
 */
export function toFieldValue(type: string, cell: unknown): FieldValue {
  if (type === 'multi-select') return multiValues(Array.isArray(cell) ? cell.map(String) : cellText(cell));
  const text = cellText(cell).trim();
  if (text === '') return '';
  switch (type) {
    case 'date': {
      const d = parseDate(text);
      return d ? `${d.y}-${pad(d.m)}-${pad(d.d)}` : text;
    }
    case 'datetime-local': {
      const d = parseDate(text);
      return d ? `${d.y}-${pad(d.m)}-${pad(d.d)}T${pad(d.h ?? 0)}:${pad(d.min ?? 0)}` : text;
    }
    case 'month': {
      const m = /^(\d{4})-(\d{1,2})/.exec(text);
      if (m) return `${m[1]}-${pad(Number(m[2]))}`;
      const d = parseDate(text);
      return d ? `${d.y}-${pad(d.m)}` : text;
    }
    case 'time':
      return toIsoTime(text) ?? text;
    case 'week': {
      const m = /^(\d{4})-?W(\d{1,2})$/i.exec(text);
      return m ? `${m[1]}-W${pad(Number(m[2]))}` : text;
    }
    default:
      return cellText(cell);
  }
}

/** The value sent to the server: text, or a list for multi-select (the server joins it). */
export function toRowValue(type: string, value: FieldValue | undefined): RowValue {
  if (type === 'multi-select') return Array.isArray(value) ? value : multiValues(value ?? '');
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

function same(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : multiValues(a ?? '');
    const y = Array.isArray(b) ? b : multiValues(b ?? '');
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return (a ?? '') === (b ?? '');
}

export interface FieldSpec {
  column: string;
  type: string;
  options?: string[];
  character_limit?: number;
}

/**
 * The columns whose value the user changed, as the server wants them. Compared with what the
 * editor started from (not the raw cell), so a date shown as '2024-03-05' for a cell '05/03/2024'
 * is not sent back unless it was edited.
 */
export function changedValues(fields: FieldSpec[], initial: Record<string, FieldValue>, draft: Record<string, FieldValue>): Record<string, RowValue> {
  const out: Record<string, RowValue> = {};
  for (const f of fields) {
    if (!same(initial[f.column], draft[f.column])) out[f.column] = toRowValue(f.type, draft[f.column]);
  }
  return out;
}

/** Messages of the draft by column (client-side copy of the server's rules); empty when fine. */
export function fieldErrors(fields: FieldSpec[], draft: Record<string, FieldValue>, only?: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (only && !only.includes(f.column)) continue;
    const value = toRowValue(f.type, draft[f.column]);
    const message = validateValue(f.type, value, { character_limit: f.character_limit, options: f.options });
    if (message) out[f.column] = message;
  }
  return out;
}

/**
 * Options of a select column: the distinct non-empty values of another sheet's column when
 * `from_google_sheet` is on and `source` names one (its rows arrive in data.sheets), else the
 * comma-separated `options` text (default 'true, false'). First appearance order; at most 500.
 */
export function fieldOptions(entry: Record<string, unknown>, sheets: Record<string, Record<string, unknown>[]> = {}): string[] {
  const source = entry.source as { sheet?: unknown; column?: unknown } | undefined;
  if (entry.from_google_sheet === true) {
    if (!source || typeof source.sheet !== 'string' || typeof source.column !== 'string' || !source.sheet || !source.column) return [];
    const seen = new Set<string>();
    for (const row of sheets[source.sheet] ?? []) {
      for (const v of multiValues(cellText(row[source.column]))) {
        seen.add(v);
        if (seen.size >= 500) return [...seen];
      }
    }
    return [...seen];
  }
  return parseOptions(entry.options ?? 'true, false');
}

/** The values of a row as its editors start (one entry per field). */
export function initialValues(fields: FieldSpec[], row: Record<string, unknown> | null): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of fields) out[f.column] = row ? toFieldValue(f.type, row[f.column]) : f.type === 'multi-select' ? [] : '';
  return out;
}

/** Issues of a 400 answer ([{path: 'values.<Column>', message}]) by column. */
export function issuesByColumn(error: unknown): Record<string, string> {
  const issues = (error as { issues?: unknown } | null)?.issues;
  const out: Record<string, string> = {};
  if (!Array.isArray(issues)) return out;
  for (const i of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof i?.path !== 'string' || typeof i.message !== 'string') continue;
    const column = i.path.startsWith('values.') ? i.path.slice('values.'.length) : i.path;
    out[column] ??= i.message;
  }
  return out;
}

export { isEmptyValue };
