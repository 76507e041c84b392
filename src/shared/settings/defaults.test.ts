import { describe, expect, it } from 'vitest';
import { defaultsOf } from './defaults';
import type { SettingsSchema } from './types';

const schema: SettingsSchema = {
  title: { type: 'input', default: 'Hello' },
  count: { type: 'number', default: 10 },
  flag: { type: 'boolean', default: false },
  colors: { type: 'colors', default: ['#111111', '#222222'] },
  source: { type: 'datasource', default: { sheet: '', column: '' } },
  nothing: { type: 'input', default: undefined },
};

describe('defaultsOf', () => {
  it('gives every key its default', () => {
    expect(defaultsOf(schema)).toEqual({
      title: 'Hello',
      count: 10,
      flag: false,
      colors: ['#111111', '#222222'],
      source: { sheet: '', column: '' },
      nothing: undefined,
    });
  });

  it('copies values so callers cannot mutate the schema', () => {
    const d = defaultsOf(schema);
    (d.colors as string[]).push('#333333');
    (d.source as { sheet: string }).sheet = 'X';
    expect(schema.colors!.default).toEqual(['#111111', '#222222']);
    expect(schema.source!.default).toEqual({ sheet: '', column: '' });
    expect(defaultsOf(schema).colors).toEqual(['#111111', '#222222']);
  });

  it('an empty schema has no defaults', () => expect(defaultsOf({})).toEqual({}));
});
