// Migration of stored legacy scorecard records (`score_card`) to the `scorecard` shape. Older
// records kept the source as flat `sheet`/`column` keys (or `sheet_title` + `column`) and wrote
// functions capitalised ("Sum", "First Row", "avg"). Idempotent: a current record comes back equal.
import type { SettingValues } from '../../shared/settings/types';

const FUNCTIONS: Record<string, string> = {
  sum: 'sum',
  total: 'sum',
  average: 'average',
  avg: 'average',
  mean: 'average',
  'first row': 'first row',
  first: 'first row',
  first_row: 'first row',
  'last row': 'last row',
  last: 'last row',
  last_row: 'last row',
};

export function migrateScorecardAxis(axis: SettingValues, blockSheet = ''): SettingValues {
  const out: SettingValues = { ...axis };
  const src = out.source;
  if (!src || typeof src !== 'object' || Array.isArray(src)) {
    const sheet = typeof out.sheet === 'string' ? out.sheet : typeof out.sheet_title === 'string' ? out.sheet_title : blockSheet;
    const column = typeof out.column === 'string' ? out.column : typeof src === 'string' ? src : '';
    out.source = { sheet, column };
  }
  delete out.sheet;
  delete out.sheet_title;
  delete out.column;
  if (typeof out.function === 'string') {
    const key = out.function.trim().toLowerCase();
    out.function = FUNCTIONS[key] ?? FUNCTIONS[key.replace(/\s+/g, '_')] ?? out.function;
  }
  return out;
}

/** Legacy block record → current one. Anything else comes back unchanged. */
export function migrateScorecardRecord<T extends Record<string, unknown>>(record: T): T {
  if (record.type !== 'score_card' && record.type !== 'scorecard') return record;
  const sheet = typeof record.sheet_title === 'string' ? record.sheet_title : '';
  const axis = Array.isArray(record.axis)
    ? record.axis.map((a) => (a && typeof a === 'object' ? migrateScorecardAxis(a as SettingValues, sheet) : a))
    : record.axis;
  return { ...record, type: 'scorecard', axis };
}
