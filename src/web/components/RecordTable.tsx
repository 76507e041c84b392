// The admin areas' lists of records as one kind of table, described by its columns: striped rows
// on white, one column a field, and a sideways scroll below `minWidth` so a phone never squeezes
// the columns. (ListTable renders rows with a function and stands in for a list while it loads.) Rows carry a test id
// (and any data-* the caller adds) so browser tests can pick a record.
import { Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** Long words (names, e-mails, titles) break anywhere rather than widen the table. */
export const WRAP: CSSProperties = { overflowWrap: 'anywhere' };
/** Dates stay on one line. */
export const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

export interface RecordColumn<T> {
  /** Empty for a column of buttons (or a VisuallyHidden name). */
  header?: ReactNode;
  cell: (row: T) => ReactNode;
  style?: CSSProperties;
}

export function RecordTable<T extends { id: string }>({
  rows,
  columns,
  minWidth,
  labelledBy,
  rowTestId,
  rowData,
}: {
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  minWidth: number;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  rowTestId: string;
  /** Extra attributes of a row, such as data-status. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs" bg="white">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={i}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={rowTestId} {...rowData?.(row)}>
              {columns.map((c, i) => (
                <Table.Td key={i} style={c.style}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
