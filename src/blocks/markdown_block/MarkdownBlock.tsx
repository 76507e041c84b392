// Markdown view: the text with [Column] references filled from the first row, or (loop) once per
// row in a grid of `columns` with `gap`. Rendered by the shared safe Markdown renderer: no HTML
// ever reaches the page, and cell values are text, never Markdown. Without a sheet the text is
// shown as typed. Looping pages on the server ("Show more" asks for the next rows).
import { Box, Button, Center, Text } from '@mantine/core';
import { useMemo } from 'react';
import { BlockFrame, BlockLoading, DataError, EmptyState } from '../BlockFrame';
import { MarkdownTree } from '../Markdown';
import type { BlockViewProps } from '../types';
import { bracketNames, gapPx, markdownColumns, renderTemplate } from './markdown-template';

/** Rows added by each "Show more"; the most rows a looping block shows. */
export const MORE_STEP = 12;
export const MAX_LOOP_ROWS = 1000;
/** The editor's note when the block has no sheet and its text has [brackets]. */
export const NO_SHEET_NOTE = 'No sheet chosen, so [Column] names show as typed. Choose a sheet under Data to show their values.';

export function MarkdownBlock({ config, rows, columns, mode, data }: BlockViewProps) {
  const template = typeof config.markdown_text === 'string' ? config.markdown_text : '';
  const loop = config.loop === true;
  const hasSheet = typeof config.sheet_title === 'string' && config.sheet_title !== '';
  const looped = useMemo(
    () => (loop ? rows.slice(0, MAX_LOOP_ROWS).map((row) => renderTemplate(template, row, columns)) : []),
    [loop, rows, template, columns],
  );
  const single = useMemo(() => (loop ? [] : renderTemplate(template, rows[0] ?? null, columns)), [loop, rows, template, columns]);

  let body;
  if (hasSheet && data.error != null) body = <DataError error={data.error} />;
  else if (hasSheet && data.loading && rows.length === 0) body = <BlockLoading />;
  else if (!loop) body = <MarkdownTree blocks={single} />;
  else if (!hasSheet) body = <MarkdownTree blocks={renderTemplate(template, null, [])} />;
  else if (rows.length === 0) body = <EmptyState>No rows</EmptyState>;
  else {
    const cols = markdownColumns(config.columns);
    const gap = gapPx(config.gap);
    const server = typeof data.setQuery === 'function';
    const limit = data.query?.limit ?? rows.length;
    const more = server && data.total > rows.length && rows.length < MAX_LOOP_ROWS;
    body = (
      <>
        <Box
          role="list"
          aria-label={typeof config.title === 'string' && config.title ? config.title : 'Markdown'}
          style={{
            display: 'grid',
            gap,
            // Fixed columns on wide blocks; narrow screens wrap to fewer (cards stay ≥ 160px).
            gridTemplateColumns: `repeat(auto-fill, minmax(max(160px, calc((100% - ${(cols - 1) * gap}px) / ${cols})), 1fr))`,
          }}
        >
          {looped.map((tree, i) => (
            <Box key={String(rows[i]?._id ?? i)} role="listitem" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <MarkdownTree blocks={tree} />
            </Box>
          ))}
        </Box>
        {more && (
          <Center mt="sm">
            <Button
              size="compact-sm"
              variant="light"
              loading={data.loading}
              onClick={() => data.setQuery!({ ...data.query, offset: 0, limit: Math.min(MAX_LOOP_ROWS, limit + MORE_STEP) })}
            >
              Show more
            </Button>
          </Center>
        )}
      </>
    );
  }
  const unknown = mode === 'edit' && hasSheet && columns.length > 0 ? bracketNames(template, columns).unknown : [];
  // Without a sheet no bracket can be a column: the editor says so (guests see the text only).
  const noSheetNote = mode === 'edit' && !hasSheet && bracketNames(template, []).unknown.length > 0;
  return (
    <BlockFrame config={config}>
      {body}
      {noSheetNote && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="markdown-no-sheet">
          {NO_SHEET_NOTE}
        </Text>
      )}
      {unknown.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {`Not columns of ${String(config.sheet_title)} (shown as typed): ${unknown.map((n) => `[${n}]`).join(', ')}`}
        </Text>
      )}
    </BlockFrame>
  );
}

export default MarkdownBlock;
