import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../blocks/schemas';
import { blockDefaults } from '../../shared/settings/block';
import { datasourceSheets, usedColumns } from './useBlockData';

describe('what a block loads', () => {
  it('a chart asks only for its x axis and axis columns', () => {
    const schema = schemaOf('chart')!;
    const block = { ...blockDefaults(schema, 'b1'), sheet_title: 'Orders', x_axis: 'City' };
    block.axis = [{ ...block.axis[0], column: 'Amount' }, { ...block.axis[0], column: 'Quantity' }];
    expect(usedColumns(schema, block).sort()).toEqual(['Amount', 'City', 'Quantity']);
  });

  it('a scorecard loads the sheets named by its sources', () => {
    const schema = schemaOf('scorecard')!;
    const block = blockDefaults(schema, 'b2');
    block.axis = [
      { ...block.axis[0], source: { sheet: 'Orders', column: 'Amount' } },
      { ...block.axis[0], source: { sheet: 'Orders', column: 'Quantity' } },
      { ...block.axis[0], source: { sheet: 'Products', column: 'Stock' } },
      { ...block.axis[0], source: { sheet: '', column: '' } },
    ];
    expect(datasourceSheets(schema, block)).toEqual({ Orders: ['Amount', 'Quantity'], Products: ['Stock'] });
  });
});
