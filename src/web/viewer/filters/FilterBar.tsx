// The viewers' filter bar above the blocks: one chip per board filter with a switch (on/off for
// this view only) and, when the condition takes a value, a pencil that edits the value for this
// view. Nothing here is saved; the address carries the view (see useViewFilters).
import { ActionIcon, Box, Button, Group, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconFilter, IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Filter } from '../../../shared/filters/conditions';
import { filterValueProblem } from '../../../shared/filters/board-filters';
import { FilterValueInput } from './FilterValueInput';
import type { ViewFiltersApi } from './useViewFilters';
import { filterSummary, valueKind } from './values';

export function FilterBar({ view }: { view: ViewFiltersApi }) {
  return (
    <Box maw={1440} mx="auto" px={{ base: 16, sm: 20, lg: 32 }} pt={{ base: 16, lg: 24 }}>
      <Group gap="xs" role="region" aria-label="Filters" data-testid="filter-bar" wrap="wrap">
        <IconFilter size={18} color="var(--mantine-color-gray-6)" aria-hidden />
        {view.filters.map((f, i) => (
          <FilterChip key={`${i}:${f.name}`} filter={f} onChange={(c) => view.change(i, c)} />
        ))}
        {view.unknown.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="filter-unknown">
            Not filters of this board (ignored): {view.unknown.join(', ')}
          </Text>
        )}
      </Group>
    </Box>
  );
}

function FilterChip({ filter, onChange }: { filter: Filter; onChange: (c: { active?: boolean; value?: string }) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const editable = valueKind(filter.condition) !== 'none';
  const problem = filterValueProblem(filter.condition, draft);

  const start = () => {
    setDraft(filter.value === null || filter.value === undefined ? '' : String(filter.value));
    setOpen((o) => !o);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    onChange({ value: draft.trim() });
    setOpen(false);
  };

  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="filter-chip"
      data-active={filter.active}
      px={10}
      py={4}
      style={{
        borderRadius: 999,
        border: `1px solid ${filter.active ? 'var(--mantine-color-indigo-3)' : 'var(--mantine-color-gray-3)'}`,
        background: filter.active ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-white)',
      }}
    >
      <Switch size="xs" checked={filter.active} onChange={(e) => onChange({ active: e.currentTarget.checked })} label={filter.name} styles={{ label: { fontWeight: 600 } }} />
      <Text size="sm" c={filter.active ? 'dark' : 'dimmed'} lineClamp={1} maw={320}>
        {filterSummary(filter)}
      </Text>
      {editable && (
        <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" width={300} trapFocus withArrow>
          <Popover.Target>
            <Tooltip label="Change the value for your view" disabled={open}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Change ${filter.name}`} onClick={start}>
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <form onSubmit={apply}>
              <Stack gap="xs">
                <FilterValueInput condition={filter.condition} value={draft} onChange={setDraft} label={`Value of ${filter.name}`} error={draft.trim() ? problem : null} autoFocus />
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setOpen(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" size="xs" disabled={!!problem}>
                    Apply
                  </Button>
                </Group>
              </Stack>
            </form>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
