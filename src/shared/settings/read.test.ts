import { describe, expect, expectTypeOf, it } from 'vitest';
import { capitalisedOptions, sameLabelOptions } from './options';
import { defineSettings, readSetting, readSettings, type DataSourceValue, type KeyValuePair } from './read';
import { SETTING_TYPES, type Setting, type SettingType } from './types';

const schema = defineSettings({
  title: { type: 'input', default: '' },
  submit: { type: 'input', default: 'Submit' },
  color: { type: 'color', default: '#4f46e5' },
  paginate: { type: 'boolean', default: true },
  rows: { type: 'number', default: 10, min: 1 },
  year: { type: 'number', default: '' },
  align: { type: 'select', default: 'left', options: capitalisedOptions('left', 'center', 'right') },
  who: { type: 'select', default: 'Everyone', options: sameLabelOptions('Admins', 'Everyone') },
  column: { type: 'sheet_columns', default: '' },
  details: { type: 'sheet_columns', default: [] },
  source: { type: 'datasource', default: { sheet: '', column: '' } },
  buttons: {
    type: 'array',
    default: [],
    item: { title: { type: 'input', default: 'Open' }, size: { type: 'range', default: 2 } },
  },
  anything: { type: 'booleantext', default: false },
});

describe('readSettings', () => {
  it('types each key from its setting', () => {
    const s = readSettings(schema, {});
    expectTypeOf(s.title).toEqualTypeOf<string>();
    expectTypeOf(s.paginate).toEqualTypeOf<boolean>();
    expectTypeOf(s.rows).toEqualTypeOf<number>();
    expectTypeOf(s.year).toEqualTypeOf<number | ''>();
    expectTypeOf(s.align).toEqualTypeOf<'left' | 'center' | 'right'>();
    expectTypeOf(s.who).toEqualTypeOf<'Admins' | 'Everyone'>();
    expectTypeOf(s.column).toEqualTypeOf<string>();
    expectTypeOf(s.details).toEqualTypeOf<string[]>();
    expectTypeOf(s.source).toEqualTypeOf<DataSourceValue>();
    expectTypeOf(s.buttons).toEqualTypeOf<{ title: string; size: number }[]>();
    expectTypeOf(s.anything).toEqualTypeOf<boolean | string>();
  });

  it('gives the defaults for missing values', () => {
    expect(readSettings(schema, {})).toEqual({
      title: '',
      submit: 'Submit',
      color: '#4f46e5',
      paginate: true,
      rows: 10,
      year: '',
      align: 'left',
      who: 'Everyone',
      column: '',
      details: [],
      source: { sheet: '', column: '' },
      buttons: [],
      anything: false,
    });
  });

  it('keeps values of the right shape', () => {
    const s = readSettings(schema, { title: 'Orders', paginate: false, rows: 25, year: 2024, align: 'right', column: 'Name', details: ['A', 'B'], anything: 'yes' });
    expect(s).toMatchObject({ title: 'Orders', paginate: false, rows: 25, year: 2024, align: 'right', column: 'Name', details: ['A', 'B'], anything: 'yes' });
  });

  it.each([
    ['title', 5, ''],
    ['paginate', 'false', true],
    ['rows', '25', 10],
    ['rows', Number.NaN, 10],
    ['align', 'middle', 'left'],
    ['who', '', 'Everyone'],
    ['column', ['A'], ''],
    ['details', 'A', []],
    ['source', { sheet: 'Orders' }, { sheet: '', column: '' }],
    ['buttons', 'x', []],
  ] as const)('%s: %j reads as the default %j', (key, value, expected) => {
    expect(readSettings(schema, { [key]: value })[key]).toEqual(expected);
  });

  it('keeps an empty text unless blanks are defaults', () => {
    expect(readSettings(schema, { submit: '' }).submit).toBe('');
    expect(readSettings(schema, { submit: '' }, { blankIsDefault: true }).submit).toBe('Submit');
    expect(readSettings(schema, { submit: ' ' }, { blankIsDefault: true }).submit).toBe(' ');
  });

  it('takes defaults for blanks only in the settings named', () => {
    const s = readSettings(schema, { submit: '', color: '' }, { blankIsDefault: ['color'] });
    expect([s.submit, s.color]).toEqual(['', '#4f46e5']);
  });

  it('reads array items through the item settings, dropping what is not an object', () => {
    const s = readSettings(schema, { buttons: [{ title: 'Go' }, null, 'x', { size: 'big' }] });
    expect(s.buttons).toEqual([
      { title: 'Go', size: 2 },
      { title: 'Open', size: 2 },
    ]);
  });

  it('never hands out the schema default itself', () => {
    const s = readSettings(schema, {});
    s.details.push('A');
    expect(schema.details.default).toEqual([]);
  });
});

describe('readSetting for every type', () => {
  const cases: [SettingType, unknown, unknown][] = [
    ['color', '#fff', '#fff'],
    ['colors', ['#fff', '#000'], ['#fff', '#000']],
    ['select', 'a', 'a'],
    ['boolean', false, false],
    ['booleantext', 'x', 'x'],
    ['number', 3, 3],
    ['input', 'a', 'a'],
    ['text', 'a', 'a'],
    ['textarea', 'a\nb', 'a\nb'],
    ['markdowntext', '**a**', '**a**'],
    ['range', 1, 1],
    ['slider', 1, 1],
    ['sheet_columns', 'A', 'A'],
    ['datasource', { sheet: 'S', column: 'C', extra: 1 }, { sheet: 'S', column: 'C' }],
    ['pages', 'home', 'home'],
    ['image', '/i.png', '/i.png'],
    ['imageBlock', '/i.png', '/i.png'],
    ['url', 'https://x', 'https://x'],
    ['date', '2024-01-01', '2024-01-01'],
    ['time', '10:00', '10:00'],
    ['array', [{ a: 1 }, 2], [{ a: 1 }]],
    ['kv_pair', [{ key: 'k', value: 'v' }, { key: 'n', value: 1 }, { value: 'x' }], [{ key: 'k', value: 'v' }, { key: 'n', value: '' }]],
    ['video_upload', '/v', '/v'],
    ['audio_upload', '/a', '/a'],
    ['image_upload', '/i', '/i'],
  ];

  it('the table covers every setting type', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(SETTING_TYPES));
  });

  it.each(cases)('%s: %j → %j', (type, value, expected) => {
    const setting = { type, default: null, options: [{ value: 'a', label: 'A' }] } as Setting;
    expect(readSetting(setting, value)).toEqual(expected);
  });

  it.each(SETTING_TYPES)('%s: a value of no type reads as the default', (type) => {
    expect(readSetting({ type, default: 'fallback' } as Setting, Symbol('x'))).toBe('fallback');
  });
});

describe('options from values', () => {
  it('labels with the value or the value capitalised', () => {
    expect(sameLabelOptions('Admins', 'None')).toEqual([
      { value: 'Admins', label: 'Admins' },
      { value: 'None', label: 'None' },
    ]);
    expect(capitalisedOptions('left', 'top-right')).toEqual([
      { value: 'left', label: 'Left' },
      { value: 'top-right', label: 'Top-right' },
    ]);
  });

  it('keeps the values as a union type', () => {
    expectTypeOf(sameLabelOptions('a', 'b')[0]!.value).toEqualTypeOf<'a' | 'b'>();
  });
});

describe('JSON round trip', () => {
  it('a defined schema is plain data', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    expectTypeOf<KeyValuePair>().toHaveProperty('key');
  });
});
