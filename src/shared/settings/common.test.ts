import { describe, expect, expectTypeOf, it } from 'vitest';
import { COMMON_SETTINGS, withCommon } from './common';
import { defineSettings, readSettings } from './read';

describe('withCommon', () => {
  const own = defineSettings({
    font_color: { type: 'color', default: '#f8f9fa' },
    layout: { type: 'select', default: 'a', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
  });

  it('adds the common settings; a block redeclaring one keeps its own', () => {
    const s = readSettings(withCommon(own), {});
    expect(s.font_color).toBe('#f8f9fa');
    expect(s.title).toBe(COMMON_SETTINGS.title.default);
    expectTypeOf(s.font_color).toEqualTypeOf<string>();
    expectTypeOf(s.layout).toEqualTypeOf<'a' | 'b'>();
    expectTypeOf(s.full_width).toEqualTypeOf<boolean>();
  });
});
