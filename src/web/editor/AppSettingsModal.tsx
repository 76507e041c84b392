// 'App Settings' of the multipage editor: the app's name and colours (board state fields saved
// with POST /api/board/update-metadata). Pages without colours of their own follow these.
import { Button, ColorInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, issuesByPath } from '../lib/api';
import { useOnChange } from '../lib/use-on-change';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';

const SWATCHES = ['#FAFAFA', '#ffffff', '#f1f5f9', '#161819', '#e7ebf3', '#ebeff3', '#4f46e5', '#0052FF'];
const COLOURS = [
  ['nav_background', 'Navigation background'],
  ['board_background', 'Page background'],
  ['block_border', 'Block border'],
  ['block_shadow', 'Block shadow'],
] as const;

type Values = { name: string } & Record<(typeof COLOURS)[number][0], string>;

function valuesOf(board: BoardState): Values {
  return {
    name: board.name,
    nav_background: board.colors.nav_background,
    board_background: board.colors.board_background,
    block_border: board.colors.block_border,
    block_shadow: board.colors.block_shadow,
  };
}

export function AppSettingsModal({ opened, onClose, board }: { opened: boolean; onClose: () => void; board: BoardState }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(board));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each opening starts from the saved board.
  useOnChange(opened, (isOpen) => {
    if (!isOpen) return;
    setValues(valuesOf(board));
    setErrors({});
  });

  const save = useMutation({
    mutationFn: () => api.post('/api/board/update-metadata', { ...values, name: values.name.trim() }, { query: { app: board.appId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['board'] });
      void qc.invalidateQueries({ queryKey: keys.apps });
      toast.success('App settings saved', 'Your changes are live.');
      onClose();
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      setErrors(byPath);
      if (!Object.keys(byPath).length) toast.error('Could not save the app settings', (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setErrors({ name: 'Name is required' });
    save.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="App Settings" centered>
      <form onSubmit={submit} aria-label="App Settings" noValidate>
        <Stack gap="sm">
          <TextInput
            label="App name"
            value={values.name}
            onChange={(e) => {
              const name = e.target.value;
              setValues((v) => ({ ...v, name }));
            }}
            error={errors.name}
            maxLength={100}
            required
            data-autofocus
          />
          {COLOURS.map(([key, label]) => (
            <ColorInput
              key={key}
              label={label}
              value={values[key]}
              onChange={(v) => setValues((s) => ({ ...s, [key]: v }))}
              swatches={SWATCHES}
              error={errors[key]}
              popoverProps={{ withinPortal: true }}
            />
          ))}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
