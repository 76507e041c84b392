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
import { chooseColumn, chooseSheet, initialMapping, mappedCount, mappingBody, mappingProblems, type MappingState } from './mapping-state';

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
  const [tried, setTried] = useState(false);
  const problems = mappingProblems(state, plan);
  const count = mappedCount(state, plan);
  const target = plan.target;

  const apply = useMutation({
    mutationFn: () => templatesApi.applyMapping(appId, mappingBody(state, plan, spreadsheetId)),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: keys.apps });
      void qc.invalidateQueries({ queryKey: ['sheet'] });
      void qc.invalidateQueries({ queryKey: keys.board(subdomain) });
      toast.success('Your spreadsheet is in', `${res.blocks} block${res.blocks === 1 ? '' : 's'} now read your data.`);
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
