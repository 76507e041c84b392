import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../shared/settings/defaults';
import { isVisible } from '../../shared/settings/visibility';
import type { SettingsSchema } from '../../shared/settings/types';
import { tableSchema } from './schema';
import { chartSchema } from '../chart/schema';

/** The keys of `settings` the panel shows for these values (the rest at their defaults). */
const visibleKeys = (settings: SettingsSchema, values: Record<string, unknown>) => {
  const v = { ...defaultsOf(settings), ...values };
  return Object.entries(settings)
    .filter(([, s]) => isVisible(s, v))
    .map(([k]) => k);
};
const ALWAYS = ['title', 'type', 'button_color', 'text_color'];
const MESSAGES = ['success_message', 'error_message'];

describe('table action settings show only for the types that use them', () => {
  it.each<[Record<string, unknown>, string[]]>([
    [{ type: 'Select Type' }, []],
    [{ type: 'Duplicate row' }, MESSAGES],
    [{ type: 'Edit row' }, MESSAGES],
    [{ type: 'Delete row' }, MESSAGES],
    [{ type: 'Open link' }, ['source_column']],
    [{ type: 'Compose Email' }, ['source_column', ...MESSAGES]],
    [{ type: 'Copy to clipboard' }, ['source_column', ...MESSAGES]],
    [{ type: 'Download pdf' }, ['pdf_template']],
    [{ type: 'API call' }, ['api_endpoint', 'http_method', 'body_type', 'authorization_method', 'field_mapping', ...MESSAGES]],
    [{ type: 'API call', authorization_method: 'Bearer Token' }, ['api_endpoint', 'http_method', 'body_type', 'authorization_method', 'token', 'field_mapping', ...MESSAGES]],
    [
      { type: 'API call', authorization_method: 'Custom Header' },
      ['api_endpoint', 'http_method', 'body_type', 'authorization_method', 'custom_header', 'token', 'field_mapping', ...MESSAGES],
    ],
    [{ type: 'Open link', authorization_method: 'Custom Header' }, ['source_column']],
  ])('%j', (values, extra) => {
    expect(visibleKeys(tableSchema.actions!.settings, values).sort()).toEqual([...ALWAYS, ...extra].sort());
  });
});

describe('table column settings show by type', () => {
  it.each<[Record<string, unknown>, string[], string[]]>([
    [{ type: 'text' }, ['Conditional_formatting'], ['image_source', 'options', 'source', 'from_google_sheet']],
    [{ type: 'number' }, [], ['Conditional_formatting', 'image_source', 'options']],
    [{ type: 'image' }, ['image_source'], ['Conditional_formatting']],
    [{ type: 'select' }, ['from_google_sheet', 'options'], ['source']],
    [{ type: 'multi-select', from_google_sheet: true }, ['from_google_sheet', 'source'], ['options']],
  ])('%j shows %j, hides %j', (values, shown, hidden) => {
    const keys = visibleKeys(tableSchema.axis!.settings, values);
    for (const k of shown) expect(keys).toContain(k);
    for (const k of hidden) expect(keys).not.toContain(k);
  });

  it('block-level add-row settings appear only when someone may add rows', () => {
    const block = tableSchema.settings;
    expect(isVisible(block.add_row_button_title!, { add_new_row: 'None' })).toBe(false);
    expect(isVisible(block.add_row_button_title!, { add_new_row: 'Everyone' })).toBe(true);
    expect(isVisible(block.rows_per_page!, { paginate: false })).toBe(false);
  });

  it('chart StepSize and grid colour follow their switches', () => {
    expect(isVisible(chartSchema.settings.StepSize!, { CustomStepSize: false })).toBe(false);
    expect(isVisible(chartSchema.settings.StepSize!, { CustomStepSize: true })).toBe(true);
    expect(isVisible(chartSchema.settings.grid_color!, { grid: false })).toBe(false);
  });
});
