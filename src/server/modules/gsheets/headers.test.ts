import { describe, expect, it } from 'vitest';
import { usedColumns } from '../../../shared/settings/columns';
import type { BlockRecord } from '../../../shared/settings/types';
import { schemaOf } from '../../../blocks/schemas';
import { affectedBlocks, columnMap, compareHeaders, headerColumns, remapBlocks, renameMap, type HeaderColumn } from './headers';
import { ID_COLUMN, parseHeader } from './ids';

const cols = (...names: string[]): HeaderColumn[] => names.map((name, position) => ({ name, position }));

describe('compareHeaders', () => {
  it.each([
    { name: 'unchanged', prev: cols('A', 'B', 'C'), next: cols('A', 'B', 'C'), renamed: [], deleted: [], added: [], moved: [] },
    { name: 'renamed in place', prev: cols('A', 'City', 'C'), next: cols('A', 'Town', 'C'), renamed: [['City', 'Town']], deleted: [], added: [], moved: [] },
    { name: 'a case change is a rename', prev: cols('city'), next: cols('City'), renamed: [['city', 'City']], deleted: [], added: [], moved: [] },
    { name: 'renamed while a column was inserted before it (same place between the same neighbours)', prev: cols('A', 'B', 'C'), next: cols('X', 'A', 'B2', 'C'), renamed: [['B', 'B2']], deleted: [], added: ['X'], moved: [] },
    { name: 'two renamed side by side pair up in order', prev: cols('A', 'B', 'C', 'D'), next: cols('A', 'B1', 'C1', 'D'), renamed: [['B', 'B1'], ['C', 'C1']], deleted: [], added: [], moved: [] },
    { name: 'a deleted column', prev: cols('A', 'B', 'C'), next: cols('A', 'C'), renamed: [], deleted: ['B'], added: [], moved: [] },
    { name: 'an added column', prev: cols('A', 'C'), next: cols('A', 'B', 'C'), renamed: [], deleted: [], added: ['B'], moved: [] },
    { name: 'two gone, one new in their place: no guess', prev: cols('A', 'B', 'C', 'D'), next: cols('A', 'X', 'D'), renamed: [], deleted: ['B', 'C'], added: ['X'], moved: [] },
    {
      name: 'a name that still exists elsewhere is never taken for renamed (B moved, C deleted, X added)',
      prev: cols('A', 'B', 'C'),
      next: cols('A', 'X', 'B'),
      renamed: [],
      deleted: ['C'],
      added: ['X'],
      moved: [],
    },
    { name: 'a moved column', prev: cols('A', 'B', 'C', 'D'), next: cols('A', 'C', 'D', 'B'), renamed: [], deleted: [], added: [], moved: [['B', 1, 3]] },
    { name: 'columns shifted by an insertion are not moved', prev: cols('A', 'B'), next: cols('N', 'A', 'B'), renamed: [], deleted: [], added: ['N'], moved: [] },
    { name: 'a header emptied reads as Column N: a rename', prev: cols('A', 'B'), next: cols('A', 'Column 2'), renamed: [['B', 'Column 2']], deleted: [], added: [], moved: [] },
  ])('$name', ({ prev, next, renamed, deleted, added, moved }) => {
    const c = compareHeaders(prev, next);
    expect(c.renamed.map((r) => [r.from, r.to])).toEqual(renamed);
    expect(c.deleted.map((d) => d.name)).toEqual(deleted);
    expect(c.added.map((a) => a.name)).toEqual(added);
    expect(c.moved.map((m) => [m.name, m.from, m.to])).toEqual(moved);
  });

  it('works on parsed headers: the id column is no column, and positions are sheet positions', () => {
    const before = headerColumns(parseHeader(['Name', 'City', ID_COLUMN]));
    const after = headerColumns(parseHeader(['Name', ID_COLUMN, 'Town']));
    expect(before).toEqual([
      { name: 'Name', position: 0 },
      { name: 'City', position: 1 },
    ]);
    expect(compareHeaders(before, after).renamed).toEqual([{ from: 'City', to: 'Town', position: 2 }]);
  });
});

const block = (id: string, type: string, rest: Record<string, unknown>): BlockRecord =>
  ({ id, type, section: '', sheet_title: 'Orders', axis: [], actions: [], full_width: false, ...rest }) as BlockRecord;

const blocks = [
  block('t1', 'table', { axis: [{ column: 'Name' }, { column: 'City' }], actions: [{ type: 'Copy to clipboard', title: 'Copy', source_column: 'City' }] }),
  block('c1', 'chart', { x_axis: 'City', axis: [{ column: 'Amount' }] }),
  block('m1', 'markdown', { markdown_text: 'Sold in [City]: [Amount]' }),
  block('s1', 'scorecard', { sheet_title: 'Other', axis: [{ source: { sheet: 'Orders', column: 'Amount' } }] }),
  block('all', 'table', { axis: [] }),
  block('elsewhere', 'table', { sheet_title: 'Other', axis: [{ column: 'City' }] }),
  block('unknown', 'no-such-kind', { x_axis: 'City' }),
];

describe('affectedBlocks', () => {
  it.each([
    {
      name: 'a renamed column: each block naming it, with the settings that do',
      changes: { renamed: [{ from: 'City', to: 'Town', position: 1 }], deleted: [] },
      uses: [
        ['t1', 'City', 'renamed', 'Town', ['axis.1.column', 'actions.0.source_column']],
        ['c1', 'City', 'renamed', 'Town', ['x_axis']],
        ['m1', 'City', 'renamed', 'Town', ['markdown_text']],
      ],
    },
    {
      name: "a deleted column read through another block's datasource",
      changes: { renamed: [], deleted: [{ name: 'Amount', position: 2 }] },
      uses: [
        ['c1', 'Amount', 'deleted', null, ['axis.0.column']],
        ['m1', 'Amount', 'deleted', null, ['markdown_text']],
        ['s1', 'Amount', 'deleted', null, ['axis.0.source']],
      ],
    },
    { name: 'a column no block names', changes: { renamed: [{ from: 'Notes', to: 'Remarks', position: 4 }], deleted: [] }, uses: [] },
  ])('$name', ({ changes, uses }) => {
    const found = affectedBlocks('Orders', changes, blocks);
    expect(found.map((u) => [u.blockId, u.column, u.change, u.to, u.settings.map((s) => s.path)])).toEqual(uses);
  });

  it('names settings by their editor labels', () => {
    const [use] = affectedBlocks('Orders', { renamed: [{ from: 'City', to: 'Town', position: 1 }], deleted: [] }, [blocks[1]!]);
    expect(use!.settings).toEqual([{ path: 'x_axis', label: 'X axis' }]);
  });
});

describe('the one-click remap', () => {
  it('follows every rename of the header in every block that names the column, nowhere else', () => {
    const changes = compareHeaders(cols('Name', 'City', 'Amount'), cols('Name', 'Town', 'Total'));
    expect(changes.renamed.map((r) => [r.from, r.to])).toEqual([
      ['City', 'Town'],
      ['Amount', 'Total'],
    ]);
    const remapped = remapBlocks(blocks, renameMap('Orders', changes));
    expect(remapped.map((b) => b.id)).toEqual(['t1', 'c1', 'm1', 's1']);
    const byId = new Map(remapped.map((b) => [b.id, b]));
    expect(usedColumns(schemaOf('table')!, byId.get('t1')!).sort()).toEqual(['Name', 'Town']);
    expect(byId.get('c1')).toMatchObject({ x_axis: 'Town', axis: [{ column: 'Total' }] });
    expect(byId.get('m1')).toMatchObject({ markdown_text: 'Sold in [Town]: [Total]' });
    expect(byId.get('s1')!.axis[0]).toEqual({ source: { sheet: 'Orders', column: 'Total' } });
    // Nothing left names the old columns.
    expect(affectedBlocks('Orders', { renamed: [], deleted: [{ name: 'City', position: 1 }, { name: 'Amount', position: 2 }] }, remapped)).toEqual([]);
  });

  it('a renamed tab and a column mapped by hand go through one map, keyed by old names', () => {
    const map = columnMap({ sheets: [['Orders', 'Sales']], columns: [['Orders', [['constructor', 'Builder']]]] });
    expect(map.sheet('Orders')).toBe('Sales');
    expect(map.sheet('toString')).toBeUndefined();
    expect(map.column('Orders', 'constructor')).toBe('Builder');
    expect(map.column('Orders', 'hasOwnProperty')).toBeUndefined();
    const [t] = remapBlocks([block('t', 'table', { axis: [{ column: 'constructor' }] })], map);
    expect(t).toMatchObject({ sheet_title: 'Sales', axis: [{ column: 'Builder' }] });
  });
});
