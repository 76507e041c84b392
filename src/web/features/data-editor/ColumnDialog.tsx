// Add, rename, retype or delete a column. Renaming or deleting a column first asks the server which
// blocks use it and says so ("Used by: Table on Home (Sales app)") before anything happens.
import { Alert, Group, List, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlockUse } from '../../../shared/api/data-editor';
import { COLUMN_TYPE_OPTIONS, isColumnType, type ColumnType } from '../../../shared/rows/column-types';
import { FormActions } from '../../components/FormActions';
import { messageOf } from '../../lib/api';
import { columns as columnsApi } from './data-api';

export type ColumnAction = { kind: 'add'; after: string | null } | { kind: 'rename' | 'type' | 'delete'; column: string; type: ColumnType };

export interface ColumnDialogProps {
  spreadsheetId: string;
  sheet: string;
  action: ColumnAction;
  existing: string[];
  onDone: (blocks: BlockUse[], renamed?: { from: string; to: string }) => void;
  onClose: () => void;
}

/** 'Table on Home (Sales app)'. */
export const blockUseText = (b: BlockUse) => `${b.blockLabel} on ${b.pageName} (${b.appName})`;

function nameProblem(name: string, existing: string[], current?: string): string | null {
  const n = name.trim();
  if (!n) return 'Give the column a name';
  if (n.length > 100) return 'A column name can be at most 100 characters';
  if (n.startsWith('_')) return 'A column name cannot start with _';
  if (n !== current && existing.some((c) => c.toLowerCase() === n.toLowerCase() && c !== current)) return 'The sheet already has a column of this name';
  return null;
}

export function ColumnDialog({ spreadsheetId, sheet, action, existing, onDone, onClose }: ColumnDialogProps) {
  const column = action.kind === 'add' ? null : action.column;
  const [name, setName] = useState(column ?? '');
  const [type, setType] = useState<ColumnType>(action.kind === 'add' ? 'text' : action.type);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const needsUsage = action.kind === 'rename' || action.kind === 'delete';
  const usage = useQuery({
    queryKey: ['column-usage', spreadsheetId, sheet, column],
    queryFn: () => columnsApi.usage(spreadsheetId, sheet, column!),
    enabled: needsUsage && !!column,
    staleTime: 0,
  });
  const blocks = usage.data?.blocks ?? [];

  const problem = action.kind === 'add' || action.kind === 'rename' ? nameProblem(name, existing, column ?? undefined) : null;

  const submit = async () => {
    setTried(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      if (action.kind === 'add') {
        const res = await columnsApi.add(spreadsheetId, sheet, { name: name.trim(), type, after: action.after });
        onDone(res.blocks);
      } else if (action.kind === 'rename') {
        if (name.trim() === action.column) return onClose();
        const res = await columnsApi.update(spreadsheetId, sheet, action.column, { name: name.trim() });
        onDone(res.blocks, { from: action.column, to: name.trim() });
      } else if (action.kind === 'type') {
        const res = await columnsApi.update(spreadsheetId, sheet, action.column, { type });
        onDone(res.blocks);
      } else {
        const res = await columnsApi.remove(spreadsheetId, sheet, action.column);
        onDone(res.blocks);
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const title =
    action.kind === 'add' ? 'Add a column' : action.kind === 'rename' ? `Rename ${action.column}` : action.kind === 'type' ? `Type of ${action.column}` : `Delete ${action.column}?`;

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label={title}>
        {(action.kind === 'add' || action.kind === 'rename') && (
          <TextInput label="Column name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={tried ? problem : null} data-autofocus maxLength={100} />
        )}
        {(action.kind === 'add' || action.kind === 'type') && (
          <Select
            label="Type"
            description="How its cells are edited and checked."
            data={COLUMN_TYPE_OPTIONS}
            value={type}
            onChange={(v) => isColumnType(v) && setType(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {action.kind === 'delete' && <Text size="sm">Every value in this column is deleted. This cannot be undone.</Text>}
        {needsUsage && (
          <div data-testid="column-usage">
            {usage.isPending ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Looking for blocks that use this column…
                </Text>
              </Group>
            ) : usage.isError ? (
              <Text size="sm" c="dimmed">
                Could not check which blocks use this column.
              </Text>
            ) : blocks.length === 0 ? (
              <Text size="sm" c="dimmed">
                No block uses this column.
              </Text>
            ) : (
              <Alert color={action.kind === 'delete' ? 'red' : 'yellow'} title={`Used by ${blocks.length === 1 ? 'one block' : `${blocks.length} blocks`}`} p="xs">
                <List size="sm" spacing={2}>
                  {blocks.map((b) => (
                    <List.Item key={b.blockId}>{blockUseText(b)}</List.Item>
                  ))}
                </List>
                <Text size="xs" mt={6}>
                  {action.kind === 'rename' ? 'They are changed to use the new name.' : 'They will show nothing for this column.'}
                </Text>
              </Alert>
            )}
          </div>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <FormActions
          gap="xs"
          onCancel={onClose}
          submit={action.kind === 'add' ? 'Add column' : action.kind === 'rename' ? 'Rename' : action.kind === 'type' ? 'Save type' : 'Delete column'}
          loading={busy}
          color={action.kind === 'delete' ? 'red' : undefined}
        />
      </Stack>
    </Modal>
  );
}
