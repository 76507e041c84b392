import { createContext, useContext } from 'react';
import type { Setting, SettingValues } from '../../../shared/settings/types';
import type { SheetInfo } from '../../viewer/board-state';

/** What controls need beyond their own value: the sheets and columns, and the app's pages. */
export interface SettingsEnv {
  sheets: SheetInfo[];
  /** The block's sheet, whose columns `sheet_columns` settings offer. */
  sheetTitle: string;
  pages: { value: string; label: string }[];
}

export const SettingsEnvContext = createContext<SettingsEnv>({ sheets: [], sheetTitle: '', pages: [] });

export const useSettingsEnv = () => useContext(SettingsEnvContext);

/** A setting's visible label: its own, else the key made readable (`rows_per_page` → 'Rows per page'). */
export function labelOf(key: string, label?: string): string {
  if (label) return label;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What one item of a list is called: its own word, else the list's label made singular ('Sub-links' → 'Sub-link'). */
export function itemNoun(key: string, setting: Setting): string {
  if (setting.itemLabel) return setting.itemLabel;
  const label = labelOf(key, setting.label);
  if (/ items$/i.test(label)) return label.replace(/ items$/i, '');
  return label.endsWith('s') ? label.slice(0, -1) : label;
}

const NAME_KEYS = ['label', 'name', 'text', 'title', 'type'];
const DETAIL_KEYS = ['value', 'link', 'url', 'pageSlug'];
const SUMMARY_MAX = 48;

/** The text an item's setting shows: a choice's label, else the typed text; '' when empty. */
function shown(setting: Setting | undefined, value: unknown): string {
  if (!setting || typeof value !== 'string' || !value.trim()) return '';
  const option = setting.type === 'select' ? setting.options?.find((o) => o.value === value) : undefined;
  return (option?.label ?? value).trim();
}

/**
 * The heading of one item of a list: 'Contact 2 · Email: hello@example.com' — its number and
 * what it holds, so that items are told apart without opening them.
 */
export function itemHeading(key: string, setting: Setting, item: SettingValues, index: number): string {
  const schema = setting.item ?? {};
  const pick = (keys: string[]) => keys.map((k) => shown(schema[k], item[k])).find((t) => t !== '') ?? '';
  const summary = [pick(NAME_KEYS), pick(DETAIL_KEYS)].filter((t) => t !== '').join(': ');
  const short = summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary;
  return `${itemNoun(key, setting)} ${index + 1}${short ? ` · ${short}` : ''}`;
}
