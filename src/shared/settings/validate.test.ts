import { describe, expect, it } from 'vitest';
import { checkValue, isColor, validate } from './validate';
import { SETTING_TYPES, type Setting, type SettingType, type SettingsSchema } from './types';

describe('isColor', () => {
  it.each([
    ['#fff', true],
    ['#4f46e5', true],
    ['#4f46e580', true],
    ['#ffff', true],
    ['rgb(1, 2, 3)', true],
    ['rgba(1,2,3,0.5)', true],
    ['hsl(120 50% 50%)', true],
    ['transparent', true],
    ['red', true],
    ['', true],
    ['#ggg', false],
    ['#12345', false],
    ['url(x)', false],
    ['red; background: url(x)', false],
    [12, false],
    [null, false],
  ])('%j → %s', (v, ok) => expect(isColor(v)).toBe(ok));
});

const select: Setting = { type: 'select', default: 'a', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] };

/** [type, extra setting fields, value, valid?] — every setting type, good and bad values. */
const cases: [SettingType, Partial<Setting>, unknown, boolean][] = [
  ['color', {}, '#4f46e5', true],
  ['color', {}, 'nope!', false],
  ['colors', {}, ['#111111', 'red'], true],
  ['colors', {}, [], true],
  ['colors', {}, ['#111111', 'bad color!'], false],
  ['colors', {}, '#111111', false],
  ['select', select, 'a', true],
  ['select', select, 'c', false],
  ['select', select, '', true],
  ['select', { ...select, required: true }, '', false],
  ['select', select, 1, false],
  ['boolean', {}, true, true],
  ['boolean', {}, 'true', false],
  ['booleantext', {}, false, true],
  ['booleantext', {}, 'yes', true],
  ['booleantext', {}, 1, false],
  ['number', {}, 5, true],
  ['number', {}, '5', false],
  ['number', {}, Number.NaN, false],
  ['number', {}, Number.POSITIVE_INFINITY, false],
  ['number', {}, '', true],
  ['number', { min: 1, max: 10 }, 0, false],
  ['number', { min: 1, max: 10 }, 11, false],
  ['number', { min: 1, max: 10 }, 10, true],
  ['range', { min: 0, max: 5 }, 5, true],
  ['range', { min: 0, max: 5 }, 6, false],
  ['range', { min: 0, max: 5 }, -1, false],
  ['slider', { min: 0, max: 1 }, 0.5, true],
  ['slider', { min: 0, max: 1 }, 2, false],
  ['input', {}, 'text', true],
  ['input', {}, 3, false],
  ['text', {}, '', true],
  ['textarea', {}, 'a\nb', true],
  ['markdowntext', {}, '**b**', true],
  ['markdowntext', {}, {}, false],
  ['sheet_columns', {}, 'Amount', true],
  ['sheet_columns', {}, ['A', 'B'], true],
  ['sheet_columns', {}, ['A', 1], false],
  ['sheet_columns', {}, 1, false],
  ['datasource', {}, { sheet: 'Orders', column: 'Total' }, true],
  ['datasource', {}, { sheet: '', column: '' }, true],
  ['datasource', {}, { sheet: 'Orders' }, false],
  ['datasource', {}, 'Orders', false],
  ['datasource', {}, ['Orders', 'Total'], false],
  ['pages', {}, 'home', true],
  ['image', {}, 'https://x/y.png', true],
  ['imageBlock', {}, 'x', true],
  ['url', {}, 'https://example.com', true],
  ['url', {}, 'http://example.com', true],
  ['url', {}, '/local', true],
  ['url', {}, 'mailto:a@b.c', true],
  ['url', {}, '', true],
  ['url', {}, 'javascript:alert(1)', false],
  ['url', {}, 'example.com', false],
  ['url', {}, 5, false],
  ['date', {}, '2024-01-01', true],
  ['time', {}, '10:00', true],
  ['time', {}, 1000, false],
  ['array', {}, [], true],
  ['array', {}, 'x', false],
  ['array', { maxItems: 1 }, [{}, {}], false],
  ['kv_pair', {}, [{ key: 'a', value: 'b' }], true],
  ['kv_pair', {}, [], true],
  ['kv_pair', {}, [{ value: 'b' }], false],
  ['kv_pair', {}, { a: 'b' }, false],
  ['video_upload', {}, 'https://v', true],
  ['audio_upload', {}, 'https://a', true],
  ['image_upload', {}, 'https://i', true],
  ['image_upload', {}, null, true],
];

describe('checkValue for every type', () => {
  it('the table covers every setting type', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(SETTING_TYPES));
  });

  it.each(cases)('%s %j: %j → valid %s', (type, extra, value, valid) => {
    const problem = checkValue('field', { default: null, ...extra, type } as Setting, value);
    if (valid) expect(problem).toBeNull();
    else expect(problem).toMatch(/field/);
  });

  it('refuses a type it does not know instead of reading it as text', () => {
    expect(() => checkValue('field', { default: '', type: 'colour' as SettingType }, 'x')).toThrow("Unknown setting type 'colour'");
  });

  it('undefined and null are not checked (required handles them)', () => {
    expect(checkValue('x', { type: 'number', default: 1 }, undefined)).toBeNull();
    expect(checkValue('x', { type: 'color', default: '' }, null)).toBeNull();
  });

  it('messages use the label', () => {
    expect(checkValue('rows_per_page', { type: 'number', default: 1, label: 'Rows per page' }, 'x')).toBe('Rows per page must be a number');
  });
});

describe('validate', () => {
  const schema: SettingsSchema = {
    custom: { type: 'boolean', default: false },
    step: { type: 'number', default: 1, required: true, showIf: { setting: 'custom', equals: true } },
    column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
    source: { type: 'datasource', default: { sheet: '', column: '' }, required: true },
    links: {
      type: 'array',
      default: [],
      maxItems: 2,
      item: { url: { type: 'url', default: '', required: true }, label: { type: 'input', default: '' } },
    },
  };

  it.each<[string, Record<string, unknown>, { path: string; message: string }[]]>([
    ['valid', { custom: false, column: 'A', source: { sheet: 'S', column: 'C' }, links: [] }, []],
    ['required empty text', { column: '', source: { sheet: 'S', column: 'C' } }, [{ path: 'column', message: 'Column is required' }]],
    ['required missing', { source: { sheet: 'S', column: 'C' } }, [{ path: 'column', message: 'Column is required' }]],
    ['required empty list', { column: [], source: { sheet: 'S', column: 'C' } }, [{ path: 'column', message: 'Column is required' }]],
    ['datasource without column is empty', { column: 'A', source: { sheet: 'S', column: '' } }, [{ path: 'source', message: 'source is required' }]],
    ['hidden required setting is not required', { custom: false, step: '', column: 'A', source: { sheet: 'S', column: 'C' } }, []],
    [
      'visible required setting is required',
      { custom: true, step: '', column: 'A', source: { sheet: 'S', column: 'C' } },
      [{ path: 'step', message: 'step is required' }],
    ],
    ['unknown key', { column: 'A', source: { sheet: 'S', column: 'C' }, typo: 1 }, [{ path: 'typo', message: "Unknown setting 'typo'" }]],
    [
      'array items validated with paths',
      { column: 'A', source: { sheet: 'S', column: 'C' }, links: [{ url: 'https://a' }, { url: '' }] },
      [{ path: 'links.1.url', message: 'url is required' }],
    ],
    [
      'array item unknown key',
      { column: 'A', source: { sheet: 'S', column: 'C' }, links: [{ url: 'https://a', x: 1 }] },
      [{ path: 'links.0.x', message: "Unknown setting 'x'" }],
    ],
    [
      'array items must be objects',
      { column: 'A', source: { sheet: 'S', column: 'C' }, links: ['x'] },
      [{ path: 'links.0', message: 'links items must be objects' }],
    ],
    [
      'array maxItems',
      { column: 'A', source: { sheet: 'S', column: 'C' }, links: [{ url: '/a' }, { url: '/b' }, { url: '/c' }] },
      [{ path: 'links', message: 'links allows at most 2 items' }],
    ],
  ])('%s', (_, values, issues) => {
    expect(validate(schema, values)).toEqual(issues);
  });

  it('prefix names nested paths; allowKeys lets record keys through', () => {
    expect(validate(schema, { column: '', source: { sheet: 'S', column: 'C' }, id: 'x' }, { prefix: 'axis.0.', allowKeys: ['id'] })).toEqual([
      { path: 'axis.0.column', message: 'Column is required' },
    ]);
  });
});

describe('urlWhen: a text that is a link while a rule over its siblings holds', () => {
  const fieldDefault: Setting = { type: 'input', default: '', label: 'Default value', urlWhen: { setting: 'type', in: ['file'] } };
  it.each([
    ['file', 'javascript:alert(1)', false],
    ['file', 'JAVASCRIPT:alert(1)', false],
    ['file', '  javascript:alert(1)', false],
    ['file', '\u0001javascript:alert(1)', false],
    ['file', 'data:text/html,<script>alert(1)</script>', false],
    ['file', 'vbscript:msgbox(1)', false],
    ['file', 'https://example.com/a.pdf', true],
    ['file', '/api/uploads/abc', true],
    ['file', '', true],
    ['text', 'javascript:alert(1)', true],
  ])('type %s, default %j → valid %s', (type, value, ok) => {
    expect(checkValue('default', fieldDefault, value, { type, default: value }) === null).toBe(ok);
    expect(validate({ type: { type: 'input', default: 'text' }, default: fieldDefault }, { type, default: value })).toHaveLength(ok ? 0 : 1);
  });
});
