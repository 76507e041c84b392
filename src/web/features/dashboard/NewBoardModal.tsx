import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AppResponse } from '../../../shared/api';
import { api, issuesByPath, type Out } from '../../lib/api';
import { subdomainOf, subdomainProblem } from '../../../shared/rules/slug';
import { boardUrl, useBaseUrl } from '../../lib/host';
import { keys, useSpreadsheets } from '../../lib/queries';
import { toast } from '../../lib/toast';

export function NewBoardModal({
  opened,
  onClose,
  initialSpreadsheetId = null,
}: {
  opened: boolean;
  onClose: () => void;
  /** Set when the modal is opened from a spreadsheet's own 'New board' button. */
  initialSpreadsheetId?: string | null;
}) {
  const spreadsheets = useSpreadsheets();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [spreadsheetId, setSpreadsheetId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const baseUrl = useBaseUrl().data;
  // The server derives the address from the name (adding -2, -3… when it is taken): show it first.
  const sub = subdomainOf(name);
  const address = !name.trim() || !baseUrl
    ? undefined
    : sub && !subdomainProblem(sub)
      ? `Address: ${boardUrl(baseUrl, sub)} (a number is added if it is taken)`
      : `Address: ${boardUrl(baseUrl, `${sub || 'app'}-2`)} or similar (${sub ? `'${sub}' is reserved` : 'the name has no letters or digits'})`;

  // Preselect the newest spreadsheet: usually the one just imported.
  useEffect(() => {
    if (!opened) return;
    if (initialSpreadsheetId) setSpreadsheetId(initialSpreadsheetId);
    else if (spreadsheets.data?.length) setSpreadsheetId((cur) => cur ?? newest(spreadsheets.data).id);
  }, [opened, initialSpreadsheetId, spreadsheets.data]);

  const create = useMutation({
    mutationFn: () => api.post<Out<typeof AppResponse>>('/api/apps', { name: name.trim(), kind: 'board', spreadsheetId }),
    onSuccess: ({ app }) => {
      qc.invalidateQueries({ queryKey: keys.apps });
      onClose();
      setName('');
      toast.success('Board created', baseUrl ? `${app.name} is at ${boardUrl(baseUrl, app.subdomain)}` : app.name);
      navigate(`/${app.subdomain}`);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) setErrors(byPath);
      else toast.error('Could not create the board', (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Give your board a name';
    if (!spreadsheetId) next.spreadsheetId = 'Choose the spreadsheet the board reads';
    setErrors(next);
    if (!Object.keys(next).length) create.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New board" centered>
      <form onSubmit={submit} noValidate aria-label="New board">
        <Stack>
          <TextInput
            label="Board name"
            placeholder="e.g. Sales overview"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((er) => ({ ...er, name: '' }));
            }}
            error={errors.name || errors.subdomain}
            description={address}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-autofocus
            required
          />
          <Select
            label="Spreadsheet"
            placeholder={spreadsheets.data?.length ? 'Choose a spreadsheet' : 'Import a spreadsheet first'}
            data={(spreadsheets.data ?? []).map((s) => ({ value: s.id, label: s.title }))}
            value={spreadsheetId}
            onChange={(v) => {
              setSpreadsheetId(v);
              setErrors((er) => ({ ...er, spreadsheetId: '' }));
            }}
            error={errors.spreadsheetId}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create board
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function newest<T extends { id: string; created_at?: string }>(list: T[]): T {
  return list.reduce((best, s) => ((s.created_at ?? '') > (best.created_at ?? '') ? s : best), list[0]!);
}
