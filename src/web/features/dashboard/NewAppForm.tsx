// The form of a new app: name (its address shown as you type, by the server's subdomainOf rule),
// spreadsheet, create. Boards use it in the 'New board' modal, multipage apps on
// /dashboard/new-multipage; after creating, the app's editor opens.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AppResponse } from '../../../shared/api';
import { subdomainOf, subdomainProblem } from '../../../shared/rules/slug';
import { api, issuesByPath, type Out } from '../../lib/api';
import { boardUrl, useBaseUrl } from '../../lib/host';
import { keys, useSpreadsheets } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { useOnChange } from '../../lib/use-on-change';

const TEXTS = {
  board: {
    form: 'New board',
    name: 'Board name',
    placeholder: 'e.g. Sales overview',
    noName: 'Give your board a name',
    noSheet: 'Choose the spreadsheet the board reads',
    submit: 'Create board',
    created: 'Board created',
    failed: 'Could not create the board',
  },
  multipage: {
    form: 'New multipage app',
    name: 'App name',
    placeholder: 'e.g. Corner Shop',
    noName: 'Give your app a name',
    noSheet: 'Choose the spreadsheet the app reads',
    submit: 'Create app',
    created: 'App created',
    failed: 'Could not create the app',
  },
} as const;

export function NewAppForm({
  kind,
  opened = true,
  onCancel,
  onCreated,
  initialSpreadsheetId = null,
}: {
  kind: 'board' | 'multipage';
  /** The modal's open state (the form resets its preselection when it opens again). */
  opened?: boolean;
  onCancel: () => void;
  onCreated?: () => void;
  initialSpreadsheetId?: string | null;
}) {
  const t = TEXTS[kind];
  const spreadsheets = useSpreadsheets();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  // The owner's own choice; until there is one, the preselection below stands.
  const [picked, setPicked] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const baseUrl = useBaseUrl().data;
  // The server derives the address from the name (adding -2, -3… when it is taken): show it first.
  const sub = subdomainOf(name);
  const address = !name.trim() || !baseUrl
    ? undefined
    : sub && !subdomainProblem(sub)
      ? `Address: ${boardUrl(baseUrl, sub)} (a number is added if it is taken)`
      : `Address: ${boardUrl(baseUrl, `${sub || 'app'}-2`)} or similar (${sub ? `'${sub}' is reserved` : 'the name has no letters or digits'})`;

  // Preselect the one asked for, else the newest spreadsheet: usually the one just imported.
  const preselected = initialSpreadsheetId || (spreadsheets.data?.length ? newest(spreadsheets.data).id : null);
  const spreadsheetId = picked ?? preselected;
  useOnChange(opened, (isOpen) => isOpen && setPicked(null));

  const create = useMutation({
    mutationFn: () => api.post<Out<typeof AppResponse>>('/api/apps', { name: name.trim(), kind, spreadsheetId }),
    onSuccess: ({ app }) => {
      qc.invalidateQueries({ queryKey: keys.apps });
      onCreated?.();
      setName('');
      toast.success(t.created, baseUrl ? `${app.name} is at ${boardUrl(baseUrl, app.subdomain)}` : app.name);
      navigate(`/${app.subdomain}`);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) setErrors(byPath);
      else toast.error(t.failed, (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t.noName;
    if (!spreadsheetId) next.spreadsheetId = t.noSheet;
    setErrors(next);
    if (!Object.keys(next).length) create.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.form}>
      <Stack>
        <TextInput
          label={t.name}
          placeholder={t.placeholder}
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
            setPicked(v);
            setErrors((er) => ({ ...er, spreadsheetId: '' }));
          }}
          error={errors.spreadsheetId}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function newest<T extends { id: string; created_at?: string }>(list: T[]): T {
  return list.reduce((best, s) => ((s.created_at ?? '') > (best.created_at ?? '') ? s : best), list[0]!);
}
