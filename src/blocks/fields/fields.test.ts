import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldInput } from './FieldInput';
import {
  FIELD_TYPES,
  changedValues,
  fieldErrors,
  fieldOptions,
  initialValues,
  issuesByColumn,
  toFieldValue,
  toIsoTime,
  toRowValue,
  type FieldSpec,
  type FieldValue,
} from './field-values';

describe('toFieldValue: a cell as its editor edits it', () => {
  it.each<[string, unknown, FieldValue]>([
    ['text', 'hello', 'hello'],
    ['text', 12, '12'],
    ['text', null, ''],
    ['number', 1234.5, '1234.5'],
    ['date', '2024-03-05', '2024-03-05'],
    ['date', '05/03/2024', '2024-03-05'],
    ['date', '03-25-2024', '2024-03-25'],
    ['date', 'Mar 5, 2024', '2024-03-05'],
    ['date', 'someday', 'someday'],
    ['datetime-local', '2024-03-05T09:30', '2024-03-05T09:30'],
    ['datetime-local', '2024-03-05 9:30', '2024-03-05T09:30'],
    ['datetime-local', '2024-03-05', '2024-03-05T00:00'],
    ['month', '2024-3', '2024-03'],
    ['month', '2024-03-17', '2024-03'],
    ['time', '9:05', '09:05'],
    ['time', '9:05 PM', '21:05'],
    ['time', '12:00 am', '00:00'],
    ['time', 'noon', 'noon'],
    ['week', '2024-W5', '2024-W05'],
    ['week', '2024W12', '2024-W12'],
    ['multi-select', 'a, b ,c', ['a', 'b', 'c']],
    ['multi-select', '', []],
    ['multi-select', ['x', 'y'], ['x', 'y']],
    ['select', true, 'true'],
  ])('%s %j → %j', (type, cell, want) => {
    expect(toFieldValue(type, cell)).toEqual(want);
  });
});

describe('toIsoTime', () => {
  it.each([
    ['23:59', '23:59'],
    ['24:00', null],
    ['13:00 pm', null],
    ['1:5', null],
    ['07:15:30', '07:15'],
  ])('%s → %s', (input, want) => expect(toIsoTime(input)).toBe(want));
});

describe('toRowValue', () => {
  it.each<[string, FieldValue | undefined, unknown]>([
    ['multi-select', ['a', 'b'], ['a', 'b']],
    ['multi-select', 'a, b', ['a', 'b']],
    ['text', ['a', 'b'], 'a, b'],
    ['number', '12', '12'],
    ['text', undefined, ''],
  ])('%s %j → %j', (type, value, want) => expect(toRowValue(type, value)).toEqual(want));
});

describe('changedValues: only what the user changed is sent', () => {
  const fields: FieldSpec[] = [
    { column: 'Name', type: 'text' },
    { column: 'When', type: 'date' },
    { column: 'Tags', type: 'multi-select' },
    { column: 'Qty', type: 'number' },
  ];
  const row = { Name: 'Ada', When: '05/03/2024', Tags: 'a, b', Qty: 3 };
  const start = initialValues(fields, row);

  it.each<[string, Record<string, FieldValue>, Record<string, unknown>]>([
    ['nothing changed (a reformatted date is not sent back)', {}, {}],
    ['a text', { Name: 'Grace' }, { Name: 'Grace' }],
    ['a date', { When: '2024-03-06' }, { When: '2024-03-06' }],
    ['tags reordered', { Tags: ['b', 'a'] }, { Tags: ['b', 'a'] }],
    ['tags same', { Tags: ['a', 'b'] }, {}],
    ['a number cleared', { Qty: '' }, { Qty: '' }],
    ['two at once', { Name: 'Grace', Qty: '4' }, { Name: 'Grace', Qty: '4' }],
  ])('%s', (_, edits, want) => {
    expect(changedValues(fields, start, { ...start, ...edits })).toEqual(want);
  });

  it('starts a new row empty (multi-select as an empty list)', () => {
    expect(initialValues(fields, null)).toEqual({ Name: '', When: '', Tags: [], Qty: '' });
  });
});

describe('fieldErrors: the server rules in the browser', () => {
  const fields: FieldSpec[] = [
    { column: 'Mail', type: 'email' },
    { column: 'Qty', type: 'number' },
    { column: 'Kind', type: 'select', options: ['A', 'B'] },
    { column: 'Note', type: 'text', character_limit: 5 },
  ];
  it.each<[Record<string, FieldValue>, Record<string, string>]>([
    [{ Mail: 'a@b.co', Qty: '3', Kind: 'A', Note: 'short' }, {}],
    [{ Mail: '', Qty: '', Kind: '', Note: '' }, {}],
    [{ Mail: 'nope' }, { Mail: 'Must be an e-mail address' }],
    [{ Qty: 'x1' }, { Qty: 'Must be a number' }],
    [{ Kind: 'C' }, { Kind: 'Must be one of: A, B' }],
    [{ Note: 'too long' }, { Note: 'At most 5 characters' }],
  ])('%j → %j', (draft, want) => expect(fieldErrors(fields, draft)).toEqual(want));

  it('checks only the named columns when asked', () => {
    expect(fieldErrors(fields, { Mail: 'nope', Qty: 'x' }, ['Qty'])).toEqual({ Qty: 'Must be a number' });
  });
});

describe('fieldOptions', () => {
  const sheets = { Kinds: [{ Name: 'Red' }, { Name: 'Blue, Green' }, { Name: '' }, { Name: 'Red' }] };
  it.each<[string, Record<string, unknown>, string[]]>([
    ['default options', {}, ['true', 'false']],
    ['comma separated, trimmed, empties dropped', { options: ' a, b ,, c ' }, ['a', 'b', 'c']],
    ['from a sheet column, distinct, split on commas', { from_google_sheet: true, source: { sheet: 'Kinds', column: 'Name' } }, ['Red', 'Blue', 'Green']],
    ['from a sheet not loaded yet', { from_google_sheet: true, source: { sheet: 'Other', column: 'Name' } }, []],
    ['from a sheet without a source', { from_google_sheet: true, options: 'a' }, []],
  ])('%s', (_, entry, want) => expect(fieldOptions(entry, sheets)).toEqual(want));

  it('keeps at most 500 options', () => {
    const big = { S: Array.from({ length: 900 }, (_, i) => ({ C: `v${i}` })) };
    expect(fieldOptions({ from_google_sheet: true, source: { sheet: 'S', column: 'C' } }, big)).toHaveLength(500);
  });
});

describe('issuesByColumn', () => {
  it.each<[unknown, Record<string, string>]>([
    [{ issues: [{ path: 'values.Email', message: 'Must be an e-mail address' }] }, { Email: 'Must be an e-mail address' }],
    [{ issues: [{ path: 'values.a.b', message: 'x' }, { path: 'values.a.b', message: 'y' }] }, { 'a.b': 'x' }],
    [{ issues: 'nope' }, {}],
    [new Error('boom'), {}],
    [null, {}],
  ])('%j', (error, want) => expect(issuesByColumn(error)).toEqual(want));
});

describe('FieldInput renders an editor for each of the 15 types', () => {
  const html = (type: string, value: FieldValue, extra: Record<string, unknown> = {}) =>
    renderToString(createElement(MantineProvider, null, createElement(FieldInput, { type, value, onChange: () => {}, label: 'Field', ...extra })));

  it('covers the table types', () => expect(FIELD_TYPES).toHaveLength(15));

  it.each<[string, FieldValue, RegExp]>([
    ['text', 'hi', /type="text"[^>]*value="hi"|value="hi"[^>]*type="text"/],
    ['number', '12', /type="number"/],
    ['tel', '+1 555', /type="tel"/],
    ['email', 'a@b.co', /type="email"/],
    ['url', 'https://x.test', /type="url"/],
    ['date', '2024-03-05', /type="date"/],
    ['time', '09:30', /type="time"/],
    ['month', '2024-03', /type="month"/],
    ['week', '2024-W05', /type="week"/],
    ['datetime-local', '2024-03-05T09:30', /type="datetime-local"/],
    ['textarea', 'long text', /<textarea[^>]*>long text<\/textarea>/],
    ['markdowntext', '**b**', /<textarea[^>]*>\*\*b\*\*<\/textarea>/],
    ['image', 'https://img.test/a.png', /src="https:\/\/img.test\/a.png"/],
    ['select', 'A', /value="A"/],
    ['multi-select', ['A', 'B'], /A[\s\S]*B/],
  ])('%s', (type, value, pattern) => {
    expect(html(type, value, { options: ['A', 'B', 'C'] })).toMatch(pattern);
  });

  it('shows the error and the character limit', () => {
    const out = html('text', 'x', { error: 'Must be a number', character_limit: 7 });
    expect(out).toContain('Must be a number');
    expect(out).toContain('maxLength="7"');
  });

  it('a select without options edits as free text; an unknown type as text', () => {
    const free = html('select', 'free', { options: [] });
    expect(free).toContain('mantine-TextInput-input');
    expect(free).not.toContain('mantine-Select');
    expect(html('file', 'x')).toMatch(/type="text"/);
  });

  it('an image field offers an upload button only with onUpload', () => {
    expect(html('image', '')).not.toContain('Upload image');
    expect(html('image', '', { onUpload: async () => '/u/1' })).toContain('Upload image');
  });

  it('never renders a javascript: image source', () => {
    expect(html('image', 'javascript:alert(1)')).not.toContain('src="javascript');
  });
});
