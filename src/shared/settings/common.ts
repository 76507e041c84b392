// The settings every block has, apart from block.ts so that views can read them typed
// (withCommon) without the validator and the record helpers.
import { defineSettings } from './read';
import type { SettingsSchema } from './types';

/** Settings every block has (blocks-and-data §3, "Common block settings"). */
export const COMMON_SETTINGS = defineSettings({
  title: { type: 'input', default: '', label: 'Title' },
  title_color: { type: 'color', default: '#1f2937', label: 'Title colour' },
  title_background_color: { type: 'color', default: '', label: 'Title background colour' },
  section: {
    type: 'input',
    default: '',
    label: 'Section',
    // Hidden until a board can define its sections and the page lays blocks out by them: a choice
    // that changes nothing would only puzzle. A saved value is kept.
    hidden: true,
  },
  full_width: { type: 'boolean', default: false, label: 'Full width' },
  background_color: { type: 'color', default: '#ffffff', label: 'Background colour' },
  font_color: { type: 'color', default: '#1f2937', label: 'Font colour' },
  toolbar_icon_color: { type: 'color', default: '#4f46e5', label: 'Toolbar icon colour' },
});

/**
 * A block's own settings with the common ones: what its record holds, typed for readSettings. A
 * block may redeclare a common setting (the banner's and footer's light font colour): its own wins.
 */
export function withCommon<S extends SettingsSchema>(settings: S): Omit<typeof COMMON_SETTINGS, keyof S> & S {
  return { ...COMMON_SETTINGS, ...settings };
}
