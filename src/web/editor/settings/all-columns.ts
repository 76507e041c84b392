// "Add all columns" of a block whose viewers fill in one field per axis entry (a form): one new
// field per column of the sheet that no field uses yet, each with the column's type (stored on the
// sheet, else guessed from its rows) when the field offers that type.
import { guessColumnTypes, type ColumnTypes } from '../../../shared/rows/column-types';
import { defaultsOf } from '../../../shared/settings/defaults';
import type { SettingsSchema, SettingValues } from '../../../shared/settings/types';

// Sheet types a field has no input for, and the nearest one it has.
const NEAREST: Record<string, string> = { image: 'url' };

/** The axis with a field appended for every column not used yet (existing fields stay as they are). */
export function withAllColumns(axisSchema: SettingsSchema, axis: readonly SettingValues[], columns: readonly string[], types: ColumnTypes): SettingValues[] {
  const used = new Set(axis.map((a) => a.column).filter((c): c is string => typeof c === 'string' && c !== ''));
  const offered = new Set((axisSchema.type?.options ?? []).map((o) => o.value));
  const added = columns
    .filter((c) => !used.has(c))
    .map((column) => {
      const field: SettingValues = { ...defaultsOf(axisSchema), column };
      const guessed = types[column];
      const type = guessed && offered.has(guessed) ? guessed : guessed && offered.has(NEAREST[guessed] ?? '') ? NEAREST[guessed]! : null;
      if (type && 'type' in axisSchema) field.type = type;
      return field;
    });
  // The first blank field (what a new form starts with) is replaced rather than kept empty.
  const kept = axis.filter((a) => typeof a.column === 'string' && a.column !== '');
  return [...kept, ...added];
}

/**
 * A sheet's column types: the stored ones when the spreadsheet answer carries them, the rest
 * guessed from `rows` (a first page of the sheet).
 */
export function columnTypesOf(columns: readonly string[], stored: ColumnTypes | undefined, rows: readonly Record<string, unknown>[]): ColumnTypes {
  const guessed = guessColumnTypes(columns, rows);
  return { ...guessed, ...(stored ?? {}) };
}
