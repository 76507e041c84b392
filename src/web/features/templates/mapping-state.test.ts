import { describe, expect, it } from 'vitest';
import type { MappingPlan } from '../../../shared/api/templates';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { brokenKey, brokenRefs, chooseColumn, chooseSheet, guessColumns, initialMapping, mappedCount, mappingBody, mappingProblems, nameKey, unresolvedProblems } from './mapping-state';

const plan: MappingPlan = {
  used: [
    {
      sheet: 'Orders',
      columns: [
        { name: 'Order Date', type: 'date', blocks: ['Chart on Home'], named_by: [{ block_id: 'c1', block: 'Chart on Home' }] },
        { name: 'Amount', type: 'number', blocks: ['Chart on Home', 'Table on Home'], named_by: [{ block_id: 'c1', block: 'Chart on Home' }, { block_id: 't1', block: 'Table on Home' }] },
        { name: 'Notes', type: 'text', blocks: ['Table on Home'], named_by: [{ block_id: 't1', block: 'Table on Home' }] },
      ],
    },
    { sheet: 'Staff', columns: [{ name: 'Name', type: 'text', blocks: ['List on Team'], named_by: [{ block_id: 'l1', block: 'List on Team' }] }] },
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
          { name: 'name', type: 'text' },
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

  it('matches nothing by type onto a sheet whose columns share no name with the template’s (weather onto Orders)', () => {
    const weather = [
      { name: 'date', type: 'date' },
      { name: 'temp_max', type: 'number' },
      { name: 'temp_min', type: 'number' },
    ];
    const orders = [
      { name: 'Order date', type: 'date' },
      { name: 'Quantity', type: 'number' },
    ];
    expect(guessColumns(weather, orders)).toEqual({ date: null, temp_max: null, temp_min: null });
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
    expect(st.Staff).toEqual({ to: 'People', columns: { Name: 'name' } });
    st = chooseColumn(st, 'Staff', 'Name', 'Email');
    st = chooseColumn(st, 'Orders', 'Amount', null);
    expect(mappingProblems(st, plan)).toEqual([]);
    expect(mappedCount(st, plan)).toEqual({ mapped: 2, total: 4 });
    // Amount and Notes left as they are, and Sales has neither: the blocks naming them break.
    expect(brokenRefs(st, plan).map((r) => `${r.column}→${r.block}`)).toEqual(['Amount→Chart on Home', 'Amount→Table on Home', 'Notes→Table on Home']);
    expect(unresolvedProblems(st, plan, {})).toHaveLength(3);
    const choices = { [brokenKey({ sheet: 'Orders', column: 'Amount', blockId: 'c1' })]: 'drop' as const, [brokenKey({ sheet: 'Orders', column: 'Amount', blockId: 't1' })]: 'remove' as const };
    expect(unresolvedProblems(st, plan, choices)).toEqual(['Choose a column for “Notes”, or what happens to “Table on Home” without it.']);
    expect(mappingBody(st, plan, 's2', choices)).toEqual({
      spreadsheet_id: 's2',
      choices: [
        { block_id: 'c1', sheet: 'Orders', column: 'Amount', choice: 'drop' },
        { block_id: 't1', sheet: 'Orders', column: 'Amount', choice: 'remove' },
      ],
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
