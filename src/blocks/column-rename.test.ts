// renameColumnInBlock renames a column wherever usedColumns / datasourceSheets find it, and
// nowhere else (issue 13: a renamed sheet column is renamed in the blocks that use it).
import { describe, expect, it } from 'vitest';
import { schemaOf } from './schemas';
import { datasourceSheets, renameColumnInBlock, usedColumns } from '../shared/settings/columns';
import type { BlockRecord } from '../shared/settings/types';

const block = (type: string, rest: Record<string, unknown>): BlockRecord =>
  ({ id: 'b1', type, section: '', sheet_title: 'Orders', axis: [], actions: [], full_width: false, ...rest }) as BlockRecord;

function rename(b: BlockRecord, from = 'Amount', to = 'Total') {
  return renameColumnInBlock(schemaOf(b.type)!, b, 'Orders', from, to);
}

describe('renameColumnInBlock', () => {
  it("renames a table's axis and action columns, leaving the other settings", () => {
    const b = block('table', {
      title: 'Amount',
      axis: [{ column: 'City' }, { column: 'Amount', editable: 'Everyone' }],
      actions: [{ type: 'Copy to clipboard', title: 'Copy', source_column: 'Amount' }],
    });
    const r = rename(b)!;
    expect(r.axis).toEqual([{ column: 'City' }, { column: 'Total', editable: 'Everyone' }]);
    expect(r.actions).toEqual([{ type: 'Copy to clipboard', title: 'Copy', source_column: 'Total' }]);
    expect((r as Record<string, unknown>).title).toBe('Amount');
    expect(usedColumns(schemaOf('table')!, r).sort()).toEqual(['City', 'Total']);
    // The record given is not changed.
    expect(b.axis[1]!.column).toBe('Amount');
  });

  it("renames a chart's x axis, plotted columns and filter columns", () => {
    const b = block('chart', { x_axis: 'Amount', axis: [{ column: 'Amount' }], filters: [{ select_column: 'Amount', match_with_column: 'City' }] });
    const r = rename(b) as Record<string, unknown>;
    expect(r.x_axis).toBe('Total');
    expect(r.axis).toEqual([{ column: 'Total' }]);
    expect(r.filters).toEqual([{ select_column: 'Total', match_with_column: 'City' }]);
  });

  it('renames [Column] references in markdown, spaces kept, other brackets left', () => {
    const b = block('markdown', { markdown_text: 'Sum [Amount], [ Amount ], [Amounts], [x](https://e.com/Amount)' });
    expect((rename(b) as Record<string, unknown>).markdown_text).toBe('Sum [Total], [ Total ], [Amounts], [x](https://e.com/Amount)');
    // Regular-expression characters in a name are taken literally.
    const odd = block('markdown', { markdown_text: '[a.b] [axb]' });
    expect((renameColumnInBlock(schemaOf('markdown')!, odd, 'Orders', 'a.b', 'c') as Record<string, unknown>).markdown_text).toBe('[c] [axb]');
  });

  it("renames a datasource naming the sheet from another sheet's block, not one naming another sheet", () => {
    const b = block('scorecard', {
      sheet_title: '',
      axis: [{ source: { sheet: 'Orders', column: 'Amount' } }, { source: { sheet: 'Stock', column: 'Amount' } }],
    });
    const r = rename(b)!;
    expect(r.axis).toEqual([{ source: { sheet: 'Orders', column: 'Total' } }, { source: { sheet: 'Stock', column: 'Amount' } }]);
    expect(datasourceSheets(schemaOf('scorecard')!, r)).toEqual({ Orders: ['Total'], Stock: ['Amount'] });
  });

  it('is null for a block that does not use the column, or reads another sheet', () => {
    expect(rename(block('table', { axis: [{ column: 'City' }] }))).toBeNull();
    expect(rename(block('table', { sheet_title: 'Stock', axis: [{ column: 'Amount' }] }))).toBeNull();
    expect(rename(block('markdown', { sheet_title: 'Stock', markdown_text: '[Amount]' }))).toBeNull();
  });
});
