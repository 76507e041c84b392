// A long unpaginated list, virtualized: only the items on screen (and a few more) are in the
// page. A lazy chunk of the list view, so lists that paginate (the default) do not download the
// virtualizer.
import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

type Row = Record<string, unknown>;

export function VirtualList({ rows, label, item }: { rows: Row[]; label: string; item: (row: Row) => ReactNode }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => 96, overscan: 6 });
  return (
    <Box ref={scrollRef} style={{ maxHeight: 600, overflowY: 'auto' }}>
      <div role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map(({ index, start }) => {
          const row = rows[index]!;
          return (
            <div key={String(row._id ?? index)} data-index={index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)`, paddingBottom: 8 }}>
              {item(row)}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
