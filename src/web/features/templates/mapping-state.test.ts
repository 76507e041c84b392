import { describe, expect, it } from 'vitest';
import type { MappingPlan } from '../../../shared/api/templates';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { chooseColumn, chooseSheet, guessColumns, initialMapping, mappedCount, mappingBody, mappingProblems, nameKey } from './mapping-state';

const plan: MappingPlan = {
  used: [
    {
      sheet: 'Orders',
      columns: [
        { name: 'Order Date', type: 'date', blocks: ['Chart on Home'] },
        { name: 'Amount', type: 'number', blocks: ['Chart on Home', 'Table on Home'] },
        { name: 'Notes', type: 'text', blocks: ['Table on Home'] },
      ],
    },
    { sheet: 'Staff', columns: [{ name: 'Name', type: 'text', blocks: ['List on Team'] }] },
  ],
  target: {
    spreadsheet_id: 's2',
    title: 'Mine',
    sheets: [
      {
        title: 'Sales',
        columns: [
          { name: 'order_date', type: 'date' },
          { name: 'Total', type: 'number' },
        ],
      },
      {
        title: 'People',
        columns: [
          { name: 'Full name', type: 'text' },
          { name: 'Email', type: 'text' },
        ],
      },
    ],
  },
  suggestion: [
    { from: 'Orders', to: 'Sales', columns: { 'Order Date': 'order_date', Amount: 'Total', Notes: null } },
    { from: 'Staff', to: null, columns: {} },
  ],
};

describe('nameKey', () => {
  it.each([
    ['Order Date', 'orderdate'],
    ['order_date', 'orderdate'],
    ['ORDER-date', 'orderdate'],
  ])('%j → %j', (s, k) => expect(nameKey(s)).toBe(k));
});

describe('guessColumns', () => {
  it('by name first, then an unclaimed column of the same type, else null', () => {
    expect(
      guessColumns(
        [
          { name: 'Amount', type: 'number' },
          { name: 'total', type: 'number' },
          { name: 'When', type: 'date' },
        ],
        [
          { name: 'Total', type: 'number' },
          { name: 'Price', type: 'number' },
        ],
      ),
    ).toEqual({ Amount: 'Price', total: 'Total', When: null });
  });
});

describe('initialMapping', () => {
  it('takes the suggestion; a sheet with no guess starts unchosen with every column left as is', () => {
    expect(initialMapping(plan)).toEqual({
      Orders: { to: 'Sales', columns: { 'Order Date': 'order_date', Amount: 'Total', Notes: null } },
      Staff: { to: null, columns: { Name: null } },
    });
  });
  it('drops a suggestion naming a sheet or column the spreadsheet does not have', () => {
    const odd: MappingPlan = { ...plan, suggestion: [{ from: 'Orders', to: 'Sales', columns: { Amount: 'Gone' } }, { from: 'Staff', to: 'Gone', columns: {} }] };
    expect(initialMapping(odd)).toEqual({
      // Columns the suggestion does not mention are guessed.
      Orders: { to: 'Sales', columns: { 'Order Date': 'order_date', Amount: null, Notes: null } },
      Staff: { to: null, columns: { Name: null } },
    });
  });
});

describe('editing and applying', () => {
  it('a chosen sheet gets its columns guessed; a column may be changed or left as is', () => {
    let st = chooseSheet(initialMapping(plan), plan, 'Staff', 'People');
    expect(st.Staff).toEqual({ to: 'People', columns: { Name: 'Full name' } });
    st = chooseColumn(st, 'Staff', 'Name', 'Email');
    st = chooseColumn(st, 'Orders', 'Amount', null);
    expect(mappingProblems(st, plan)).toEqual([]);
    expect(mappedCount(st, plan)).toEqual({ mapped: 2, total: 4 });
    expect(mappingBody(st, plan, 's2')).toEqual({
      spreadsheet_id: 's2',
      sheets: [
        { from: 'Orders', to: 'Sales', columns: { 'Order Date': 'order_date', Amount: null, Notes: null } },
        { from: 'Staff', to: 'People', columns: { Name: 'Email' } },
      ],
    });
  });

  it('names what stops Apply, in the server’s words', () => {
    const st = chooseColumn(initialMapping(plan), 'Orders', 'Notes', 'Nope');
    expect(mappingProblems(st, plan)).toEqual([TEMPLATE_MESSAGES.mappingSheetMissing, TEMPLATE_MESSAGES.mappingColumnUnknown('Nope', 'Sales')]);
    // A sheet without a target is not sent.
    expect(mappingBody(st, plan, 's2').sheets.map((s) => s.from)).toEqual(['Orders']);
  });

  it('unknown sheets are ignored', () => {
    const st = initialMapping(plan);
    expect(chooseSheet(st, plan, 'Nope', 'Sales')).toBe(st);
    expect(chooseColumn(st, 'Nope', 'x', null)).toBe(st);
    expect(chooseSheet(st, plan, 'Orders', null).Orders).toEqual({ to: null, columns: { 'Order Date': null, Amount: null, Notes: null } });
  });
});
