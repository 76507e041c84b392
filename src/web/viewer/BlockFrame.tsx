// The box around every block: the board's border and shadow colours, the block's common
// settings (background, font and title colours, title). Shared by the guest view and the editor.
import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BlockRecord } from '../../shared/settings/types';
import type { BoardState } from './board-state';

const s = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

export function BlockFrame({
  block,
  colors,
  tools,
  fallbackTitle,
  children,
}: {
  block: BlockRecord;
  /** Shown dimmed when the block has no title (the editor names untitled blocks by kind). */
  fallbackTitle?: string;
  colors: BoardState['colors'];
  tools?: ReactNode;
  children: ReactNode;
}) {
  const title = typeof block.title === 'string' ? block.title : '';
  return (
    <Box
      component="article"
      className="sb-block"
      data-testid={`block-${block.type}`}
      data-block-id={block.id || 'temporary'}
      data-block-type={block.type}
      aria-label={title || `${block.type} block`}
      style={{
        background: s(block.background_color, '#ffffff'),
        color: s(block.font_color, 'inherit'),
        border: `1px solid ${colors.block_border}`,
        boxShadow: `0 2px 10px ${colors.block_shadow}`,
        borderRadius: 12,
        overflow: 'hidden',
        minWidth: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {(title || tools) && (
        <Box
          px="md"
          py={10}
          style={{
            background: s(block.title_background_color, 'transparent'),
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            minHeight: 44,
          }}
        >
          {title ? (
            <Text
              fw={650}
              fz="md"
              ta={(['left', 'center', 'right'] as const).find((a) => a === block.title_alignment) ?? 'left'}
              style={{
                color: s(block.title_color, 'inherit'),
                flex: 1,
                minWidth: 0,
                // Table/list `title_font`: Serif or Monospace; Default keeps the theme font.
                fontFamily: block.title_font === 'serif' ? 'Georgia, serif' : block.title_font === 'monospace' ? 'ui-monospace, monospace' : undefined,
              }}
              truncate
            >
              {title}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }} truncate>
              {fallbackTitle}
            </Text>
          )}
          {tools}
        </Box>
      )}
      <Box p="md" pt={title || tools ? 4 : 'md'} style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
