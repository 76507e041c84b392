// A list the server gives, as a table: the column names, then one row per item, or one line
// across the table while the list loads or when it is empty. A failed load shows no rows (the
// page says why above the table).
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ListTable<T>({
  labelledBy,
  minWidth,
  columns,
  query,
  items,
  loadingText,
  emptyText,
  row,
}: {
  labelledBy: string;
  minWidth: number;
  columns: readonly string[];
  query: { isPending: boolean; isError: boolean };
  items: readonly T[];
  loadingText: string;
  emptyText: string;
  row: (item: T) => ReactNode;
}) {
  const line = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{query.isPending ? line(loadingText) : query.isError ? null : items.length === 0 ? line(emptyText) : items.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
