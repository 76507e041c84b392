import { describe, expect, it } from 'vitest';
import { formAxisSettings } from '../../../blocks/form/schema';
import { defaultsOf } from '../../../shared/settings/defaults';
import { columnTypesOf, withAllColumns } from './all-columns';

const columns = ['Name', 'Email', 'Age', 'Joined', 'Photo', 'Notes'];
const rows = [
  { Name: 'Ada', Email: 'ada@example.com', Age: '36', Joined: '2024-01-02', Photo: 'https://x.example/a.png', Notes: 'hi' },
  { Name: 'Grace', Email: 'grace@example.com', Age: 41, Joined: '2023-11-30', Photo: 'https://x.example/g.jpg', Notes: '' },
];

describe('Add all columns (form fields)', () => {
  it('adds one field per column, typed from the data; image addresses become web address fields', () => {
    const axis = withAllColumns(formAxisSettings, [], columns, columnTypesOf(columns, undefined, rows));
    expect(axis.map((f) => [f.column, f.type])).toEqual([
      ['Name', 'text'],
      ['Email', 'email'],
      ['Age', 'number'],
      ['Joined', 'date'],
      ['Photo', 'url'],
      ['Notes', 'text'],
    ]);
    // Every other setting is the field's default.
    expect(axis[1]).toEqual({ ...defaultsOf(formAxisSettings), column: 'Email', type: 'email' });
  });

  it('keeps the fields already there as they are, adds only the missing columns, and drops a blank new field', () => {
    const mine = { ...defaultsOf(formAxisSettings), column: 'Email', label: 'Your e-mail', required: true };
    const blank = defaultsOf(formAxisSettings);
    const axis = withAllColumns(formAxisSettings, [mine, blank], ['Email', 'Name'], { Email: 'text', Name: 'text' });
    expect(axis).toEqual([mine, { ...defaultsOf(formAxisSettings), column: 'Name', type: 'text' }]);
  });

  it('stored column types win over the guess', () => {
    const types = columnTypesOf(['Age', 'Notes'], { Notes: 'textarea' }, rows);
    expect(types).toEqual({ Age: 'number', Notes: 'textarea' });
    expect(withAllColumns(formAxisSettings, [], ['Notes'], types)[0]!.type).toBe('textarea');
  });
});
