// The editor of one cell, drawn over it: the column type's editor (the blocks' FieldInput; a
// choice column takes any value with its existing ones suggested; a yes/no column is a checkbox).
// Enter saves (Ctrl+Enter in long text), Tab saves and moves right, Escape leaves it unchanged.
import { Autocomplete, Button, Checkbox, Group, Paper, TagsInput, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FieldInput } from '../../../blocks/fields/FieldInput';
import { COLUMN_TYPE_LABELS, type ColumnType } from '../../../shared/rows/column-types';
import { checkboxPair, editorValue, parseInput, type FieldValue } from './cell-values';
import type { RowValue } from '../../../shared/rows/validate';

export interface CellEditorProps {
  column: string;
  type: ColumnType;
  cell: unknown;
  choices: string[];
  saving: boolean;
  onSave: (value: RowValue, then: 'stay' | 'next' | 'prev' | 'down') => void;
  onCancel: () => void;
  /** Editing began with a typed key (the cell holds it): go on typing after it. */
  caretAtEnd?: boolean;
}

const MULTILINE: ReadonlySet<ColumnType> = new Set(['textarea', 'markdowntext']);

export function CellEditor({ column, type, cell, choices, saving, onSave, onCancel, caretAtEnd }: CellEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!caretAtEnd) return;
    const input = box.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    try {
      input?.setSelectionRange(input.value.length, input.value.length);
    } catch {
      // Number inputs have no caret to place.
    }
  }, [caretAtEnd]);
  const [draft, setDraft] = useState<FieldValue>(() => editorValue(type, cell));
  const [error, setError] = useState<string | null>(null);
  const pair = type === 'select' ? checkboxPair(choices) : null;

  const save = (then: 'stay' | 'next' | 'prev' | 'down') => {
    const parsed = parseInput(type, draft);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    onSave(parsed.value, then);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // A list's own keys (picking a suggestion with Enter) come first.
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      save(e.shiftKey ? 'prev' : 'next');
    } else if (e.key === 'Enter' && (!MULTILINE.has(type) || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      save('down');
    }
  };

  const label = (
    <Text span size="xs" fw={600}>
      {column}{' '}
      <Text span size="xs" c="dimmed" fw={400}>
        · {COLUMN_TYPE_LABELS[type]}
      </Text>
    </Text>
  );
  const text = Array.isArray(draft) ? draft.join(', ') : draft;

  return (
    <Paper ref={box} shadow="md" p="xs" withBorder onKeyDown={onKeyDown} role="dialog" aria-label={`Edit ${column}`} data-testid="cell-editor">
      {pair ? (
        <Checkbox
          label={label}
          checked={text.toLowerCase() === pair[0].toLowerCase()}
          onChange={(e) => setDraft(e.currentTarget.checked ? pair[0] : pair[1])}
          data-autofocus
          autoFocus
        />
      ) : type === 'select' ? (
        <Autocomplete label={label} aria-label={column} data={choices} value={text} onChange={setDraft} autoFocus error={error} comboboxProps={{ withinPortal: true }} limit={50} />
      ) : type === 'multi-select' ? (
        <TagsInput
          label={label}
          aria-label={column}
          data={choices}
          value={Array.isArray(draft) ? draft : draft ? draft.split(',').map((s) => s.trim()) : []}
          onChange={setDraft}
          autoFocus
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <FieldInput type={type} value={draft} onChange={(v) => (setDraft(v), setError(null))} label={label} error={error} autoFocus />
      )}
      <Group justify="space-between" mt={6} gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {MULTILINE.has(type) ? 'Ctrl+Enter to save' : 'Enter to save'}, Esc to cancel
        </Text>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="compact-xs" onClick={() => save('stay')} loading={saving}>
            Save
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
