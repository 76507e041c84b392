// The row-writing dialogs of tables and lists: one editor for 'Add Row', a cell edit and the
// 'Edit row' action, and a confirmation before 'Delete row'. Writes go through data.write (the
// server's one write path). A stale version (409) shows the server's message and offers to reload
// the row: the user's draft is never sent over someone else's change silently.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { FieldInput } from '../fields/FieldInput';
import { changedValues, fieldErrors, initialValues, issuesByColumn, toRowValue, type FieldValue } from '../fields/field-values';
import type { RowWrites, SheetRow } from '../types';
import type { EditField } from './row-edit';
import { errorMessage } from './row-actions';

type Row = Record<string, unknown>;

const statusOf = (e: unknown): number | undefined => (e as { status?: unknown } | null)?.status as number | undefined;

export interface RowEditorState {
  /** null: a new row ('Add Row'). */
  row: SheetRow | null;
  fields: EditField[];
  title: string;
  submitLabel: string;
  /** Toasts after a successful save (the action's success_message, or a default). */
  successMessage?: string;
  errorMessage?: string;
}

export interface RowEditorProps {
  state: RowEditorState | null;
  onClose: () => void;
  write: RowWrites;
  /** The rows on screen now: after a 409, the reloaded row comes from here (writes refetch them). */
  rows: Row[];
  loading: boolean;
}

export function RowEditor({ state, onClose, write, rows, loading }: RowEditorProps) {
  return (
    <Modal opened={state !== null} onClose={onClose} title={state?.title ?? ''} size="lg" data-testid="row-editor">
      {state && <RowEditorBody key={`${String(state.row?._id ?? 'new')}-${state.fields.map((f) => f.column).join('|')}`} state={state} onClose={onClose} write={write} rows={rows} loading={loading} />}
    </Modal>
  );
}

function RowEditorBody({ state, onClose, write, rows, loading }: RowEditorProps & { state: RowEditorState }) {
  const { fields } = state;
  // The row as the user last loaded it: its values start the editors and its _version goes with the save.
  const [base, setBase] = useState<SheetRow | null>(state.row);
  const initial = useMemo(() => initialValues(fields, base), [fields, base]);
  const [draft, setDraft] = useState<Record<string, FieldValue>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  // A reloaded row starts the editors again; reset while rendering so no frame shows the old draft.
  const [draftOf, setDraftOf] = useState(initial);
  if (draftOf !== initial) {
    setDraftOf(initial);
    setDraft(initial);
  }

  const isNew = state.row === null;
  const latest = base ? (rows.find((r) => r._id === base._id) as SheetRow | undefined) : undefined;

  const set = (column: string, value: FieldValue) => {
    setDraft((d) => ({ ...d, [column]: value }));
    if (errors[column]) setErrors(({ [column]: _, ...rest }) => rest);
  };

  const reload = () => {
    if (latest) setBase({ ...latest });
    setErrors({});
    setProblem(null);
  };

  const submit = async () => {
    // Only what is sent is checked: an untouched cell the server would not accept today (an
    // imported value in an old format) must not block editing the other columns.
    const found = isNew ? fieldErrors(fields, draft) : fieldErrors(fields, draft, Object.keys(changedValues(fields, initial, draft)));
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (isNew) {
        const values: Record<string, unknown> = {};
        for (const f of fields) values[f.column] = toRowValue(f.type, draft[f.column]);
        await write.add(values);
        notifications.show({ color: 'teal', message: state.successMessage || 'Row added' });
      } else {
        const changed = changedValues(fields, initial, draft);
        if (Object.keys(changed).length === 0) {
          onClose();
          return;
        }
        await write.update(String(base!._id), changed, Number(base!._version ?? 0));
        notifications.show({ color: 'teal', message: state.successMessage || 'Row saved' });
      }
      onClose();
    } catch (e) {
      const status = statusOf(e);
      const byColumn = issuesByColumn(e);
      if (status === 400 && Object.keys(byColumn).length > 0) setErrors(byColumn);
      else setProblem({ message: errorMessage(e, state.errorMessage || 'Data Error'), stale: status === 409 || status === 404 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {problem && (
          <Alert color={problem.stale ? 'orange' : 'red'} role="alert" variant="light" title={problem.stale ? 'This row changed' : undefined}>
            <Stack gap={6}>
              <Text size="sm">{problem.message}</Text>
              {problem.stale && !isNew && (
                <Group gap="xs">
                  <Button size="compact-sm" variant="light" color="orange" onClick={reload} loading={loading} disabled={!latest && !loading}>
                    Reload row
                  </Button>
                  <Text size="xs" c="dimmed">
                    {latest ? 'Shows the latest values; your changes here are discarded.' : 'The row is no longer in the sheet.'}
                  </Text>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {fields.map((f, i) => (
          <FieldInput
            key={f.column}
            type={f.type}
            label={f.column}
            value={draft[f.column] ?? (f.type === 'multi-select' ? [] : '')}
            onChange={(v) => set(f.column, v)}
            options={f.options}
            character_limit={f.character_limit}
            error={errors[f.column]}
            autoFocus={i === 0}
            onUpload={f.upload ? async (file) => (await write.upload(file, 'image/*')).url : undefined}
          />
        ))}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {state.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface DeleteState {
  row: SheetRow;
  successMessage?: string;
  errorMessage?: string;
}

export function DeleteDialog({ state, onClose, write }: { state: DeleteState | null; onClose: () => void; write: RowWrites }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!state) return;
    setBusy(true);
    try {
      await write.remove(String(state.row._id));
      notifications.show({ color: 'teal', message: state.successMessage || 'Row deleted' });
      onClose();
    } catch (e) {
      notifications.show({ color: 'red', message: state.errorMessage || errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={state !== null} onClose={onClose} title="Delete row" size="sm">
      <Stack gap="md">
        <Text size="sm">Delete this row from the sheet? This cannot be undone.</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
