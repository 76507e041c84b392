// Sections of a board (board settings `sections`): which blocks the current section shows.
import type { BlockRecord } from '../../shared/settings/types';

/** The section a block belongs to, as the board names it; null when it shows under every section. */
function sectionOf(block: BlockRecord, sections: string[]): string | null {
  const own = typeof block.section === 'string' ? block.section.trim().toLowerCase() : '';
  return sections.find((s) => s.toLowerCase() === own) ?? null;
}

/** Blocks of the current section, and those without one of the board's sections (they show under all). */
export function blocksOfSection(blocks: BlockRecord[], sections: string[], current: string | null): BlockRecord[] {
  if (!current || sections.length === 0) return blocks;
  return blocks.filter((b) => {
    const s = sectionOf(b, sections);
    return s === null || s === current;
  });
}
