// How the editor names and offers a block's settings where a board and a multipage app differ.
import { blockSettings } from '../../shared/settings/block';
import type { BlockSchema, SettingsSchema } from '../../shared/settings/types';

/**
 * The dimmed name of a block without a title in the editor: its kind's name ('Header'), the
 * word the owner picked it by in New Block.
 */
export function untitledBlockName(schema: BlockSchema | null | undefined): string {
  return schema?.name ?? 'Block';
}

/**
 * The block-level settings the editor offers. A multipage app has no sections (each page shows
 * its own blocks; pages are what sections are on a board), so its blocks are not offered the
 * board's Section setting.
 */
export function editorBlockSettings(schema: BlockSchema, multipage: boolean): SettingsSchema {
  const all = blockSettings(schema);
  if (!multipage) return all;
  const { section: _section, ...rest } = all;
  return rest;
}
