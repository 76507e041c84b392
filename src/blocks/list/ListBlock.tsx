// List view: each row of the sheet as an item (image lines beside text lines). Paged, searched and
// sorted on the server like the table (data.setQuery); without it (a preview) the same happens in
// the browser. Row editing, Add Row and the Edit row / Delete row actions come from
// rows/useRowWrites, as the table's do, so both blocks write the same way.
import { ActionIcon, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord } from '../../shared/settings/types';
import { BlockLoading, dimWhileLoading, EmptyState, sheetStandIn, toolbarColor } from '../BlockFrame';
import { cellText, safeUrl } from '../cells/cells';
import { Pager, SearchBox, SortSelect } from '../query/QueryControls';
import { pageInfo, queryControlsOf, searchRows } from '../query/sheet-query';
import { useSheetQuery } from '../query/useSheetQuery';
import { useRowDetails } from '../RowDetails';
import { RowDownloadButtons, useRowDownloads } from '../RowDownloads';
import { RowsFrame, useRowWrites } from '../rows/useRowWrites';
import type { BlockViewProps } from '../types';
import { imageWidth, listLines, type ListLine } from './list-items';
import { listSettings } from './schema';

type Row = Record<string, unknown>;

const VirtualList = lazy(() => import('./VirtualList').then((m) => ({ default: m.VirtualList })));
const VIRTUAL_FROM = 100;

/** The block's settings as its record holds them; a cleared search or pagination colour is the usual one. */
const LIST_SETTINGS = withCommon(listSettings);
const readList = (config: BlockRecord) => readSettings(LIST_SETTINGS, config, { blankIsDefault: ['Search_color', 'Pagination_color'] });

function Line({ line, value }: { line: ListLine; value: unknown }) {
  if (line.type === 'image') {
    const src = safeUrl(cellText(value), 'image');
    return src ? <img src={src} alt={line.column} loading="lazy" style={{ width: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 6, display: 'block' }} /> : null;
  }
  const text = cellText(value);
  return (
    <Text size="sm" style={{ color: line.color, fontWeight: line.fontWeight, fontStyle: line.fontStyle, overflowWrap: 'anywhere' }}>
      {text || '\u00a0'}
    </Text>
  );
}

export function ListBlock({ config, rows, columns, data }: BlockViewProps) {
  const settings = useMemo(() => readList(config), [config]);
  const { paginate, title } = settings;
  const { pageSize, showPagination, showSearch, showSort } = queryControlsOf(config, settings);
  const lines = useMemo(() => listLines(config, columns), [config, columns]);
  const images = lines.filter((l) => l.type === 'image');
  const texts = lines.filter((l) => l.type === 'text');
  const writes = useRowWrites(config, columns, data);
  const { actions, editable, itemButtons } = writes;

  const sheetQuery = useSheetQuery(data, { pageSize });
  const { server, query, offset } = sheetQuery;
  // Browser mode: search, sort and page the rows handed over (the server does this otherwise).
  const matching = useMemo(() => {
    if (server) return rows;
    const found = searchRows(rows, columns, query.q);
    if (!query.sort) return found;
    const key = query.sort;
    const sign = query.dir === 'desc' ? -1 : 1;
    return [...found].sort((a, b) => sign * cellText(a[key]).localeCompare(cellText(b[key]), 'en', { numeric: true }));
  }, [server, rows, columns, query.q, query.sort, query.dir]);
  const shown = server ? rows : paginate ? matching.slice(offset, offset + pageSize) : matching;
  const total = server ? data.total : matching.length;
  const { page, pages } = pageInfo(total, pageSize, offset);

  const allRows = async (): Promise<Row[]> => (server && data.fetchAll ? (await data.fetchAll()).rows : matching);
  const downloads = useRowDownloads({ title, noun: 'list', columns: lines.map((l) => l.column), allRows });

  const { open: setDetails, details } = useRowDetails(title, (row) =>
    lines.map((l) => ({ key: l.column, name: l.column, value: <Line line={{ ...l, fontWeight: 400, fontStyle: 'normal' }} value={row[l.column]} /> })),
  );
  const clickable = settings.show_details_on_click;

  const virtual = !paginate && shown.length > VIRTUAL_FROM;

  const cardColor = settings.Card_color || undefined;
  const searchColor = settings.Search_color;
  const paginationColor = settings.Pagination_color;
  const imgW = imageWidth(config);

  const toolbar = (
    <>
      {writes.toolbar}
      {showSort && lines.length > 0 && <SortSelect state={sheetQuery} columns={texts.map((l) => l.column)} width={150} iconColor={toolbarColor(config)} />}
      {showSearch && <SearchBox state={sheetQuery} width={180} color={searchColor} />}
      <RowDownloadButtons csv={settings.csv_download} pdf={settings.pdf_download} color={toolbarColor(config)} downloads={downloads} disabled={data.error != null} />
    </>
  );

  const item = (row: Row) => (
    <Paper
      withBorder
      p="sm"
      radius="md"
      role="listitem"
      style={{ background: cardColor, color: 'inherit', cursor: clickable ? 'pointer' : undefined }}
      onClick={clickable ? () => setDetails(row) : undefined}
      onKeyDown={clickable ? (e) => e.key === 'Enter' && e.currentTarget === e.target && setDetails(row) : undefined}
      tabIndex={clickable ? 0 : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {images.length > 0 && (
          <Stack gap={6} style={{ width: imgW, maxWidth: '40%', flexShrink: 0 }}>
            {images.map((l) => (
              <ItemLine key={l.column} line={l} row={row} align="flex-start" onEdit={editable.has(l.column) ? () => writes.editCell(row, l.column) : null} />
            ))}
          </Stack>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {texts.map((l) => (
            <ItemLine key={l.column} line={l} row={row} align="center" onEdit={editable.has(l.column) ? () => writes.editCell(row, l.column) : null} />
          ))}
        </Stack>
        {(actions.length > 0 || itemButtons.length > 0) && (
          <Stack gap={6} style={{ flexShrink: 0 }}>
            {writes.rowButtons(row)}
          </Stack>
        )}
      </Group>
    </Paper>
  );

  const body = sheetStandIn(data, rows) ?? (
    <Box style={dimWhileLoading(data.loading)} aria-busy={data.loading}>
      {virtual ? (
        <Suspense fallback={<BlockLoading />}>
          <VirtualList rows={shown} label={title || 'List'} item={item} />
        </Suspense>
      ) : (
        <Stack gap="xs" role="list" aria-label={title || 'List'}>
          {shown.map((row, index) => (
            <Box key={String(row._id ?? index)}>{item(row)}</Box>
          ))}
        </Stack>
      )}
      {shown.length === 0 && <EmptyState>No rows</EmptyState>}
      {showPagination && <Pager total={total} page={page} pages={pages} disabled={data.loading} color={paginationColor} onPage={sheetQuery.turnPage} />}
    </Box>
  );

  return <RowsFrame config={config} toolbar={toolbar} writes={writes} details={details} body={body} />;
}

/** A line of an item, with its edit button when the viewer may edit that column. */
function ItemLine({ line, row, align, onEdit }: { line: ListLine; row: Row; align: 'flex-start' | 'center'; onEdit: (() => void) | null }) {
  return (
    <Group gap={2} wrap="nowrap" align={align}>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Line line={line} value={row[line.column]} />
      </Box>
      {onEdit && <EditButton column={line.column} onClick={onEdit} />}
    </Group>
  );
}

function EditButton({ column, onClick }: { column: string; onClick: () => void }) {
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="gray"
      aria-label={`Edit ${column}`}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      <IconPencil size={14} />
    </ActionIcon>
  );
}

export default ListBlock;
