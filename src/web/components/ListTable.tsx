// A list as a table: the column names, then one row per item. With `query` (a list the server
// gives) one line across the table stands for the rows while it loads or when it is empty, and a
// failed load shows no rows (the page says why above the table). Other props are the table's.
import { Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c}>{c}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

type Loaded = { query: { isPending: boolean; isError: boolean }; loadingText: string; emptyText: string } | { query?: undefined; loadingText?: undefined; emptyText?: undefined };

export function ListTable<T>({
  minWidth,
  columns,
  items,
  row,
  query,
  loadingText,
  emptyText,
  ...table
}: {
  minWidth: number;
  columns: readonly string[];
  items: readonly T[];
  row: (item: T, index: number) => ReactNode;
} & Loaded &
  Omit<TableProps, 'children'>) {
  const line = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  const body = !query ? items.map(row) : query.isPending ? line(loadingText) : query.isError ? null : items.length === 0 ? line(emptyText) : items.map(row);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <TableHead columns={columns} />
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
