// The integrity check of an app against its data (src/shared/settings/integrity.ts, issue 33), on
// the real block schemas: every column a block, axis, action, filter, form field or markdown
// reference names must be in its sheet.
import { describe, expect, it } from 'vitest';
import { schemaOf } from './schemas';
import { brokenBlocksInWords, checkApp, columnReferences, dropColumnFromBlock, markdownColumns } from '../shared/settings/integrity';
import type { BlockRecord } from '../shared/settings/types';

const block = (type: string, rest: Record<string, unknown>): BlockRecord =>
  ({ id: `b-${type}`, type, section: '', sheet_title: 'Orders', axis: [], actions: [], full_width: false, ...rest }) as BlockRecord;

const ORDERS = { title: 'Orders', columns: ['date', 'temp_max', 'weather'] };

describe('checkApp', () => {
  it('names, in words, each column a chart axis, a form field or a markdown reference uses that the sheet lacks', () => {
    const chart = block('chart', { title: 'Sales', x_axis: 'date', axis: [{ column: 'temp_max' }, { column: 'temp_min' }] });
    const form = block('form', { axis: [{ column: 'weather' }, { column: 'precipitation' }] });
    const md = block('markdown', { markdown_text: 'It was [weather] and [wind], see [the docs](https://e.com) ![a](b.png)' });
    const fine = block('table', { id: 'ok', axis: [{ column: 'date' }] });
    const broken = checkApp([chart, form, md, fine], [ORDERS], schemaOf);
    expect(broken.map((b) => b.blockId)).toEqual(['b-chart', 'b-form', 'b-markdown']);
    expect(broken[0]!.problems).toEqual([
      { blockId: 'b-chart', block: 'Sales', sheet: 'Orders', column: 'temp_min', paths: ['axis.1.column'], message: 'The chart “Sales” uses the column “temp_min”, which is not in the sheet “Orders”.' },
    ]);
    expect(broken[1]!.problems[0]!.message).toBe('The form uses the column “precipitation”, which is not in the sheet “Orders”.');
    expect(broken[2]!.problems.map((p) => p.column)).toEqual(['wind']);
    expect(brokenBlocksInWords(broken)).toContain('3 blocks name a sheet or column that is not in the data: “Sales”, “Form”, “Markdown”.');
  });

  it('reports a missing sheet once, a datasource over another sheet, and board filters', () => {
    const table = block('table', { sheet_title: 'Gone', axis: [{ column: 'a' }, { column: 'b' }] });
    const card = block('scorecard', { sheet_title: '', axis: [{ source: { sheet: 'Orders', column: 'amount' } }] });
    const broken = checkApp([table, card], [ORDERS], schemaOf, [{ sheet_column: { sheet: 'Orders', column: 'city' } }, { sheet_column: { sheet: 'Orders', column: 'date' } }]);
    expect(broken[0]!.problems.map((p) => p.message)).toEqual(['The table reads the sheet “Gone”, which is not in its spreadsheet.']);
    expect(broken[1]!.problems.map((p) => [p.column, p.paths])).toEqual([['amount', ['axis.0.source']]]);
    expect(broken[2]).toMatchObject({ blockId: '', problems: [{ column: 'city', message: 'The board’s filters uses the column “city”, which is not in the sheet “Orders”.' }] });
    expect(checkApp([], [ORDERS], schemaOf)).toEqual([]);
    expect(brokenBlocksInWords([])).toBeNull();
  });

  it('a table that names no column shows the whole sheet and is never broken by a column', () => {
    expect(checkApp([block('table', { axis: [{ column: '' }] })], [ORDERS], schemaOf)).toEqual([]);
  });
});

describe('columnReferences and dropColumnFromBlock', () => {
  it('finds every setting naming a column, with its path', () => {
    const chart = block('chart', { x_axis: 'date', axis: [{ column: 'temp_max' }], filters: [{ select_column: 'weather', match_with_column: '' }] });
    expect(columnReferences(schemaOf('chart')!, chart).map((r) => `${r.path}=${r.column}`)).toEqual(['x_axis=date', 'axis.0.column=temp_max', 'filters.0.select_column=weather']);
    expect(markdownColumns('[a] [b](u) ![c](d) [ e ] - [x] done')).toEqual(['a', 'e']);
  });

  it('drops the axis, the field, the action, the filter and the markdown reference naming the column, and nothing else', () => {
    const chart = block('chart', { x_axis: 'temp_min', axis: [{ column: 'temp_max' }, { column: 'temp_min' }], filters: [{ select_column: 'temp_min' }] });
    const dropped = dropColumnFromBlock(schemaOf('chart')!, chart, 'Orders', 'temp_min')! as Record<string, unknown>;
    expect(dropped.x_axis).toBe('');
    expect(dropped.axis).toEqual([{ column: 'temp_max' }]);
    expect(dropped.filters).toEqual([]);
    expect(chart.axis).toHaveLength(2);
    const table = block('table', { axis: [{ column: 'a' }], actions: [{ type: 'Copy to clipboard', title: 'Copy', source_column: 'temp_min' }] });
    expect(dropColumnFromBlock(schemaOf('table')!, table, 'Orders', 'temp_min')!.actions).toEqual([]);
    const md = block('markdown', { markdown_text: 'Low [temp_min], high [temp_max]' });
    expect((dropColumnFromBlock(schemaOf('markdown')!, md, 'Orders', 'temp_min') as Record<string, unknown>).markdown_text).toBe('Low , high [temp_max]');
    expect(dropColumnFromBlock(schemaOf('table')!, table, 'Other', 'temp_min')).toBeNull();
  });
});
