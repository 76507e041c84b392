// The toolbar and footer controls of the paged data blocks, driven by useSheetQuery, so the
// table, list and grid search, sort and page with the same words and labels.
import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSearch } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { SheetQueryState } from './useSheetQuery';

/** The search box; `color` marks the icon and the focus ring (a normal border at rest). */
export function SearchBox({ state, width, color }: { state: SheetQueryState; width: number; color?: string }) {
  return (
    <TextInput
      aria-label="Search"
      placeholder="Search"
      size="xs"
      w={width}
      value={state.search}
      onChange={(e) => state.setSearch(e.currentTarget.value)}
      leftSection={<IconSearch size={14} color={color} />}
      styles={color ? { input: { '--input-bd-focus': color } as CSSProperties } : undefined}
    />
  );
}

/** 'Sort by' a column, with a button flipping the direction once a column is chosen. */
export function SortSelect({ state, columns, width, iconColor }: { state: SheetQueryState; columns: string[]; width: number; iconColor: string }) {
  const { sort, dir } = state.query;
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label="Sort by"
        placeholder="Sort by"
        size="xs"
        w={width}
        data={columns}
        value={sort ?? null}
        onChange={state.sortBy}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {sort && (
        <ActionIcon variant="subtle" color={iconColor} aria-label={dir === 'desc' ? 'Sorted descending' : 'Sorted ascending'} onClick={state.flipDir}>
          {dir === 'desc' ? <IconArrowDown size={16} /> : <IconArrowUp size={16} />}
        </ActionIcon>
      )}
    </Group>
  );
}

/** '<total> rows', Previous, 'Page n of m', Next. */
export function Pager({
  total,
  page,
  pages,
  disabled,
  color,
  onPage,
}: {
  total: number;
  page: number;
  pages: number;
  /** While loading: the buttons wait for the page asked for. */
  disabled: boolean;
  color?: string;
  /** Called with -1 (previous) or 1 (next). */
  onPage: (step: -1 | 1) => void;
}) {
  return (
    <Group justify="space-between" mt="sm" gap="xs" wrap="wrap" role="navigation" aria-label="Pagination">
      <Text size="sm" c="dimmed" aria-live="polite">{`${total} ${total === 1 ? 'row' : 'rows'}`}</Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="light" color={color} aria-label="Previous page" disabled={page <= 1 || disabled} onClick={() => onPage(-1)}>
          Previous
        </Button>
        <Text size="sm">{`Page ${page} of ${pages}`}</Text>
        <Button size="compact-sm" variant="light" color={color} aria-label="Next page" disabled={page >= pages || disabled} onClick={() => onPage(1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
