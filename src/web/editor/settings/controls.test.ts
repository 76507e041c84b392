import { describe, expect, it } from 'vitest';
import { SETTING_TYPES } from '../../../shared/settings/types';
import { controls } from './SettingsForm';
import { labelOf } from './context';

describe('settings controls', () => {
  it('has a control for every setting type', () => {
    for (const type of SETTING_TYPES) expect(typeof controls[type], type).toBe('function');
  });

  it.each([
    ['rows_per_page', undefined, 'Rows per page'],
    ['legendPosition', undefined, 'Legend position'],
    ['x_axis', 'X axis', 'X axis'],
  ])('labels %s as %s', (key, label, expected) => {
    expect(labelOf(key, label)).toBe(expected);
  });
});
