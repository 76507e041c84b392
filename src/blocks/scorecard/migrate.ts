// Migration of stored legacy scorecard records (`score_card`) to the `scorecard` shape. Older
// records kept the source as flat `sheet`/`column` keys (or `sheet_title` + `column`) and wrote
// functions capitalised ("Sum", "First Row", "avg"). Each is one numbered step of
// src/blocks/migrations.ts; each is idempotent (stored records carry no version), so a current
// record comes back equal.
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

/** Flat `sheet` / `column` keys (or `sheet_title` + `column`, or a column name as `source`) → `source: {sheet, column}`. */
export function scorecardAxisSource(axis: SettingValues, blockSheet = ''): SettingValues {
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
  return out;
}

/** Capitalised or abbreviated functions ("Sum", "First Row", "avg") → the schema's options. */
export function scorecardAxisFunction(axis: SettingValues): SettingValues {
  if (typeof axis.function !== 'string') return axis;
  const key = axis.function.trim().toLowerCase();
  return { ...axis, function: FUNCTIONS[key] ?? FUNCTIONS[key.replace(/\s+/g, '_')] ?? axis.function };
}

export function migrateScorecardAxis(axis: SettingValues, blockSheet = ''): SettingValues {
  return scorecardAxisFunction(scorecardAxisSource(axis, blockSheet));
}

/** Applies an axis step to every axis entry of a scorecard record; other kinds come back as they are. */
function eachScorecardAxis<T extends Record<string, unknown>>(record: T, step: (axis: SettingValues, blockSheet: string) => SettingValues): T {
  if (record.type !== 'scorecard' || !Array.isArray(record.axis)) return record;
  const sheet = typeof record.sheet_title === 'string' ? record.sheet_title : '';
  return { ...record, axis: record.axis.map((a) => (a && typeof a === 'object' ? step(a as SettingValues, sheet) : a)) };
}

/** Block migration step (migrations.ts): scorecard axes read a `source: {sheet, column}`. */
export function migrateScorecardSources<T extends Record<string, unknown>>(record: T): T {
  return eachScorecardAxis(record, scorecardAxisSource);
}

/** Block migration step (migrations.ts): scorecard functions are spelled as the schema's options. */
export function migrateScorecardFunctions<T extends Record<string, unknown>>(record: T): T {
  return eachScorecardAxis(record, (axis) => scorecardAxisFunction(axis));
}

/** Legacy block record → current one (the kind's rename and both axis steps). Anything else comes back unchanged. */
export function migrateScorecardRecord<T extends Record<string, unknown>>(record: T): T {
  if (record.type !== 'score_card' && record.type !== 'scorecard') return record;
  return migrateScorecardFunctions(migrateScorecardSources({ ...record, type: 'scorecard' }));
}
