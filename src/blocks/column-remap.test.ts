// remapBlockColumns maps every sheet and column reference at once, wherever usedColumns /
// datasourceSheets find them (issue 15: binding a cloned app to the buyer's own spreadsheet).
import { describe, expect, it } from 'vitest';
import { schemaOf } from './schemas';
import { datasourceSheets, remapBlockColumns, usedColumns, type ColumnMap } from '../shared/settings/columns';
import type { BlockRecord } from '../shared/settings/types';

const block = (type: string, rest: Record<string, unknown>): BlockRecord =>
  ({ id: 'b1', type, section: '', sheet_title: 'Orders', axis: [], actions: [], full_width: false, ...rest }) as BlockRecord;

const mapOf = (sheets: Record<string, string>, columns: Record<string, Record<string, string>>): ColumnMap => ({
  sheet: (title) => sheets[title],
  column: (sheet, column) => columns[sheet]?.[column],
});

describe('remapBlockColumns', () => {
  it('swaps two columns in one go (a rename after a rename would merge them) and moves the block to the new sheet', () => {
    const b = block('table', {
      axis: [{ column: 'City' }, { column: 'Amount' }],
      actions: [{ type: 'Copy to clipboard', title: 'Copy', source_column: 'City' }],
    });
    const r = remapBlockColumns(schemaOf('table')!, b, mapOf({ Orders: 'Sales' }, { Orders: { City: 'Amount', Amount: 'City' } }))!;
    expect(r.sheet_title).toBe('Sales');
    expect(r.axis.map((a) => a.column)).toEqual(['Amount', 'City']);
    expect(r.actions[0]).toMatchObject({ source_column: 'Amount' });
    expect(b.sheet_title).toBe('Orders');
  });

  it("rewrites a chart's x axis, a scorecard's datasources (sheet and column) and markdown [Column] references", () => {
    const map = mapOf({ Orders: 'Sales' }, { Orders: { City: 'Town', Amount: 'Total' } });
    const chart = remapBlockColumns(schemaOf('chart')!, block('chart', { x_axis: 'City', axis: [{ column: 'Amount' }] }), map)!;
    expect(chart).toMatchObject({ x_axis: 'Town', axis: [{ column: 'Total' }], sheet_title: 'Sales' });
    const card = remapBlockColumns(schemaOf('scorecard')!, block('scorecard', { sheet_title: '', axis: [{ source: { sheet: 'Orders', column: 'Amount' } }, { source: { sheet: 'Other', column: 'Amount' } }] }), map)!;
    expect(card.axis.map((a) => a.source)).toEqual([{ sheet: 'Sales', column: 'Total' }, { sheet: 'Other', column: 'Amount' }]);
    expect(datasourceSheets(schemaOf('scorecard')!, card)).toEqual({ Sales: ['Total'], Other: ['Amount'] });
    const md = remapBlockColumns(schemaOf('markdown')!, block('markdown', { markdown_text: 'In [ City ] we sold [Amount] ([Unmapped]) $&' }), map)!;
    expect((md as Record<string, unknown>).markdown_text).toBe('In [ Town ] we sold [Total] ([Unmapped]) $&');
    expect(usedColumns(schemaOf('markdown')!, md).sort()).toEqual(['Total', 'Town', 'Unmapped']);
  });

  it('null when nothing the block names is mapped', () => {
    expect(remapBlockColumns(schemaOf('table')!, block('table', { axis: [{ column: 'City' }] }), mapOf({}, { Other: { City: 'X' } }))).toBeNull();
  });
});
