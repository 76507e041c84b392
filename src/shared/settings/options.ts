// Select options written from their values, for schemas. Generic in the values so a schema
// declared with defineSettings keeps them as a union type (views read the setting as that union).
import { COLUMN_TYPE_LABELS } from '../rows/column-types';
import { defineSettings } from './read';
import type { HideRule, SelectOption } from './types';

/** Options whose label is the value itself: 'Everyone' → { value: 'Everyone', label: 'Everyone' }. */
export function sameLabelOptions<const V extends string>(...values: V[]): (SelectOption & { value: V })[] {
  return values.map((value) => ({ value, label: value }));
}

/** Options labelled with the value capitalised: 'left' → { value: 'left', label: 'Left' }. */
export function capitalisedOptions<const V extends string>(...values: V[]): (SelectOption & { value: V })[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

/**
 * Options of a column or field type picker: the stored value is the type id ('datetime-local'),
 * the label what people call it ('Date and time', shared/rows/column-types.ts).
 */
export function columnTypeOptions<const V extends string>(...values: V[]): (SelectOption & { value: V })[] {
  const labels: Record<string, string> = COLUMN_TYPE_LABELS;
  return values.map((value) => ({ value, label: labels[value] ?? value.charAt(0).toUpperCase() + value.slice(1) }));
}

const isSelectColumn: HideRule = { setting: 'type', in: ['select', 'multi-select'] };

/**
 * The settings of a select or multi-select column's choices (table and list columns, form
 * fields): typed in as a comma-separated list, or taken from a column of a sheet
 * (`from_google_sheet`, `source`). Spread where they stand in the panel.
 */
export function selectChoicesSettings(typedIn: { default: string; description: string }) {
  return defineSettings({
    from_google_sheet: {
      type: 'boolean',
      default: false,
      label: 'Options from a sheet',
      showIf: isSelectColumn,
    },
    source: {
      type: 'datasource',
      default: { sheet: '', column: '' },
      label: 'Options source',
      showIf: { all: [isSelectColumn, { setting: 'from_google_sheet', equals: true }] },
    },
    options: {
      type: 'input',
      default: typedIn.default,
      label: 'Options',
      description: typedIn.description,
      showIf: { all: [isSelectColumn, { setting: 'from_google_sheet', equals: false }] },
    },
  });
}
