// /dashboard/apps/:appId/map-data: bind an app cloned from a template to one of the owner's own
// spreadsheets. Pick the spreadsheet (or import one here), then for each sheet the app's blocks use
// a sheet of it, and for each used column a column of that sheet (guessed by name and type, or
// "leave as is"); Apply rewrites every block reference on the server, then the app opens.
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { MappingPlan } from '../../../shared/api/templates';
import { DashboardFrame } from '../dashboard/DashboardFrame';
import { ImportSpreadsheet } from '../dashboard/ImportSpreadsheet';
import { keys, useApps, useSpreadsheets } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { useOnChange } from '../../lib/use-on-change';
import { templateKeys, templatesApi } from './api';
import { brokenKey, brokenRefs, chooseColumn, chooseSheet, initialMapping, mappedCount, mappingBody, mappingProblems, unresolvedProblems, type BrokenChoices, type MappingState } from './mapping-state';

const LEAVE = '__leave__';

export function MappingPage() {
  const { appId = '' } = useParams();
  const apps = useApps();
  const app = apps.data?.find((a) => a.id === appId);
  const spreadsheets = useSpreadsheets();
  const [picked, setPicked] = useState<string | null>(null);
  // The app's current spreadsheet is not a choice: it is what the app reads already.
  const choices = (spreadsheets.data ?? []).filter((s) => s.id !== app?.spreadsheetId);
  const newest = [...choices].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))[0];
  const spreadsheetId = picked ?? newest?.id ?? null;

  const plan = useQuery({
    queryKey: templateKeys.mapping(appId, spreadsheetId),
    queryFn: () => templatesApi.mapping(appId, spreadsheetId),
    enabled: !!appId && !!spreadsheetId,
    retry: false,
  });

  return (
    <DashboardFrame title={app ? `Use my own spreadsheet · ${app.name}` : 'Use my own spreadsheet'} size="md" px={0}>
      <Stack gap="md" aria-label="Use my own spreadsheet">
        <Anchor component={Link} to="/dashboard" size="sm">
          <IconArrowLeft size={14} /> Back to the dashboard
        </Anchor>
        <div>
          <Title order={2}>Use my own spreadsheet</Title>
          <Text c="dimmed">
            {app ? `“${app.name}” ` : 'This app '}reads the template's sample data. Choose one of your spreadsheets and which of its columns each block
            should read.
          </Text>
        </div>
        {apps.isSuccess && !app && <Alert color="red">This app is not in your workspace.</Alert>}
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Select
              label="Your spreadsheet"
              placeholder={choices.length ? 'Choose a spreadsheet' : 'Import a spreadsheet below first'}
              data={choices.map((s) => ({ value: s.id, label: s.title }))}
              value={spreadsheetId}
              onChange={setPicked}
              allowDeselect={false}
            />
            <Text size="sm" c="dimmed">
              Not there yet? Import a CSV or Excel file:
            </Text>
            <ImportSpreadsheet />
          </Stack>
        </Card>
        {plan.isPending && spreadsheetId && <Loader />}
        {plan.isError && (
          <Alert color="red" role="alert">
            {plan.error.message}
          </Alert>
        )}
        {plan.data && spreadsheetId && app && <MappingForm plan={plan.data} spreadsheetId={spreadsheetId} appId={appId} subdomain={app.subdomain} />}
      </Stack>
    </DashboardFrame>
  );
}

function MappingForm({ plan, spreadsheetId, appId, subdomain }: { plan: MappingPlan; spreadsheetId: string; appId: string; subdomain: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [state, setState] = useState<MappingState>(() => initialMapping(plan));
  // Another spreadsheet (or a reloaded plan) starts again from its suggestion.
  useOnChange(plan, (p) => setState(initialMapping(p)));
  const [choices, setChoices] = useState<BrokenChoices>({});
  useOnChange(plan, () => setChoices({}));
  const [tried, setTried] = useState(false);
  const broken = brokenRefs(state, plan);
  const problems = [...mappingProblems(state, plan), ...unresolvedProblems(state, plan, choices)];
  const count = mappedCount(state, plan);
  const target = plan.target;

  const apply = useMutation({
    mutationFn: () => templatesApi.applyMapping(appId, mappingBody(state, plan, spreadsheetId, choices)),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: keys.apps });
      void qc.invalidateQueries({ queryKey: ['sheet'] });
      void qc.invalidateQueries({ queryKey: keys.board(subdomain) });
      const removed = res.removed ? ` ${res.removed} block${res.removed === 1 ? ' was' : 's were'} removed.` : '';
      toast.success('Your spreadsheet is in', `${res.blocks} block${res.blocks === 1 ? '' : 's'} now read your data.${removed}`);
      navigate(`/${encodeURIComponent(subdomain)}`);
    },
  });

  if (plan.used.length === 0)
    return (
      <Alert color="blue" variant="light">
        The blocks of this app read no sheet: there is nothing to map.
      </Alert>
    );

  return (
    <form
      aria-label="Column mapping"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problems.length === 0) apply.mutate();
      }}
    >
      <Stack gap="md">
        {plan.used.map((u) => {
          const choice = state[u.sheet];
          const sheet = target?.sheets.find((s) => s.title === choice?.to);
          return (
            <Card key={u.sheet} withBorder radius="md" data-testid="mapping-sheet">
              <Stack gap="sm">
                <Select
                  label={`Sheet for “${u.sheet}”`}
                  placeholder="Choose one of your sheets"
                  data={(target?.sheets ?? []).map((s) => ({ value: s.title, label: s.title }))}
                  value={choice?.to ?? null}
                  onChange={(v) => setState((st) => chooseSheet(st, plan, u.sheet, v))}
                  error={tried && !sheet ? 'Choose a sheet' : undefined}
                  allowDeselect={false}
                />
                <Table verticalSpacing={6} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Column of the template</Table.Th>
                      <Table.Th>Used by</Table.Th>
                      <Table.Th>Your column</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {u.columns.map((c) => (
                      <Table.Tr key={c.name}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={500}>
                              {c.name}
                            </Text>
                            <Badge size="xs" variant="light" color="gray">
                              {c.type}
                            </Badge>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed">
                            {c.blocks.join(', ') || '—'}
                          </Text>
                          <BreaksWhenLeft
                            refs={broken.filter((r) => r.sheet === u.sheet && r.column === c.name)}
                            choices={choices}
                            sheet={sheet?.title ?? ''}
                            missing={tried}
                            onChoose={(key, v) => setChoices((ch) => ({ ...ch, [key]: v }))}
                          />
                        </Table.Td>
                        <Table.Td miw={220}>
                          <Select
                            aria-label={`Column for ${c.name}`}
                            size="xs"
                            disabled={!sheet}
                            data={[
                              { value: LEAVE, label: 'Leave as is' },
                              ...(sheet?.columns ?? []).map((t) => ({ value: t.name, label: `${t.name} (${t.type})` })),
                            ]}
                            value={choice?.columns[c.name] ?? LEAVE}
                            onChange={(v) => setState((st) => chooseColumn(st, u.sheet, c.name, !v || v === LEAVE ? null : v))}
                            allowDeselect={false}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Card>
          );
        })}
        {broken.length > 0 && (
          <Alert color="orange" variant="light" data-testid="mapping-broken">
            {broken.length === 1 ? 'One block names' : `${broken.length} blocks name`} a column your sheet does not have. For each, choose one of
            your columns, or what happens to the block: drop that column from it, or remove the block.
          </Alert>
        )}
        {tried && problems.length > 0 && (
          <Alert color="red" role="alert">
            {problems.join(' ')}
          </Alert>
        )}
        {apply.isError && (
          <Alert color="red" role="alert">
            {apply.error.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="mapping-count">
            {count.mapped} of {count.total} columns will read your data; the others are left as they are.
          </Text>
          <Button type="submit" loading={apply.isPending}>
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Under a column left as it is that the chosen sheet lacks: the blocks it breaks, and what happens to each. */
function BreaksWhenLeft({
  refs,
  choices,
  sheet,
  missing,
  onChoose,
}: {
  refs: ReturnType<typeof brokenRefs>;
  choices: BrokenChoices;
  sheet: string;
  missing: boolean;
  onChoose: (key: string, choice: 'drop' | 'remove') => void;
}) {
  if (!refs.length) return null;
  return (
    <Stack gap={4} mt={4} data-testid="mapping-breaks">
      <Text size="xs" c="orange.8">
        “{sheet}” has no column “{refs[0]!.column}”: left as it is, this breaks {refs.map((r) => `“${r.block}”`).join(', ')}.
      </Text>
      {refs.map((r) => {
        const key = brokenKey(r);
        return (
          <Select
            key={key}
            size="xs"
            aria-label={`What happens to ${r.block} without ${r.column}`}
            placeholder={`What happens to “${r.block}”?`}
            data={[
              { value: 'drop', label: r.blockId ? `Drop “${r.column}” from “${r.block}”` : `Drop the filter on “${r.column}”` },
              { value: 'remove', label: r.blockId ? `Remove “${r.block}”` : `Remove the filter on “${r.column}”` },
            ]}
            value={choices[key] ?? null}
            onChange={(v) => v && onChoose(key, v as 'drop' | 'remove')}
            error={missing && !choices[key] ? 'Choose a column above, or what happens to this block' : undefined}
            allowDeselect={false}
          />
        );
      })}
    </Stack>
  );
}
