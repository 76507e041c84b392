// One test per numbered block migration step, plus the rules every step keeps: ids in order,
// idempotent, and nothing to do on a current record of any kind.
import { describe, expect, it } from 'vitest';
import { blockDefaults } from '../shared/settings/block';
import { blockMigrations, migrateBlockRecord, type BlockMigration } from './migrations';
import { BLOCK_KINDS, blockSchemas } from './schemas';

function step(id: number): BlockMigration {
  const m = blockMigrations.find((s) => s.id === id);
  if (!m) throw new Error(`no migration ${id}`);
  return m;
}

describe('block migrations', () => {
  it('are numbered 1, 2, 3, ... in the order they run', () => {
    expect(blockMigrations.map((m) => m.id)).toEqual(blockMigrations.map((_, i) => i + 1));
  });

  it.each(blockMigrations.map((m) => [m.id, m.name, m] as const))('%i (%s) leaves every kind’s fresh block as it is', (_, __, m) => {
    for (const kind of BLOCK_KINDS) {
      const fresh = blockDefaults(blockSchemas[kind], 'b1');
      expect(m.up(fresh), kind).toStrictEqual(fresh);
    }
  });

  it('1: a legacy kind takes its current name, and only the name changes', () => {
    const legacy = { type: 'score_card', sheet_title: 'Orders', axis: [{ column: 'Total' }] };
    const up = step(1).up(legacy);
    expect(up).toEqual({ ...legacy, type: 'scorecard' });
    expect(step(1).up(up)).toBe(up);
    for (const type of ['chart', 'toString', '__proto__', 'nope']) {
      const other = { type };
      expect(step(1).up(other)).toBe(other);
    }
  });

  it('2: scorecard axes read source {sheet, column}', () => {
    const old = {
      type: 'scorecard',
      sheet_title: 'Orders',
      axis: [{ sheet: 'Items', column: 'Qty', function: 'Sum' }, { column: 'Total' }, { source: 'Total' }, { sheet_title: 'S', column: 'C' }],
    };
    const up = step(2).up(old);
    expect(up.axis).toEqual([
      { source: { sheet: 'Items', column: 'Qty' }, function: 'Sum' },
      { source: { sheet: 'Orders', column: 'Total' } },
      { source: { sheet: 'Orders', column: 'Total' } },
      { source: { sheet: 'S', column: 'C' } },
    ]);
    expect(step(2).up(up)).toEqual(up);
    // Before step 1 a record is not a scorecard yet: the steps run in order.
    const legacy = { type: 'score_card', axis: [{ column: 'Total' }] };
    expect(step(2).up(legacy)).toBe(legacy);
  });

  it('3: scorecard functions are spelled as the schema’s options', () => {
    const old = { type: 'scorecard', axis: [{ function: 'Sum' }, { function: 'avg' }, { function: 'First Row' }, { function: 'last_row' }, { function: 'median' }, {}] };
    const up = step(3).up(old);
    expect(up.axis).toEqual([{ function: 'sum' }, { function: 'average' }, { function: 'first row' }, { function: 'last row' }, { function: 'median' }, {}]);
    expect(step(3).up(up)).toEqual(up);
  });

  it('migrateBlockRecord runs every step in order and is idempotent', () => {
    const legacy = { type: 'score_card', sheet_title: 'Orders', axis: [{ column: 'Total', function: 'Average' }] };
    const up = migrateBlockRecord(legacy);
    expect(up).toEqual({ type: 'scorecard', sheet_title: 'Orders', axis: [{ source: { sheet: 'Orders', column: 'Total' }, function: 'average' }] });
    expect(migrateBlockRecord(up)).toEqual(up);
  });
});
