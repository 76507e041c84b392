// The common block settings every view shares (title, title colours, background and font
// colours) and the shared error/loading states. full_width and section are the page layout's.
//
// The web renderer already draws a frame with the title and colours around every block, so by
// default (chrome 'body') this frame draws only the view's toolbar and body. A host that shows a
// view on its own wraps it in <BlockChromeContext value="full"> to get the title and colours too.
import { Alert, Box, Group, Loader, Text, Title } from '@mantine/core';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { COMMON_SETTINGS } from '../shared/settings/common';
import { readSettings } from '../shared/settings/read';
import type { BlockRecord } from '../shared/settings/types';

/** The common settings; a cleared toolbar icon colour is the usual one, other cleared colours are none. */
const readCommon = (config: BlockRecord) => readSettings(COMMON_SETTINGS, config, { blankIsDefault: ['toolbar_icon_color'] });

export interface BlockFrameProps {
  config: BlockRecord;
  /** Buttons shown beside the title (downloads, search). */
  toolbar?: ReactNode;
  children: ReactNode;
}

export type BlockChrome = 'full' | 'body';
export const BlockChromeContext = createContext<BlockChrome>('body');

export function BlockFrame({ config, toolbar, children }: BlockFrameProps) {
  const chrome = useContext(BlockChromeContext);
  if (chrome === 'body')
    return (
      <Box data-block-view={config.type}>
        {toolbar && (
          <Group justify="flex-end" gap="xs" mb="xs" wrap="wrap">
            {toolbar}
          </Group>
        )}
        {children}
      </Box>
    );
  const common = readCommon(config);
  const { title } = common;
  const align = (['left', 'center', 'right'] as const).find((a) => a === config.title_alignment) ?? 'left';
  const style: CSSProperties = {
    backgroundColor: common.background_color || undefined,
    color: common.font_color || undefined,
    borderRadius: 8,
    padding: 16,
    height: '100%',
  };
  return (
    <Box component="section" style={style} aria-label={title || `${config.type} block`} data-block-type={config.type} data-block-id={config.id}>
      {(title || toolbar) && (
        <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="wrap">
          {title ? (
            <Title
              order={3}
              size="h4"
              style={{
                color: common.title_color || undefined,
                backgroundColor: common.title_background_color || undefined,
                padding: common.title_background_color ? '4px 8px' : undefined,
                borderRadius: 4,
                flex: 1,
                textAlign: align,
              }}
            >
              {title}
            </Title>
          ) : (
            <span />
          )}
          {toolbar && <Group gap="xs">{toolbar}</Group>}
        </Group>
      )}
      {children}
    </Box>
  );
}

/** The spec's sheet error text: the server's message, else 'Data Error'. */
export function DataError({ error }: { error: string | null | undefined }) {
  return (
    <Alert color="red" role="alert" variant="light" data-testid="block-error">
      {error || 'Data Error'}
    </Alert>
  );
}

export function BlockLoading({ label = 'Loading data' }: { label?: string }) {
  return (
    <Group justify="center" p="lg" role="status" aria-label={label}>
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        Loading…
      </Text>
    </Group>
  );
}

/**
 * What a sheet view shows instead of its rows, or null when it shows them: the sheet's error, else
 * the first load (also while the view `waits` for the rows it asked for). Rows already on screen
 * stay while the next ones load (dimWhileLoading).
 */
export function sheetStandIn(data: { error: string | null; loading: boolean }, rows: readonly unknown[], waits = false): ReactNode {
  if (data.error != null) return <DataError error={data.error} />;
  if ((data.loading && rows.length === 0) || waits) return <BlockLoading />;
  return null;
}

/** Rows on screen while the next ones load: dimmed (the wrapper says aria-busy too). */
export function dimWhileLoading(loading: boolean): CSSProperties {
  return { opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' };
}

export function EmptyState({ children = 'No rows' }: { children?: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" p="lg" size="sm">
      {children}
    </Text>
  );
}

/**
 * A media block with nothing it can play or show (audio, video, embed). The editor says what to
 * enter (`source.message`), in orange once something unusable was entered; visitors see a short
 * dimmed line.
 */
export function NoSource({ source, mode, icon, texts }: { source: { empty: boolean; message: string }; mode: 'view' | 'edit'; icon: ReactNode; texts: { empty: string; unusable: string } }) {
  if (mode === 'edit')
    return (
      <Alert color={source.empty ? 'gray' : 'orange'} variant="light" icon={icon} role={source.empty ? 'status' : 'alert'}>
        {source.message}
      </Alert>
    );
  return (
    <Text c="dimmed" size="sm" ta="center" p="md">
      {source.empty ? texts.empty : texts.unusable}
    </Text>
  );
}

/** Colour of a block's toolbar icons (common setting toolbar_icon_color). */
export function toolbarColor(config: BlockRecord): string {
  return readCommon(config).toolbar_icon_color;
}
