// The data editor's filters: "column / condition / value", added one at a time, all of them must
// match. They are the blocks' Filter entity, applied by the server with the same engine
// (src/shared/filters) as the blocks' filters.
import { Badge, Button, CloseButton, Group, Popover, Select, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { FILTER_CONDITIONS, VALUELESS_CONDITIONS, type Filter, type FilterCondition } from '../../../shared/filters/conditions';
import { FilterValueInput } from '../../viewer/filters/FilterValueInput';
import { CONDITION_LABELS, filterSummary } from '../../viewer/filters/values';

const CONDITION_OPTIONS = FILTER_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }));

export function FilterControl({ sheet, columns, filters, onChange }: { sheet: string; columns: string[]; filters: Filter[]; onChange: (next: Filter[]) => void }) {
  const [open, setOpen] = useState(false);
  const [column, setColumn] = useState<string | null>(null);
  const [condition, setCondition] = useState<FilterCondition>('includes');
  const [value, setValue] = useState('');
  const ready = !!column && (VALUELESS_CONDITIONS.has(condition) || value.trim() !== '');

  const add = () => {
    if (!column || !ready) return;
    onChange([...filters, { name: `Filter ${filters.length + 1}`, active: true, condition, sheet_column: { sheet, column }, value }]);
    setOpen(false);
    setValue('');
  };

  return (
    <>
      <Popover opened={open} onChange={setOpen} position="bottom-start" withArrow shadow="md" trapFocus>
        <Popover.Target>
          <Button variant="default" leftSection={<IconFilter size={16} />} onClick={() => setOpen((o) => !o)}>
            Filter
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260} component="form" aria-label="Add a filter" onSubmit={(e) => (e.preventDefault(), add())}>
            <Select label="Column" data={columns} value={column} onChange={setColumn} searchable comboboxProps={{ withinPortal: false }} />
            <Select
              label="Condition"
              data={CONDITION_OPTIONS}
              value={condition}
              onChange={(c) => c && setCondition(c as FilterCondition)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <FilterValueInput condition={condition} value={value} onChange={setValue} />
            <Button type="submit" disabled={!ready}>
              Apply filter
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {filters.map((f, i) => (
        <Badge
          key={`${f.name}-${i}`}
          variant="light"
          size="lg"
          tt="none"
          fw={500}
          data-testid="data-filter"
          rightSection={<CloseButton size="xs" aria-label={`Remove filter on ${f.sheet_column.column}`} onClick={() => onChange(filters.filter((_, j) => j !== i))} />}
        >
          {f.sheet_column.column} {filterSummary(f)}
        </Badge>
      ))}
      {filters.length > 1 && (
        <Group gap={0}>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange([])}>
            Clear filters
          </Button>
        </Group>
      )}
    </>
  );
}
