// The guest view of a multipage app: the page named by the address, its colours, and `data.app`
// (pages, navigation history, breadcrumbs) for every block. A page that is not public shows an
// overlay saying the app is not public over a blurred page (spec §4); the server sends guests
// only its header and footer. Nothing here imports the editor.
import { useQueryClient } from '@tanstack/react-query';
import { appAuthApi } from '../lib/app-auth-api';
import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import { frameOf } from '../../blocks/schema-loaders';
import type { BlockRecord } from '../../shared/settings/types';
import { useMe, type PageRecord } from '../lib/queries';
import { useAppNav } from './app-nav';
import { BlockFrame } from './BlockFrame';
import { BlockRenderer } from './BlockRenderer';
import type { BoardState } from './board-state';
import { BlockGrid, BoardSurface, gridItemClass, textOn } from './BoardSurface';
import { COMMON_SETTINGS } from '../../shared/settings/common';
import { BOARD_COLOUR_DEFAULTS } from '../../shared/rules/board-state';
import { useDataSource } from './data-source';
import { embedBlocks, embedParams } from './embed';
import { FilterBar } from './filters/LazyFilterBar';
import { useViewFilters } from './filters/useViewFilters';
import { PreviewBanner } from './LazyPreviewBanner';
import { previewParams } from './preview';

export const NOT_PUBLIC_TITLE = 'This app is not public';
export const NOT_PUBLIC_TEXT = 'The owner has not made this page public yet.';

/** The board state with the page's colours (page_background, block_border, block_shadow, nav_background) and palette. */
export function pageBoard(board: BoardState, page: PageRecord): BoardState {
  return {
    ...board,
    colors: {
      ...board.colors,
      board_background: page.page_background ?? board.colors.board_background,
      block_border: page.block_border ?? board.colors.block_border,
      block_shadow: page.block_shadow ?? board.colors.block_shadow,
      nav_background: page.nav_background ?? board.colors.nav_background,
    },
    palette: page.palette ?? board.palette,
  };
}

/**
 * A multipage app's navigation is its header block (the frame 'top'): a navigation background set
 * for the page or the app (other than the spec default) colours it where the block keeps its
 * default background, with a font colour that reads on it where it keeps its default font colour.
 */
export function withNavBackground(block: BlockRecord, nav: string | null): BlockRecord {
  if (!nav || frameOf(block.type) !== 'top') return block;
  const plainBackground = !block.background_color || block.background_color === COMMON_SETTINGS.background_color.default;
  if (!plainBackground) return block;
  const plainFont = !block.font_color || block.font_color === COMMON_SETTINGS.font_color.default;
  return { ...block, background_color: nav, ...(plainFont ? { font_color: textOn(nav) } : {}) };
}

export function MultipageView({ board, pages, page, basePath }: { board: BoardState; pages: PageRecord[]; page: PageRecord; basePath: string }) {
  useDocumentTitle(page.title || [page.page_type === 'home' ? '' : page.page_name, board.title || board.name].filter(Boolean).join(' · ') || 'Sheetboard');
  const me = useMe();
  const client = useQueryClient();
  // The header's user: the app user signed in to this app, else the owner's account.
  const appUser = board.appUser;
  const user = useMemo(() => (appUser ? { name: appUser.name, email: appUser.email } : me.data ? { name: me.data.name, email: me.data.email } : null), [appUser, me.data]);
  const signOut = useMemo(
    () =>
      appUser
        ? () =>
            void appAuthApi(board.appId)
              .logout()
              .then(() => client.invalidateQueries())
        : undefined,
    [appUser, board.appId, client],
  );
  const app = useAppNav({ appId: board.appId, appName: board.name, pages, current: page, basePath, user, ...(signOut ? { signOut } : {}) });
  const themed = useMemo(() => pageBoard(board, page), [board, page]);
  const view = useViewFilters(themed);
  const openPage = app.goTo;
  const source = useDataSource(themed, view.filters, useMemo(() => (slug: string, rowId?: string) => openPage(slug, rowId ? { rowId } : undefined), [openPage]), app);
  const preview = previewParams(window.location.search);
  const hidden = !page.is_public && !board.canEdit;

  // Embed links (hide_header, hide_footer, block_id) narrow the page's blocks.
  const nav = page.nav_background ?? (board.colors.nav_background !== BOARD_COLOUR_DEFAULTS.nav_background ? board.colors.nav_background : null);
  const blocks = useMemo(
    () => embedBlocks(page.blocks as BlockRecord[], embedParams(window.location.search)).map((b) => withNavBackground(b, nav)),
    [page.blocks, nav],
  );
  const footerAt = blocks.findIndex((b) => frameOf(b.type) === 'bottom');
  const cut = !hidden ? -1 : footerAt === -1 ? blocks.length : footerAt;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {preview && <PreviewBanner params={preview} board={board} />}
      {/* The page's header block is its title bar. */}
      <BoardSurface board={themed} hideHeader>
        {!themed.hideFilters && themed.filters.length > 0 && !hidden && <FilterBar view={view} />}
        <Box pos="relative">
          {blocks.length === 0 && !hidden ? (
            <Center py={80}>
              <Text c="dimmed">This page has no blocks yet.</Text>
            </Center>
          ) : (
            <BlockGrid>
              {blocks.map((block, i) => (
                <Fragment key={block.id}>
                  {/* Where the page's content would be: a blurred stand-in under the overlay, before the footer. */}
                  {i === cut && <BlurredContent />}
                  <div className={gridItemClass(block)}>
                    <BlockFrame block={block} colors={themed.colors}>
                      <BlockRenderer block={block} source={source} mode="view" />
                    </BlockFrame>
                  </div>
                </Fragment>
              ))}
              {cut === blocks.length && <BlurredContent />}
            </BlockGrid>
          )}
        </Box>
      </BoardSurface>
    </div>
  );
}

function BlurredContent() {
  return (
    <Box className="sb-block-full" pos="relative" mih={360} data-testid="page-not-public">
      <Stack gap="md" aria-hidden style={{ filter: 'blur(6px)', pointerEvents: 'none', userSelect: 'none' }}>
        {[0, 1, 2].map((i) => (
          <Paper key={i} h={100} radius={12} withBorder bg="gray.1" />
        ))}
      </Stack>
      <Center pos="absolute" inset={0}>
        <Paper shadow="md" radius="md" p="xl" maw={420} role="alert">
          <Stack align="center" gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconLock size={24} />
            </ThemeIcon>
            <Title order={3} ta="center">
              {NOT_PUBLIC_TITLE}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {NOT_PUBLIC_TEXT}
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
