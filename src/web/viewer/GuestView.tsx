import { Center, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import type { PageRecord } from '../lib/queries';
import { BlockFrame } from './BlockFrame';
import { BoardFooter, BoardHero, BoardSearch, blocksOfSection, SectionTabs, useCurrentSection } from './BoardChrome';
import { BlockRenderer } from './BlockRenderer';
import type { BoardState } from './board-state';
import { BlockGrid, BoardSurface, gridItemClass } from './BoardSurface';
import type { BlockRecord } from '../../shared/settings/types';
import { useDataSource } from './data-source';
import { embedBlocks, embedParams } from './embed';
import { FilterBar } from './filters/LazyFilterBar';
import { useViewFilters } from './filters/useViewFilters';
import { PreviewBanner } from './LazyPreviewBanner';
import { previewParams } from './preview';

/** What everyone who cannot edit sees: the board, read-only. */
export function GuestView({ board, page }: { board: BoardState; page: PageRecord | undefined }) {
  useDocumentTitle(board.title || board.name || 'Sheetboard');
  // Embed links (embed=true, hide_header, hide_footer, block_id) narrow what is shown.
  const embed = embedParams(window.location.search);
  const all = embedBlocks((page?.blocks ?? []) as BlockRecord[], embed);
  // Sections (board settings): the current one's blocks and those of no section; an embed of one block shows it.
  const [section, chooseSection] = useCurrentSection(board.sections);
  const blocks = embed.blockId ? all : blocksOfSection(all, board.sections, section);
  // The board's filters as this viewer set them (address, filter bar); blocks of filtered sheets follow.
  const view = useViewFilters(board);
  // The board's search box (runtime state, not a setting): blocks that list rows search them.
  const [search, setSearch] = useState('');
  const source = useDataSource(board, view.filters, undefined, undefined, search);
  const searchable = !board.hideSearch && !embed.blockId && all.some((b) => !!b.sheet_title);
  const toolbar = !embed.blockId && (board.sections.length > 0 || searchable);
  // A board template's preview (shell §2.3) has the same banner as a multipage one.
  const preview = previewParams(window.location.search);
  return (
    <Box100>
      {preview && !embed.embed && <PreviewBanner params={preview} board={board} />}
      {/* Embeds (the Embed snippet) ask for hide_header=true: the host page has its own title. */}
      <BoardSurface board={board} hideHeader={embed.hideHeader}>
        {!embed.hideHeader && !embed.blockId && <BoardHero board={board} />}
        {toolbar && (
          <Group className="sb-board-toolbar" justify="space-between" gap="sm" wrap="wrap">
            <SectionTabs board={board} current={section} onChoose={chooseSection} />
            {searchable && <BoardSearch onSearch={setSearch} />}
          </Group>
        )}
        {!board.hideFilters && board.filters.length > 0 && <FilterBar view={view} />}
        {blocks.length === 0 ? (
          <Center py={80}>
            <Stack align="center" gap={4}>
              <Text c="dimmed">{all.length === 0 ? 'This board has no blocks yet.' : 'Nothing under this section yet.'}</Text>
            </Stack>
          </Center>
        ) : (
          <BlockGrid>
            {blocks.map((block) => (
              <div key={block.id} className={gridItemClass(block)}>
                <BlockFrame block={block} colors={board.colors}>
                  <BlockRenderer block={block} source={source} mode="view" />
                </BlockFrame>
              </div>
            ))}
          </BlockGrid>
        )}
      </BoardSurface>
      {/* After the board (which grows to fill the window): at the bottom of a short board. */}
      {!embed.hideFooter && !embed.blockId && (
        <>
          <BoardFooter board={board} variant="event" />
          <BoardFooter board={board} variant="footer" />
        </>
      )}
    </Box100>
  );
}

function Box100({ children }: { children: React.ReactNode }) {
  return <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>{children}</div>;
}
