// Table view. With data.setQuery (the renderer's paged mode) search, sort and paging happen on
// the server: the view only sends {q, sort, dir, limit, offset}. Without it (rows handed over
// whole) TanStack Table does the same work in the browser. Cell display rules live in
// table-cells.ts; downloads in ../pdf.ts and toCsv.
import { ActionIcon, Anchor, Badge, Box, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { matchesSearch, rowSearchText, searchTerms } from '../../shared/filters/search';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { rowBlockSettings } from '../../shared/settings/row-blocks';
import type { BlockRecord } from '../../shared/settings/types';
import { dimWhileLoading, EmptyState, sheetStandIn, toolbarColor } from '../BlockFrame';
import { downloadName } from '../files';
import { Markdown } from '../Markdown';
import { cellText, safeUrl } from '../cells/cells';
import { pageInfo, queryControlsOf } from '../query/sheet-query';
import { Pager, SearchBox } from '../query/QueryControls';
import { useSheetQuery } from '../query/useSheetQuery';
import { useRowDetails } from '../RowDetails';
import { RowDownloadButtons, useRowDownloads } from '../RowDownloads';
import type { BlockViewProps } from '../types';
import type { TableAction } from '../rows/row-edit';
import { RowsFrame, useRowWrites } from '../rows/useRowWrites';
import { cellDisplay, cellStyle, fillTemplate, tableColumns, type TableColumn } from './table-cells';

type Row = Record<string, unknown>;

/** Above this many rows on screen, only the visible ones are drawn. */
const VIRTUAL_FROM = 150;
const ROW_HEIGHT = 41;

/** The block's settings as its record holds them; a cleared search or pagination colour is the usual one. */
const TABLE_SETTINGS = withCommon(rowBlockSettings);
const readTable = (config: BlockRecord) => readSettings(TABLE_SETTINGS, config, { blankIsDefault: ['Search_color', 'Pagination_color'] });

/**
 * Keeps a text cell inside its column: prose wraps between words, and a word too long for the
 * column (an e-mail address, a URL) ends in '…' instead of breaking mid-word. `width: 0` +
 * `min-width: 100%` stops the long word from widening the column in the auto table layout. The
 * full text shows as a tooltip when it is cut.
 */
const CLIP: CSSProperties = { display: 'block', width: 0, minWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', overflowWrap: 'normal' };
const titleIfCut = (e: { currentTarget: HTMLElement }) => {
  const el = e.currentTarget;
  if (el.scrollWidth > el.clientWidth && !el.title) el.title = el.textContent ?? '';
};

function Cell({ value, col, clip = false }: { value: unknown; col: TableColumn; clip?: boolean }) {
  const d = cellDisplay(value, col);
  switch (d.kind) {
    case 'link':
      return (
        <Anchor
          href={d.href}
          target={d.href.startsWith('http') ? '_blank' : undefined}
          rel="noopener noreferrer"
          onClick={(e) => e.stopPropagation()}
          style={clip ? CLIP : undefined}
          onMouseEnter={clip ? titleIfCut : undefined}
        >
          {d.text}
        </Anchor>
      );
    case 'image':
      return <img src={d.src} alt={d.alt} loading="lazy" style={{ maxHeight: 48, maxWidth: '100%', borderRadius: 4, display: 'block' }} />;
    case 'tags':
      return (
        <Group gap={4}>
          {d.tags.map((t, i) => (
            <Badge key={i} variant="light" size="sm">
              {t}
            </Badge>
          ))}
        </Group>
      );
    case 'markdown':
      return <Markdown text={d.text} />;
    default:
      return clip ? (
        <span style={CLIP} onMouseEnter={titleIfCut}>
          {d.text}
        </span>
      ) : (
        <>{d.text}</>
      );
  }
}

/**
 * Whether a scroll box has more to show on its left / right (for the edge shadows and buttons),
 * measured again when what it holds changes (the body shown or hidden, other columns, more rows).
 */
function useScrollEdges(ref: RefObject<HTMLDivElement | null>, content: { bodyShown: boolean; columns: readonly unknown[]; rows: number }) {
  const { bodyShown, columns, rows } = content;
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft < el.scrollWidth - el.clientWidth - 1;
      setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, bodyShown, columns, rows]);
  return edges;
}

const edgeShade = (side: 'left' | 'right'): CSSProperties => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 28,
  pointerEvents: 'none',
  background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0, 0, 0, 0.12), rgba(0, 0, 0, 0))`,
  zIndex: 2,
});

/** Actions that run in the browser: Open link, Copy to clipboard, Download pdf. */
export async function runClientAction(action: TableAction, row: Row, columns: string[], blockTitle: string) {
  const source = cellText(row[action.source_column]).trim();
  const ok = (fallback: string) => notifications.show({ color: 'teal', message: action.success_message || fallback });
  const fail = (fallback: string) => notifications.show({ color: 'red', message: action.error_message || fallback });
  switch (action.type) {
    case 'Open link': {
      const url = safeUrl(source);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      else fail('This row has no link to open');
      return;
    }
    case 'Copy to clipboard':
      try {
        await navigator.clipboard.writeText(source);
        ok('Copied to clipboard');
      } catch {
        fail('Could not copy to clipboard');
      }
      return;
    case 'Download pdf': {
      const { downloadRowPdf, rowAsText } = await import('../pdf');
      const template = action.pdf_template;
      const text = template ? fillTemplate(template, row) : rowAsText(row, columns);
      await downloadRowPdf(text, action.title || blockTitle, downloadName(blockTitle || action.title, 'row', 'pdf'));
      return;
    }
    default:
      return;
  }
}

export function TableBlock({ config, rows, columns, data }: BlockViewProps) {
  const settings = useMemo(() => readTable(config), [config]);
  const { paginate, title } = settings;
  const { pageSize, showPagination, showSearch, showSort } = queryControlsOf(config, settings);
  const cols = useMemo(() => tableColumns(config, columns), [config, columns]);
  const writes = useRowWrites(config, columns, data);
  const { actions, editable, itemButtons } = writes;
  const hasActions = actions.length > 0 || itemButtons.length > 0;

  // Client mode keeps its own query; server mode reads the renderer's and sends whole queries.
  const sheetQuery = useSheetQuery(data, { pageSize });
  const { server, query, offset, update } = sheetQuery;

  // Stable state objects: TanStack recomputes its row models when these change identity.
  const sorting = useMemo<SortingState>(() => (query.sort ? [{ id: query.sort, desc: query.dir === 'desc' }] : []), [query.sort, query.dir]);
  const pagination = useMemo(() => ({ pageIndex: Math.floor(offset / pageSize), pageSize }), [offset, pageSize]);

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      cols.map((c) => ({
        id: c.column,
        accessorFn: (r: Row) => r[c.column],
        header: c.column,
        // Numbers sort as numbers in client mode; the server sorts its own way.
        sortingFn: c.type === 'number' ? 'alphanumeric' : 'text',
        cell: (info) => <Cell value={info.getValue()} col={c} clip />,
      })),
    [cols],
  );

  const table = useReactTable<Row>({
    data: rows,
    columns: columnDefs,
    state: {
      sorting,
      globalFilter: query.q ?? '',
      pagination,
    },
    // The view moves the page itself (search and sort go back to the first page).
    autoResetPageIndex: false,
    manualSorting: server,
    manualFiltering: server,
    manualPagination: server,
    enableSorting: showSort,
    globalFilterFn: (row, _id, value: string) =>
      matchesSearch(rowSearchText(row.original, columns.length ? columns : Object.keys(row.original)), searchTerms(value)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: paginate ? getPaginationRowModel() : undefined,
  });

  const total = server ? data.total : table.getFilteredRowModel().rows.length;
  const { page, pages } = pageInfo(total, pageSize, offset);
  const shown = table.getRowModel().rows;

  const toggleSort = (id: string) => {
    if (!showSort) return;
    if (query.sort !== id) update({ sort: id, dir: 'asc', offset: 0 });
    else if (query.dir !== 'desc') update({ sort: id, dir: 'desc', offset: 0 });
    else update({ sort: undefined, dir: undefined, offset: 0 });
  };

  // Every row matching the current search and sort, for downloads.
  const allRows = async (): Promise<Row[]> => {
    if (server && data.fetchAll) return (await data.fetchAll()).rows;
    return table.getPrePaginationRowModel().rows.map((r) => r.original);
  };
  const downloads = useRowDownloads({ title, noun: 'table', columns: cols.map((c) => c.column), allRows });

  const hiddenColumns = useMemo(
    () => new Set((config.axis ?? []).filter((a) => a.hidden === true).map((a) => String(a.column))),
    [config.axis],
  );
  const { open: setDetails, details } = useRowDetails(title, (row) =>
    (columns.length ? columns : Object.keys(row))
      .filter((name) => !hiddenColumns.has(name))
      .map((name) => {
        const col = cols.find((c) => c.column === name) ?? { column: name, type: 'text' as const, markdown: false, characterLimit: 0 };
        return {
          key: name,
          name,
          value: (
            <Box>
              <Cell value={row[name]} col={{ ...col, characterLimit: 0 } as TableColumn} />
            </Box>
          ),
        };
      }),
  );
  const clickable = settings.show_details_on_click;
  const openDetails = (r: Row) => clickable && setDetails(r);

  // Long unpaged tables draw only the rows in view.
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = !paginate && shown.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? shown.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const visibleRows = virtual ? items.map((i) => ({ row: shown[i.index]!, index: i.index })) : shown.map((row, index) => ({ row, index }));
  const padTop = virtual ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  const bodyShown = data.error == null && !(data.loading && rows.length === 0);
  const edges = useScrollEdges(scrollRef, { bodyShown, columns: cols, rows: shown.length });
  const scrollBy = (dir: 1 | -1) => {
    const el = scrollRef.current;
    if (el) el.scrollBy({ left: dir * Math.max(120, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  const searchColor = settings.Search_color;
  const paginationColor = settings.Pagination_color;
  const cardColor = settings.Card_color || undefined;
  const freeze = settings.freeze_actions_column;
  const stickyCell: CSSProperties = freeze ? { position: 'sticky', right: 0, background: cardColor ?? 'var(--mantine-color-body)', zIndex: 1 } : {};

  const toolbar = (
    <>
      {writes.toolbar}
      {showSearch && <SearchBox state={sheetQuery} width={200} color={searchColor} />}
      <RowDownloadButtons csv={settings.csv_download} pdf={settings.pdf_download} color={toolbarColor(config)} downloads={downloads} disabled={data.error != null} />
    </>
  );

  const body = sheetStandIn(data, rows) ?? (
    <Paper style={{ background: cardColor, color: 'inherit', ...dimWhileLoading(data.loading) }} aria-busy={data.loading}>
      {(edges.left || edges.right) && (
        <Group gap={4} justify="flex-end" mb={4}>
          <Text size="xs" c="dimmed" mr={4}>
            More columns
          </Text>
          <ActionIcon size="sm" variant="default" radius="xl" aria-label="Scroll left" disabled={!edges.left} onClick={() => scrollBy(-1)}>
            <IconChevronLeft size={14} />
          </ActionIcon>
          <ActionIcon size="sm" variant="default" radius="xl" aria-label="Scroll right" disabled={!edges.right} onClick={() => scrollBy(1)}>
            <IconChevronRight size={14} />
          </ActionIcon>
        </Group>
      )}
      <Box pos="relative">
      {edges.left && <div style={edgeShade('left')} aria-hidden />}
      {edges.right && <div style={edgeShade('right')} aria-hidden />}
      <Box
        ref={scrollRef}
        // A table wider than its block scrolls sideways; as a focusable region the arrow keys scroll it too.
        tabIndex={edges.left || edges.right ? 0 : undefined}
        role={edges.left || edges.right ? 'region' : undefined}
        aria-label={edges.left || edges.right ? `${title || 'Table'} (scrolls sideways)` : undefined}
        style={{ overflowX: 'auto', scrollbarWidth: 'thin', ...(virtual ? { maxHeight: 600, overflowY: 'auto' } : {}) }}
      >
        <Table highlightOnHover={clickable} stickyHeader={virtual} verticalSpacing="xs" style={{ minWidth: '100%', width: 'max-content' }} aria-label={title || 'Table'} aria-rowcount={total + 1}>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h, i) => {
                  const col = cols[i]!;
                  const active = query.sort === h.column.id;
                  const dir = active ? (query.dir === 'desc' ? 'descending' : 'ascending') : 'none';
                  return (
                    <Table.Th key={h.id} style={{ width: col.width, minWidth: col.width, textAlign: col.align }} aria-sort={showSort ? dir : undefined}>
                      {showSort ? (
                        <Box
                          component="button"
                          type="button"
                          onClick={() => toggleSort(h.column.id)}
                          aria-label={`Sort by ${col.column}`}
                          style={{ all: 'unset', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          {active ? query.dir === 'desc' ? <IconArrowDown size={14} /> : <IconArrowUp size={14} /> : <IconArrowsSort size={14} opacity={0.35} />}
                        </Box>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </Table.Th>
                  );
                })}
                {hasActions && (
                  <Table.Th style={{ ...stickyCell, width: 1, whiteSpace: 'nowrap' }}>Actions</Table.Th>
                )}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {padTop > 0 && (
              <tr aria-hidden>
                <td style={{ height: padTop, padding: 0 }} colSpan={cols.length + 1} />
              </tr>
            )}
            {visibleRows.map(({ row, index }) => (
              <Table.Tr
                key={row.id}
                // Virtual rows report their real height (wrapped text, images) to the virtualiser.
                ref={virtual ? virtualizer.measureElement : undefined}
                data-index={index}
                onClick={clickable ? () => openDetails(row.original) : undefined}
                onKeyDown={clickable ? (e: KeyboardEvent) => e.key === 'Enter' && openDetails(row.original) : undefined}
                tabIndex={clickable ? 0 : undefined}
                style={{ cursor: clickable ? 'pointer' : undefined }}
              >
                {row.getVisibleCells().map((cell, i) => {
                  const col = cols[i]!;
                  const style = col.rules.length ? cellStyle(col.rules, cell.getValue()) : null;
                  return (
                    <Table.Td key={cell.id} style={{ width: col.width, minWidth: col.width, maxWidth: col.width, textAlign: col.align, ...style }}>
                      {editable.has(col.column) ? (
                        <Group gap={4} wrap="nowrap">
                          {/* The text box takes the cell's width (clipped text needs a definite width); the pencil sits at the cell's end. */}
                          <Box style={{ minWidth: 0, flex: 1 }}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Box>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${col.column}`}
                            onClick={(e) => {
                              e.stopPropagation();
                              writes.editCell(row.original, col.column);
                            }}
                          >
                            <IconPencil size={14} />
                          </ActionIcon>
                        </Group>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </Table.Td>
                  );
                })}
                {hasActions && (
                  <Table.Td style={{ ...stickyCell, whiteSpace: 'nowrap' }}>
                    <Group gap={6} wrap="nowrap">
                      {writes.rowButtons(row.original, (action, r) => void runClientAction(action, r, columns, title))}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {padBottom > 0 && (
              <tr aria-hidden>
                <td style={{ height: padBottom, padding: 0 }} colSpan={cols.length + 1} />
              </tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
      </Box>
      {shown.length === 0 && <EmptyState>No rows</EmptyState>}
      {showPagination && <Pager total={total} page={page} pages={pages} disabled={data.loading} color={paginationColor} onPage={sheetQuery.turnPage} />}
    </Paper>
  );

  return <RowsFrame config={config} toolbar={toolbar} writes={writes} details={details} body={body} />;
}

export default TableBlock;
