// Data list view: rows as cards in a vertical list, a horizontal scrolling row, or a timeline
// (vertical line, horizontal line, or zigzag around a centre line) with coloured line and dots.
// The sort goes to the server (data.setQuery sort/dir); "Load more" asks for more rows. The
// conditional filter is the chart's rule, applied to the loaded rows.
import { Box, Button, Center, Paper, Stack } from '@mantine/core';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, dimWhileLoading, EmptyState, sheetStandIn } from '../BlockFrame';
import { useSheetQuery } from '../query/useSheetQuery';
import { CardFieldView } from '../grid/CardField';
import { cardFields } from '../grid/grid-cards';
import type { BlockViewProps } from '../types';
import { applyDataListFilters, cardRadius, listType, sortRows, sortSpec, timelineLayout, zigzagSide } from './data-list';
import { dataListSettings } from './schema';

type Row = Record<string, unknown>;

/** Rows per "Load more"; the most rows a data list holds (cards are DOM nodes). */
export const DATA_LIST_STEP = 10;
export const DATA_LIST_MAX = 1000;

/** The block's settings; a cleared timeline colour is the usual one. */
const DATA_LIST_SETTINGS = withCommon(dataListSettings);

const ANIMATION_CSS = `
@keyframes sb-dl-in { from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; } }
.sb-dl-anim { animation: sb-dl-in 280ms ease-out both; transition: transform 150ms ease, box-shadow 150ms ease; }
.sb-dl-anim:hover { transform: translateY(-2px); box-shadow: 0 6px 16px rgba(15, 23, 42, 0.12); }
@media (prefers-reduced-motion: reduce) { .sb-dl-anim { animation: none; transition: none; } .sb-dl-anim:hover { transform: none; } }
`;

export function DataListBlock({ config, rows, columns, data }: BlockViewProps) {
  const fields = useMemo(() => cardFields(config, columns), [config, columns]);
  const spec = useMemo(() => sortSpec(config, fields, columns), [config, fields, columns]);
  const firstText = fields.find((f) => f.type === 'text')?.column;
  const type = listType(config);
  const layout = timelineLayout(config);
  const settings = useMemo(() => readSettings(DATA_LIST_SETTINGS, config, { blankIsDefault: ['timeline_line_color', 'timeline_dot_color'] }), [config]);
  const radius = cardRadius(settings.card_style);
  const animate = settings.enable_animations;
  const lineColor = settings.timeline_line_color;
  const dotColor = settings.timeline_dot_color;
  const cardColor = settings.Card_color || undefined;

  // The server sorts: the query pins the block's sorting setting (none: no sort at all).
  const sheetQuery = useSheetQuery(data, { pageSize: DATA_LIST_STEP, pin: spec ? { sort: spec.column, dir: spec.dir } : { sort: undefined, dir: undefined } });
  const { server, query, ready } = sheetQuery;
  const limit = query.limit ?? DATA_LIST_STEP;
  const items = useMemo(() => {
    const ordered = server ? rows : sortRows(rows, spec).slice(0, limit);
    return applyDataListFilters(ordered, config.filters);
  }, [server, rows, spec, limit, config.filters]);
  const loadedCount = server ? rows.length : Math.min(rows.length, limit);
  const available = server ? data.total : rows.length;
  const more = loadedCount < Math.min(available, DATA_LIST_MAX);
  const loadMore = () => sheetQuery.update({ offset: 0, limit: server ? Math.min(DATA_LIST_MAX, loadedCount + DATA_LIST_STEP) : limit + DATA_LIST_STEP });

  const card = (row: Row, style?: CSSProperties): ReactNode => (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      className={animate ? 'sb-dl-anim' : undefined}
      style={{ borderRadius: radius, background: cardColor, color: 'inherit', minWidth: 0, ...style }}
    >
      <Stack gap={8}>
        {fields.map((f, j) => (
          <CardFieldView key={`${f.column}-${j}`} field={f} row={row} data={data} strong={f.column === firstText} imageHeight={f.type === 'image' ? 160 : undefined} />
        ))}
      </Stack>
    </Paper>
  );
  const key = (row: Row, i: number) => String(row._id ?? i);
  // 14 px outside (border-box), centred on the 3 px line.
  const dot = (style: CSSProperties) => (
    <span
      data-testid="timeline-dot"
      aria-hidden
      style={{ position: 'absolute', width: 14, height: 14, borderRadius: '50%', background: dotColor, border: '3px solid #fff', boxShadow: `0 0 0 2px ${dotColor}`, ...style }}
    />
  );
  const label = settings.title || 'Data list';
  const listProps = { role: 'list', 'aria-label': label, 'data-list-type': type === 'timeline' ? `timeline-${layout}` : type };

  let content: ReactNode;
  if (type === 'horizontal')
    content = (
      <Box {...listProps} style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8, scrollSnapType: 'x proximity' }}>
        {items.map((row, i) => (
          <Box key={key(row, i)} style={{ flex: '0 0 260px', scrollSnapAlign: 'start', display: 'flex' }}>
            {card(row, { flex: 1 })}
          </Box>
        ))}
      </Box>
    );
  else if (type === 'timeline' && layout === 'horizontal')
    content = (
      <Box {...listProps} style={{ display: 'flex', gap: 16, overflowX: 'auto', paddingBottom: 8, position: 'relative' }}>
        {items.map((row, i) => (
          <Box key={key(row, i)} style={{ flex: '0 0 240px', position: 'relative', paddingTop: 30 }}>
            {/* Each item draws its piece of the line, so the line spans the scrolled content. */}
            <span aria-hidden style={{ position: 'absolute', top: 12, left: 0, right: -16, height: 3, background: lineColor }} />
            {dot({ top: 6, left: 16 })}
            {card(row)}
          </Box>
        ))}
      </Box>
    );
  else if (type === 'timeline' && layout === 'zigzag')
    content = (
      <Box {...listProps} style={{ position: 'relative', display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 44, rowGap: 8 }}>
        <span aria-hidden style={{ position: 'absolute', top: 0, bottom: 0, left: 'calc(50% - 1.5px)', width: 3, background: lineColor }} />
        {items.map((row, i) => {
          const side = zigzagSide(i);
          return (
            <Box key={key(row, i)} style={{ gridColumn: side === 'left' ? 1 : 2, gridRow: i + 1, position: 'relative', minWidth: 0 }}>
              {dot({ top: 14, ...(side === 'left' ? { right: -29 } : { left: -29 }) })}
              {card(row)}
            </Box>
          );
        })}
      </Box>
    );
  else if (type === 'timeline')
    content = (
      <Box {...listProps} style={{ position: 'relative', paddingLeft: 34, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <span aria-hidden style={{ position: 'absolute', top: 0, bottom: 0, left: 11, width: 3, background: lineColor }} />
        {items.map((row, i) => (
          <Box key={key(row, i)} style={{ position: 'relative' }}>
            {dot({ top: 14, left: -28.5 })}
            {card(row)}
          </Box>
        ))}
      </Box>
    );
  else
    content = (
      <Box {...listProps} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
        {items.map((row, i) => (
          <Box key={key(row, i)}>{card(row)}</Box>
        ))}
      </Box>
    );

  const body = sheetStandIn(data, rows, !ready) ?? (
    <Box style={dimWhileLoading(data.loading)} aria-busy={data.loading}>
      {animate && <style>{ANIMATION_CSS}</style>}
      {content}
      {items.length === 0 && <EmptyState>No rows</EmptyState>}
      {more && (
        <Center mt="sm">
          <Button size="compact-sm" variant="light" loading={data.loading} onClick={loadMore}>
            Load more
          </Button>
        </Center>
      )}
    </Box>
  );
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default DataListBlock;
