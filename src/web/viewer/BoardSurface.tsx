// The board page: background, title bar (logo and title) in nav_background, and the responsive block grid
// (one column on phones, two from 768 px; full_width blocks span the row).
import { Box, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { mediaSrc } from '../../blocks/media-src';
import { ownHeightOf } from '../../blocks/schema-loaders';
import type { BlockRecord } from '../../shared/settings/types';
import type { BoardState } from './board-state';
import { useSheetUpdates } from './sheet-updates';

/** Picks black or white text for a background, with the spec's contrast threshold of 105. */
export function textOn(background: string): string {
  const hex = background.replace('#', '');
  if (!/^[0-9a-f]{6}/i.test(hex)) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return r * 0.299 + g * 0.587 + b * 0.114 > 255 - 105 ? '#111111' : '#ffffff';
}

export function BoardSurface({ board, hideHeader = false, children }: { board: BoardState; hideHeader?: boolean; children: ReactNode }) {
  // Changes to the board's sheets (the data editor in another tab, other people) show up here.
  useSheetUpdates(board.spreadsheetId);
  const logo = mediaSrc(board.logo);
  return (
    <Box mih="100%" style={{ background: board.colors.board_background, flex: 1 }} data-testid="board">
      {!hideHeader && (
        <Box component="header" px={{ base: 'md', md: 32 }} py="md" style={{ background: board.colors.nav_background }}>
          <Group maw={1440 - 64} mx="auto" gap="sm" wrap="nowrap">
            {logo && <Image src={logo} alt="" h={32} w="auto" fit="contain" data-testid="board-logo" />}
            <Text component="h1" m={0} fw={700} fz={{ base: 'lg', sm: 'xl' }} style={{ color: textOn(board.colors.nav_background) }}>
              {board.title || board.name}
            </Text>
          </Group>
        </Box>
      )}
      {children}
    </Box>
  );
}

export function BlockGrid({ children }: { children: ReactNode }) {
  return <div className="sb-board-grid">{children}</div>;
}

export function gridItemClass(block: BlockRecord): string {
  return [block.full_width ? 'sb-block-full' : '', ownHeightOf(block.type) ? 'sb-block-own-height' : ''].filter(Boolean).join(' ');
}
