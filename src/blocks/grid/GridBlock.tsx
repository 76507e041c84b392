// Grid view: rows as cards in `columns` columns. Search and sort go to the server
// (data.setQuery: q, sort, dir, limit, offset) with Previous/Next pages; without setQuery (a
// preview) the same happens in the browser. show_filter narrows the cards of the page by one
// column's value. A click on a card opens the details with every field, hide_on_grid included.
import { Box, Group, Paper, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, dimWhileLoading, EmptyState, sheetStandIn, toolbarColor } from '../BlockFrame';
import { useRowDetails } from '../RowDetails';
import { sortRows } from '../data_list/data-list';
import { Pager, SearchBox, SortSelect } from '../query/QueryControls';
import { pageInfo, searchRows } from '../query/sheet-query';
import { useSheetQuery } from '../query/useSheetQuery';
import type { BlockViewProps } from '../types';
import { CardFieldView } from './CardField';
import { applyCardFilter, cardFields, filterValues, gridColumns, inDetails, onCard, sortColumns } from './grid-cards';
import { gridSettings } from './schema';

/** Cards per page: 12 fills whole rows at 1, 2, 3 and 4 columns. */
export const GRID_PAGE = 12;

const GRID_SETTINGS = withCommon(gridSettings);

export function GridBlock({ config, rows, columns, data }: BlockViewProps) {
  const fields = useMemo(() => cardFields(config, columns), [config, columns]);
  const shownFields = useMemo(() => onCard(fields), [fields]);
  const firstText = shownFields.find((f) => f.type === 'text')?.column;
  const sortable = useMemo(() => sortColumns(fields), [fields]);
  const settings = useMemo(() => readSettings(GRID_SETTINGS, config), [config]);
  const cols = gridColumns(config);
  const { title } = settings;

  // The renderer starts at its own page size; the grid pins whole rows of cards.
  const sheetQuery = useSheetQuery(data, { pageSize: GRID_PAGE });
  const { server, query, offset } = sheetQuery;

  const [filterColumn, setFilterColumn] = useState<string | null>(null);
  const [filterValue, setFilterValue] = useState<string | null>(null);

  const matching = useMemo(() => {
    if (server) return rows;
    const found = searchRows(rows, columns, query.q);
    return query.sort ? sortRows(found, { column: query.sort, dir: query.dir === 'desc' ? 'desc' : 'asc' }) : found;
  }, [server, rows, columns, query.q, query.sort, query.dir]);
  const page = server ? rows : matching.slice(offset, offset + GRID_PAGE);
  const cards = useMemo(() => applyCardFilter(page, filterColumn, filterValue), [page, filterColumn, filterValue]);
  const valueChoices = useMemo(() => (filterColumn ? filterValues(page, filterColumn) : []), [page, filterColumn]);
  const total = server ? data.total : matching.length;
  const { page: pageNo, pages } = pageInfo(total, GRID_PAGE, offset);

  const { open: setDetails, details } = useRowDetails(
    title,
    (row) =>
      inDetails(fields).map((f, j) => ({
        key: `${f.column}-${j}`,
        name: f.column,
        value: <CardFieldView field={{ ...f, align: 'left' }} row={row} data={data} imageHeight={f.roundImage ? f.imageHeight : 280} />,
      })),
    'sm',
  );
  const cardColor = settings.Card_color || undefined;

  const toolbar = (
    <>
      {settings.show_filter && (
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label="Filter column"
            placeholder="Filter by"
            size="xs"
            w={130}
            data={fields.filter((f) => f.type === 'text').map((f) => f.column)}
            value={filterColumn}
            onChange={(v) => {
              setFilterColumn(v);
              setFilterValue(null);
            }}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          {filterColumn && (
            <Select
              aria-label="Filter value"
              placeholder="Value"
              size="xs"
              w={140}
              data={valueChoices}
              value={filterValue}
              onChange={setFilterValue}
              clearable
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
      )}
      {settings.show_sort && sortable.length > 0 && <SortSelect state={sheetQuery} columns={sortable} width={140} iconColor={toolbarColor(config)} />}
      {settings.show_search && <SearchBox state={sheetQuery} width={180} />}
    </>
  );

  const body = sheetStandIn(data, rows) ?? (
    <Box style={dimWhileLoading(data.loading)} aria-busy={data.loading}>
      <Box
        role="list"
        aria-label={title || 'Grid'}
        style={{
          display: 'grid',
          gap: 12,
          // `columns` on wide blocks; narrow screens wrap to fewer (cards stay ≥ 200px).
          gridTemplateColumns: `repeat(auto-fill, minmax(max(200px, calc((100% - ${(cols - 1) * 12}px) / ${cols})), 1fr))`,
        }}
      >
        {cards.map((row, i) => (
          <Paper
            key={String(row._id ?? i)}
            role="listitem"
            withBorder
            radius="md"
            p="sm"
            tabIndex={0}
            aria-label={firstText ? String(row[firstText] ?? '') || undefined : undefined}
            style={{ background: cardColor, color: 'inherit', cursor: 'pointer', minWidth: 0 }}
            onClick={() => setDetails(row)}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget === e.target && setDetails(row)}
          >
            <Stack gap={8}>
              {shownFields.map((f, j) => (
                <CardFieldView key={`${f.column}-${j}`} field={f} row={row} data={data} strong={f.column === firstText} />
              ))}
            </Stack>
          </Paper>
        ))}
      </Box>
      {cards.length === 0 && <EmptyState>No rows</EmptyState>}
      {pages > 1 && <Pager total={total} page={pageNo} pages={pages} disabled={data.loading} onPage={sheetQuery.turnPage} />}
    </Box>
  );

  return (
    <BlockFrame config={config} toolbar={toolbar}>
      {body}
      {details}
    </BlockFrame>
  );
}

export default GridBlock;
