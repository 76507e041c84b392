// "Who can see rows" (issue 34): per sheet of the app, everyone, or only the rows whose column is
// the signed-in user's e-mail, or one of their groups; and the columns kept from app users or
// from guests. The server holds every viewer to what is saved here (PUT /api/apps/{id}/row-rules).
import { Button, Checkbox, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppResponse, SpreadsheetResponse } from '../../shared/api';
import type { HiddenColumn, RowRule, RowRules, RowRulesResponse } from '../../shared/api/row-rules';
import { ruleInWords } from '../../shared/rules/row-rules';
import { FormActions } from '../components/FormActions';
import { Notice } from '../components/Notice';
import { api, type Out } from '../lib/api';
import { toast } from '../lib/toast';
import { useOnChange } from '../lib/use-on-change';

/** The choices of "Who can see rows", as the owner reads them. */
export const WHO_OPTIONS = [
  { value: 'everyone', label: 'Everyone (all rows)' },
  { value: 'equals:user_email', label: "Rows whose column is the signed-in user's e-mail" },
  { value: 'contains:user_email', label: "Rows whose column includes the signed-in user's e-mail" },
  { value: 'equals:user_groups', label: "Rows whose column is one of the user's groups" },
  { value: 'contains:user_groups', label: "Rows whose column includes one of the user's groups" },
] as const;

type Choice = { who: string; column: string | null };

/** The owner's choice for one sheet from the saved rules. */
export function choiceOf(rules: RowRules, sheet: string): Choice {
  const r = rules.rules.find((x) => x.sheet === sheet);
  return r ? { who: `${r.match}:${r.value}`, column: r.column } : { who: 'everyone', column: null };
}

/** The rules to save from the choices (a sheet left at Everyone, or without a column, has none). */
export function rulesOf(choices: Record<string, Choice>): RowRule[] {
  return Object.entries(choices).flatMap(([sheet, c]) => {
    if (c.who === 'everyone' || !c.column) return [];
    const [match, value] = c.who.split(':') as [RowRule['match'], RowRule['value']];
    return [{ sheet, column: c.column, match, value }];
  });
}

const rulesKey = (appId: string) => ['row-rules', appId] as const;

export function RowRulesModal({ appId, opened, onClose }: { appId: string; opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const rules = useQuery({ queryKey: rulesKey(appId), queryFn: () => api.get<Out<typeof RowRulesResponse>>(`/api/apps/${appId}/row-rules`), enabled: opened });
  const sheets = useQuery({
    queryKey: ['row-rules-sheets', appId],
    enabled: opened,
    queryFn: async () => {
      const { app } = await api.get<Out<typeof AppResponse>>(`/api/apps/${appId}`);
      if (!app.spreadsheetId) return [];
      return (await api.get<Out<typeof SpreadsheetResponse>>(`/api/spreadsheets/${app.spreadsheetId}`)).spreadsheet.sheets;
    },
  });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [hidden, setHidden] = useState<HiddenColumn[]>([]);
  const [error, setError] = useState<string | null>(null);
  const loaded = rules.data && sheets.data ? { rules: rules.data, sheets: sheets.data } : null;
  useOnChange(loaded, (next) => {
    if (!next) return;
    setChoices(Object.fromEntries(next.sheets.map((s) => [s.title, choiceOf(next.rules, s.title)])));
    setHidden(next.rules.hidden);
    setError(null);
  });

  const save = useMutation({
    mutationFn: () => api.put<Out<typeof RowRulesResponse>>(`/api/apps/${appId}/row-rules`, { rules: rulesOf(choices), hidden }),
    onSuccess: (saved) => {
      qc.setQueryData(rulesKey(appId), saved);
      toast.success('Row rules saved', saved.rules.length > 0 ? saved.rules.map((r) => `${r.sheet}: ${ruleInWords(r)}`).join('. ') : 'Everyone sees every row.');
      onClose();
    },
    onError: (e) => setError(`Could not save the row rules: ${(e as Error).message}`),
  });

  const isHidden = (sheet: string, column: string, from: HiddenColumn['from']) => hidden.some((h) => h.sheet === sheet && h.column === column && h.from === from);
  const toggle = (sheet: string, column: string, from: HiddenColumn['from'], on: boolean) =>
    setHidden((list) => (on ? [...list, { sheet, column, from }] : list.filter((h) => !(h.sheet === sheet && h.column === column && h.from === from))));

  return (
    <Modal opened={opened} onClose={onClose} title="Row rules" size="xl" centered>
      <form
        aria-label="Row rules"
        onSubmit={(e) => {
          e.preventDefault();
          const missing = Object.entries(choices).find(([, c]) => c.who !== 'everyone' && !c.column);
          if (missing) return setError(`Choose the column of '${missing[0]}' that says whose row it is.`);
          setError(null);
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Choose who can see each sheet's rows. App users can change and delete only the rows they can see, and a row they add is theirs. You and your workspace's editors always see everything.
          </Text>
          {(rules.isError || sheets.isError) && <Notice tone="error">Could not load this app's sheets. Close this window and try again.</Notice>}
          {sheets.data?.length === 0 && <Notice tone="done">This app has no spreadsheet yet: connect one to set row rules.</Notice>}
          {sheets.data?.map((sheet) => {
            const c = choices[sheet.title] ?? { who: 'everyone', column: null };
            return (
              <Stack key={sheet.title} gap="xs" data-testid="row-rule-sheet" aria-label={sheet.title}>
                <Title order={5}>{sheet.title}</Title>
                <Group grow align="flex-end">
                  <Select
                    label="Who can see rows"
                    data={WHO_OPTIONS.map((o) => ({ ...o }))}
                    value={c.who}
                    allowDeselect={false}
                    onChange={(v) => v && setChoices((all) => ({ ...all, [sheet.title]: { ...c, who: v } }))}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Select
                    label="Column"
                    placeholder="Choose a column"
                    data={sheet.columns}
                    value={c.column}
                    disabled={c.who === 'everyone'}
                    onChange={(v) => setChoices((all) => ({ ...all, [sheet.title]: { ...c, column: v } }))}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Group>
                <Table withTableBorder verticalSpacing={4} aria-label={`Hidden columns of ${sheet.title}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Column</Table.Th>
                      <Table.Th>Hide from app users</Table.Th>
                      <Table.Th>Hide from visitors who are not signed in</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sheet.columns.map((column) => (
                      <Table.Tr key={column}>
                        <Table.Td>{column}</Table.Td>
                        <Table.Td>
                          <Checkbox aria-label={`Hide ${column} from app users`} checked={isHidden(sheet.title, column, 'app_users')} onChange={(e) => toggle(sheet.title, column, 'app_users', e.currentTarget.checked)} />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox aria-label={`Hide ${column} from visitors`} checked={isHidden(sheet.title, column, 'guests')} onChange={(e) => toggle(sheet.title, column, 'guests', e.currentTarget.checked)} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
          {error && <Notice tone="error">{error}</Notice>}
          <FormActions gap="xs" onCancel={onClose} submit="Save" loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Preview as…": opens the app in a new tab as the chosen app user (or a visitor who is not
 * signed in) sees it. The tab asks the same routes, with the owner's session and the preview
 * header; the server answers as for that viewer and refuses every change.
 */
export function PreviewAsButton({ appId, users }: { appId: string; users: { id: string; name: string; email: string }[] }) {
  const [as, setAs] = useState<string | null>(null);
  const data = [{ value: 'guest', label: 'A visitor who is not signed in' }, ...users.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))];
  return (
    <Group gap="xs" align="flex-end">
      <Select label="Preview as…" placeholder="Choose whose view" data={data} value={as} onChange={setAs} w={280} comboboxProps={{ withinPortal: true }} />
      <Button
        variant="default"
        disabled={!as}
        onClick={() => {
          if (!as) return;
          const who = data.find((d) => d.value === as)?.label ?? '';
          window.open(`/${appId}?preview_as=${encodeURIComponent(as)}&preview_name=${encodeURIComponent(who)}`, '_blank', 'noopener');
        }}
      >
        Open preview
      </Button>
    </Group>
  );
}

