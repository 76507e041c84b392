// Grid view: rows as cards in `columns` columns. Search and sort go to the server
// (data.setQuery: q, sort, dir, limit, offset) with Previous/Next pages; without setQuery (a
// preview) the same happens in the browser. show_filter narrows the cards of the page by one
// column's value. A click on a card opens the details with every field, hide_on_grid included.
import { ActionIcon, Box, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { matchesSearch, rowSearchText, searchTerms } from '../../shared/filters/search';
import { BlockFrame, BlockLoading, DataError, EmptyState, toolbarColor } from '../BlockFrame';
import { sortRows } from '../data_list/data-list';
import { pageInfo } from '../table/table-cells';
import type { BlockViewProps, SheetQuery } from '../types';
import { CardFieldView } from './CardField';
import { applyCardFilter, cardFields, filterValues, gridColumns, inDetails, onCard, sortColumns } from './grid-cards';

type Row = Record<string, unknown>;

/** Cards per page: 12 fills whole rows at 1, 2, 3 and 4 columns. */
export const GRID_PAGE = 12;

export function GridBlock({ config, rows, columns, data }: BlockViewProps) {
  const server = typeof data.setQuery === 'function';
  const fields = useMemo(() => cardFields(config, columns), [config, columns]);
  const shownFields = useMemo(() => onCard(fields), [fields]);
  const firstText = shownFields.find((f) => f.type === 'text')?.column;
  const sortable = useMemo(() => sortColumns(fields), [fields]);
  const cols = gridColumns(config);
  const title = typeof config.title === 'string' ? config.title : '';

  const [localQuery, setLocalQuery] = useState<SheetQuery>({ limit: GRID_PAGE, offset: 0 });
  const query: SheetQuery = server ? { offset: 0, ...data.query, limit: GRID_PAGE } : localQuery;
  const update = (changes: SheetQuery) => {
    const next: SheetQuery = { ...query, ...changes };
    for (const k of Object.keys(next) as (keyof SheetQuery)[]) if (next[k] === undefined || next[k] === '') delete next[k];
    if (server) data.setQuery!(next);
    else setLocalQuery(next);
  };
  // The renderer starts at its own page size (and resets its query once mounted, after this
  // effect, with a new object); the grid asks again for whole rows of cards until it has them.
  useEffect(() => {
    if (server && data.query?.limit !== GRID_PAGE) update({ limit: GRID_PAGE, offset: 0 });
  }, [server, data.query]); // eslint-disable-line react-hooks/exhaustive-deps

  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((query.q ?? '') !== debounced.trim()) update({ q: debounced.trim() || undefined, offset: 0 });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  const [filterColumn, setFilterColumn] = useState<string | null>(null);
  const [filterValue, setFilterValue] = useState<string | null>(null);

  const offset = query.offset ?? 0;
  const matching = useMemo(() => {
    if (server) return rows;
    const terms = searchTerms(query.q);
    const cols = columns.length ? columns : Object.keys(rows[0] ?? {});
    const found = terms.length ? rows.filter((r) => matchesSearch(rowSearchText(r, cols), terms)) : rows;
    return query.sort ? sortRows(found, { column: query.sort, dir: query.dir === 'desc' ? 'desc' : 'asc' }) : found;
  }, [server, rows, columns, query.q, query.sort, query.dir]);
  const page = server ? rows : matching.slice(offset, offset + GRID_PAGE);
  const cards = useMemo(() => applyCardFilter(page, filterColumn, filterValue), [page, filterColumn, filterValue]);
  const valueChoices = useMemo(() => (filterColumn ? filterValues(page, filterColumn) : []), [page, filterColumn]);
  const total = server ? data.total : matching.length;
  const { page: pageNo, pages } = pageInfo(total, GRID_PAGE, offset);

  const [details, setDetails] = useState<Row | null>(null);
  const cardColor = typeof config.Card_color === 'string' && config.Card_color ? config.Card_color : undefined;

  const toolbar = (
    <>
      {config.show_filter === true && (
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
      {config.show_sort !== false && sortable.length > 0 && (
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label="Sort by"
            placeholder="Sort by"
            size="xs"
            w={140}
            data={sortable}
            value={query.sort ?? null}
            onChange={(v) => update({ sort: v ?? undefined, dir: v ? (query.dir ?? 'asc') : undefined, offset: 0 })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          {query.sort && (
            <ActionIcon
              variant="subtle"
              color={toolbarColor(config)}
              aria-label={query.dir === 'desc' ? 'Sorted descending' : 'Sorted ascending'}
              onClick={() => update({ dir: query.dir === 'desc' ? 'asc' : 'desc', offset: 0 })}
            >
              {query.dir === 'desc' ? <IconArrowDown size={16} /> : <IconArrowUp size={16} />}
            </ActionIcon>
          )}
        </Group>
      )}
      {config.show_search !== false && (
        <TextInput
          aria-label="Search"
          placeholder="Search"
          size="xs"
          w={180}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={14} />}
        />
      )}
    </>
  );

  let body;
  if (data.error != null) body = <DataError error={data.error} />;
  else if (data.loading && rows.length === 0) body = <BlockLoading />;
  else
    body = (
      <Box style={{ opacity: data.loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={data.loading}>
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
        {pages > 1 && (
          <Group justify="space-between" mt="sm" gap="xs" role="navigation" aria-label="Pagination">
            <Text size="sm" c="dimmed">{`${total} ${total === 1 ? 'row' : 'rows'}`}</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" disabled={pageNo <= 1 || data.loading} onClick={() => update({ offset: Math.max(0, offset - GRID_PAGE) })}>
                Previous
              </Button>
              <Text size="sm">{`Page ${pageNo} of ${pages}`}</Text>
              <Button size="compact-sm" variant="light" disabled={pageNo >= pages || data.loading} onClick={() => update({ offset: offset + GRID_PAGE })}>
                Next
              </Button>
            </Group>
          </Group>
        )}
      </Box>
    );

  return (
    <BlockFrame config={config} toolbar={toolbar}>
      {body}
      <Modal opened={details !== null} onClose={() => setDetails(null)} title={title || 'Details'} size="lg">
        {details && (
          <Stack gap="sm">
            {inDetails(fields).map((f, j) => (
              <Box key={`${f.column}-${j}`}>
                <Text size="xs" c="dimmed" fw={600}>
                  {f.column}
                </Text>
                <CardFieldView field={{ ...f, align: 'left' }} row={details} data={data} imageHeight={f.roundImage ? f.imageHeight : 280} />
              </Box>
            ))}
          </Stack>
        )}
      </Modal>
    </BlockFrame>
  );
}

export default GridBlock;
