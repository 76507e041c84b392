import { Center, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PageRecord } from '../lib/queries';
import { BlockFrame } from './BlockFrame';
import { BlockRenderer } from './BlockRenderer';
import type { BoardState } from './board-state';
import { BlockGrid, BoardSurface, gridItemClass } from './BoardSurface';
import type { BlockRecord } from '../../shared/settings/types';
import { useDataSource } from './data-source';
import { embedBlocks, embedParams } from './embed';
import { FilterBar } from './filters/LazyFilterBar';
import { useViewFilters } from './filters/useViewFilters';
import { PreviewBanner } from './PreviewBanner';
import { previewParams } from './preview';

/** What everyone who cannot edit sees: the board, read-only. */
export function GuestView({ board, page }: { board: BoardState; page: PageRecord | undefined }) {
  useDocumentTitle(board.title || board.name || 'Sheetboard');
  // Embed links (embed=true, hide_header, hide_footer, block_id) narrow what is shown.
  const embed = embedParams(window.location.search);
  const blocks = embedBlocks((page?.blocks ?? []) as BlockRecord[], embed);
  // The board's filters as this viewer set them (address, filter bar); blocks of filtered sheets follow.
  const view = useViewFilters(board);
  const source = useDataSource(board, view.filters);
  // A board template's preview (shell §2.3) has the same banner as a multipage one.
  const preview = previewParams(window.location.search);
  return (
    <Box100>
      {preview && !embed.embed && <PreviewBanner params={preview} board={board} />}
      {/* Embeds (the Embed snippet) ask for hide_header=true: the host page has its own title. */}
      <BoardSurface board={board} hideHeader={embed.hideHeader}>
        {!board.hideFilters && board.filters.length > 0 && <FilterBar view={view} />}
        {blocks.length === 0 ? (
          <Center py={80}>
            <Stack align="center" gap={4}>
              <Text c="dimmed">This board has no blocks yet.</Text>
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
    </Box100>
  );
}

function Box100({ children }: { children: React.ReactNode }) {
  return <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>{children}</div>;
}
