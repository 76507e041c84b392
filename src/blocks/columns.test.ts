// The columns a block reads (src/shared/settings/columns.ts), checked on the real block schemas.
import { describe, expect, it } from 'vitest';
import { schemaOf } from './schemas';
import { blockDefaults } from '../shared/settings/block';
import { columnsReadFrom, datasourceSheets, readsWholeSheet, usedColumns } from '../shared/settings/columns';
import type { BlockRecord } from '../shared/settings/types';

const block = (type: string, extra: Partial<BlockRecord> & Record<string, unknown>): BlockRecord => ({ ...blockDefaults(schemaOf(type)!, 'b1'), ...extra }) as BlockRecord;

describe('columns a block reads', () => {
  it('a table reads its named axis columns, its actions and the sheets of its select sources', () => {
    const t = block('table', {
      sheet_title: 'Orders',
      axis: [{ column: 'City' }, { column: 'Status', type: 'select', from_google_sheet: true, source: { sheet: 'Lists', column: 'Statuses' } }],
    });
    expect(usedColumns(schemaOf('table')!, t).sort()).toEqual(['City', 'Status']);
    expect(datasourceSheets(schemaOf('table')!, t)).toEqual({ Lists: ['Statuses'] });
    expect(columnsReadFrom(schemaOf('table')!, t, 'Orders')).toEqual(['City', 'Status']);
    expect(columnsReadFrom(schemaOf('table')!, t, 'Lists')).toEqual(['Statuses']);
    expect(columnsReadFrom(schemaOf('table')!, t, 'Other')).toEqual([]);
  });

  it('a table, list, grid, data list or item details without a named column shows the whole sheet', () => {
    for (const type of ['table', 'list', 'grid', 'data_list', 'item_details']) {
      const b = block(type, { sheet_title: 'Orders', axis: [{ column: '' }] });
      expect(readsWholeSheet(schemaOf(type)!, b), type).toBe(true);
      expect(columnsReadFrom(schemaOf(type)!, b, 'Orders'), type).toBe('all');
      expect(columnsReadFrom(schemaOf(type)!, b, 'Lists'), type).toEqual([]);
    }
    const chart = block('chart', { sheet_title: 'Orders', axis: [] });
    expect(readsWholeSheet(schemaOf('chart')!, chart)).toBe(false);
  });

  it('markdown text names the columns it shows as [Column]', () => {
    const m = block('markdown', { sheet_title: 'Orders', markdown_text: '## [Customer]\n\nOrdered [Quantity] × [Product].' });
    expect(columnsReadFrom(schemaOf('markdown')!, m, 'Orders')).toEqual(expect.arrayContaining(['Customer', 'Quantity', 'Product']));
  });
});
