// The pop-up of one row in full (table and list rows with show_details_on_click, grid cards): each
// field's name above its value, the value drawn as the block draws that field.
import { Box, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

type Row = Record<string, unknown>;

export interface DetailEntry {
  key: string;
  name: string;
  value: ReactNode;
}

/** Open while `row` is set; `entries` are that row's fields, in order. */
export function RowDetails({ row, title, onClose, entries, gap = 'xs' }: { row: Row | null; title: string; onClose: () => void; entries: (row: Row) => DetailEntry[]; gap?: 'xs' | 'sm' }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={title || 'Details'} size="lg">
      {row && (
        <Stack gap={gap}>
          {entries(row).map((e) => (
            <Box key={e.key}>
              <Text size="xs" c="dimmed" fw={600}>
                {e.name}
              </Text>
              {e.value}
            </Box>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The row a view shows in full: `open(row)` shows it, `details` is the pop-up to render once in
 * the view (table, list, grid).
 */
export function useRowDetails(title: string, entries: (row: Row) => DetailEntry[], gap?: 'xs' | 'sm') {
  const [row, setRow] = useState<Row | null>(null);
  return { open: setRow, details: <RowDetails row={row} title={title} onClose={() => setRow(null)} entries={entries} gap={gap} /> };
}
