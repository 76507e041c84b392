// The owner's board filters (editor sidebar → Filters): add, edit and delete filters, and show or
// hide the viewers' filter bar. Saved with the board state (POST /api/board/update-metadata);
// the server checks the list with the same rules (shared/filters/board-filters.ts).
import { ActionIcon, Alert, Button, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FILTER_CONDITIONS, type Filter, type FilterCondition } from '../../../shared/filters/conditions';
import { MAX_BOARD_FILTERS } from '../../../shared/filters/board-filters';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useOnChange } from '../../lib/use-on-change';
import { toBoardState, type BoardState } from '../../viewer/board-state';
import { FilterValueInput } from '../../viewer/filters/FilterValueInput';
import { CONDITION_LABELS } from '../../viewer/filters/values';
import { cleanFilters, formErrors, hasErrors, localErrors, newFilter, withCondition, withSheet, type FormErrors } from './filters-form';

const CONDITION_OPTIONS = FILTER_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }));
const NO_ERRORS: FormErrors = { byFilter: {}, general: [] };

export function FiltersManager({ board, opened, onClose }: { board: BoardState; opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filter[]>(board.filters);
  const [showBar, setShowBar] = useState(!board.hideFilters);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  // Each opening starts from what is saved.
  useOnChange(opened, (isOpen) => {
    if (!isOpen) return;
    setFilters(board.filters);
    setShowBar(!board.hideFilters);
    setErrors(NO_ERRORS);
    setAttempted(false);
  });

  const update = (next: Filter[]) => {
    setFilters(next);
    if (attempted) setErrors(localErrors(next));
  };
  const patch = (i: number, f: Filter) => update(filters.map((x, j) => (j === i ? f : x)));

  const save = async () => {
    setAttempted(true);
    const local = localErrors(filters);
    setErrors(local);
    if (hasErrors(local)) return;
    setSaving(true);
    try {
      const res = await api.post<unknown>('/api/board/update-metadata', { filters: cleanFilters(filters), hide_filters: !showBar }, { board: board.appId });
      const next = toBoardState(res);
      // Every cached copy of this board (by slug, subdomain or id) shows the new filters at once.
      qc.setQueriesData<BoardState>({ queryKey: ['board'] }, (old) => (old && old.appId === board.appId ? next : old));
      toast.success('Filters saved', showBar ? 'Viewers see the filter bar above the blocks.' : 'The filter bar is hidden from viewers.');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.issues.length) setErrors(formErrors(e.issues));
      else toast.error('Could not save the filters', e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Board filters" size="xl">
      <Stack gap="md">
        <Switch
          checked={showBar}
          onChange={(e) => setShowBar(e.currentTarget.checked)}
          label="Show the filter bar to viewers"
          description="Viewers switch filters on and off and change their values for their own view (nothing they do is saved). The address can carry filters too: ?filters=Name:value,Other:value"
        />
        {filters.length === 0 && (
          <Text c="dimmed" size="sm">
            No filters yet. A filter keeps the rows of one sheet whose column matches a condition, in every block that reads that sheet.
          </Text>
        )}
        {filters.map((f, i) => (
          <FilterEditor key={i} index={i} filter={f} board={board} errors={errors.byFilter[i] ?? {}} onChange={(nf) => patch(i, nf)} onDelete={() => update(filters.filter((_, j) => j !== i))} />
        ))}
        {errors.general.map((m) => (
          <Alert key={m} color="red" variant="light">
            {m}
          </Alert>
        ))}
        <Group justify="space-between">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => update([...filters, newFilter(board.sheets)])} disabled={filters.length >= MAX_BOARD_FILTERS}>
            Add filter
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save} loading={saving}>
              Save filters
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function FilterEditor({
  index,
  filter,
  board,
  errors,
  onChange,
  onDelete,
}: {
  index: number;
  filter: Filter;
  board: BoardState;
  errors: Record<string, string>;
  onChange: (f: Filter) => void;
  onDelete: () => void;
}) {
  const sheetOptions = useMemo(() => board.sheets.map((s) => s.title), [board.sheets]);
  const columns = useMemo(() => {
    const cols = board.sheets.find((s) => s.title === filter.sheet_column.sheet)?.columns ?? [];
    // A saved column the sheet no longer has stays visible, so the owner sees what to fix.
    return filter.sheet_column.column && !cols.includes(filter.sheet_column.column) ? [...cols, filter.sheet_column.column] : cols;
  }, [board.sheets, filter.sheet_column]);
  const label = filter.name.trim() || `Filter ${index + 1}`;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Filter ${index + 1}`} data-testid="filter-editor">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Name"
            placeholder="e.g. Region"
            description="Viewers see it; the address names it (?filters=Name:value)"
            value={filter.name}
            onChange={(e) => onChange({ ...filter, name: e.currentTarget.value })}
            error={errors.name}
            style={{ flex: 1 }}
            withAsterisk
          />
          <Switch mt={30} label="On by default" checked={filter.active} onChange={(e) => onChange({ ...filter, active: e.currentTarget.checked })} />
          <Tooltip label="Delete filter">
            <ActionIcon mt={26} variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group grow align="flex-start" gap="sm">
          <Select
            label="Sheet"
            data={sheetOptions}
            value={filter.sheet_column.sheet || null}
            onChange={(v) => onChange(withSheet(filter, v ?? ''))}
            error={errors['sheet_column.sheet']}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Column"
            placeholder="Choose a column"
            data={columns}
            value={filter.sheet_column.column || null}
            onChange={(v) => onChange({ ...filter, sheet_column: { ...filter.sheet_column, column: v ?? '' } })}
            error={errors['sheet_column.column']}
            searchable
            allowDeselect={false}
          />
          <Select
            label="Condition"
            data={CONDITION_OPTIONS}
            value={filter.condition}
            onChange={(v) => v && onChange(withCondition(filter, v as FilterCondition))}
            error={errors.condition}
            allowDeselect={false}
          />
        </Group>
        <FilterValueInput condition={filter.condition} value={filter.value} onChange={(value) => onChange({ ...filter, value })} error={errors.value} />
      </Stack>
    </Paper>
  );
}
