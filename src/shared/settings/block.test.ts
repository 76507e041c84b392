import { describe, expect, it } from 'vitest';
import { actionDefaults, axisDefaults, blockDefaults, blockSettings, COMMON_SETTINGS, normalizeBlock, validateBlock } from './block';
import type { BlockSchema } from './types';

const schema: BlockSchema = {
  kind: 'demo',
  name: 'Demo',
  description: 'A block for tests',
  category: 'data',
  icon: 'box',
  usesSheet: true,
  data: 'all',
  settings: { size: { type: 'number', default: 10, min: 1, max: 100 } },
  axis: { min: 1, max: 2, label: 'columns', settings: { column: { type: 'sheet_columns', default: '', required: true } } },
  actions: { max: 2, settings: { title: { type: 'input', default: 'Go' } } },
  filters: { settings: { select_column: { type: 'sheet_columns', default: '' } } },
};

const noAxes: BlockSchema = { ...schema, kind: 'plain', name: 'Plain', usesSheet: false, axis: undefined, actions: undefined, filters: undefined };

describe('blockDefaults', () => {
  it('has the common settings, its own settings, min axes and record keys', () => {
    const d = blockDefaults(schema, 'b1');
    expect(d).toMatchObject({ id: 'b1', type: 'demo', section: '', sheet_title: '', size: 10, full_width: false, actions: [] });
    expect(d.axis).toEqual([{ column: '' }]);
    for (const key of Object.keys(COMMON_SETTINGS)) expect(d).toHaveProperty(key);
  });

  it('block settings = common + own; own win', () => {
    expect(Object.keys(blockSettings(schema))).toEqual([...Object.keys(COMMON_SETTINGS), 'size']);
  });

  it('axis and action defaults', () => {
    expect(axisDefaults(schema)).toEqual({ column: '' });
    expect(actionDefaults(schema)).toEqual({ title: 'Go' });
    expect(axisDefaults(noAxes)).toEqual({});
    expect(actionDefaults(noAxes)).toEqual({});
    expect(blockDefaults(noAxes).axis).toEqual([]);
  });
});

describe('normalizeBlock', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['merges input over defaults', { size: 20, title: 'T' }, { size: 20, title: 'T', type: 'demo' }],
    ['type always comes from the schema', { type: 'other' }, { type: 'demo' }],
    ['fills every axis with axis defaults', { axis: [{}, { column: 'B' }] }, { axis: [{ column: '' }, { column: 'B' }] }],
    ['drops non-object axes', { axis: [1, null, 'x', [], { column: 'A' }] }, { axis: [{ column: 'A' }] }],
    ['keeps default axes when input has none', {}, { axis: [{ column: '' }] }],
    ['fills actions with defaults', { actions: [{}] }, { actions: [{ title: 'Go' }] }],
    ['stringifies section and sheet_title', { section: 3, sheet_title: null }, { section: '3', sheet_title: '' }],
    ['keeps unknown keys for the validator', { bogus: 1 }, { bogus: 1 }],
    ['takes id from input when none given', { id: 'x9' }, { id: 'x9' }],
  ])('%s', (_, input, expected) => {
    expect(normalizeBlock(schema, input)).toMatchObject(expected);
  });

  it('an explicit id wins', () => expect(normalizeBlock(schema, { id: 'a' }, 'b').id).toBe('b'));
});

describe('validateBlock', () => {
  const good = () => normalizeBlock(schema, { sheet_title: 'Orders', axis: [{ column: 'A' }] });

  it('a complete block is valid', () => expect(validateBlock(schema, good())).toEqual([]));

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no sheet', { sheet_title: '' }, ['sheet_title']],
    ['sheet_title not text', { sheet_title: 5 }, ['sheet_title']],
    ['setting out of range', { size: 0 }, ['size']],
    ['common setting checked', { title_color: 'not a colour!' }, ['title_color']],
    ['unknown setting', { nope: true }, ['nope']],
    ['too few axes', { axis: [] }, ['axis']],
    ['too many axes', { axis: [{ column: 'A' }, { column: 'B' }, { column: 'C' }] }, ['axis']],
    ['axis required column', { axis: [{ column: 'A' }, { column: '' }] }, ['axis.1.column']],
    ['axis unknown key', { axis: [{ column: 'A', x: 1 }] }, ['axis.0.x']],
    ['axis not a list', { axis: 'A' }, ['axis']],
    ['two actions is the limit', { actions: [{}, {}] }, []],
    ['three actions is too many', { actions: [{}, {}, {}] }, ['actions']],
    ['action setting checked', { actions: [{ title: 5 }] }, ['actions.0.title']],
    ['actions not a list', { actions: {} }, ['actions']],
    ['filters checked', { filters: [{ select_column: 3 }] }, ['filters.0.select_column']],
    ['filters not a list', { filters: 'x' }, ['filters']],
  ])('%s', (_, patch, paths) => {
    expect(validateBlock(schema, { ...good(), ...patch }).map((i) => i.path)).toEqual(paths);
  });

  it('names the limits in its messages', () => {
    expect(validateBlock(schema, { ...good(), actions: [{}, {}, {}] })).toContainEqual({
      path: 'actions',
      message: 'At most 2 action buttons per block',
    });
    expect(validateBlock(schema, { ...good(), axis: [] })).toContainEqual({ path: 'axis', message: 'Add at least 1 columns' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a block without axes accepts none', { axis: [] }, []],
    ['but rejects some', { axis: [{}] }, ['axis']],
    ['a block without actions rejects them', { actions: [{}] }, ['actions']],
    ['no sheet needed when usesSheet is false', { sheet_title: '' }, []],
  ])('%s', (_, patch, paths) => {
    expect(validateBlock(noAxes, { ...blockDefaults(noAxes), ...patch }).map((i) => i.path)).toEqual(paths);
  });
});
