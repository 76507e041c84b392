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
    // Boards lay blocks out by the sections of their Board Settings (the guest view's tabs).
    description: 'Shows the block only under this section of the board (Board Settings → Sections). Empty: under every section.',
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
