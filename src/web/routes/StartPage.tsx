// /dashboard/start (shell §2.1; issue 18): the first step of a new owner (sign-up lands here) and of
// a new workspace: start from a template (the marketplace), from a spreadsheet (the import flow,
// then a new board over it) or from a blank board. It can be skipped, and is found again from the
// workspace menu and the dashboard's "Getting started" link.
import { Anchor, AppShell, Button, Card, Container, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileSpreadsheet, IconLayoutDashboard, IconTemplate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AppResponse } from '../../shared/api';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { ImportSpreadsheet } from '../features/dashboard/ImportSpreadsheet';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { api, issuesByPath, type Out } from '../lib/api';
import { keys, useMe } from '../lib/queries';
import { useWorkspaces } from '../features/workspaces/api';
import { toast } from '../lib/toast';

export function StartPage() {
  useDocumentTitle('Get started · Sheetboard');
  const me = useMe();
  const current = useWorkspaces().data?.find((w) => w.current);
  const [boardFor, setBoardFor] = useState<string | null>(null);
  const first = me.data?.name?.split(' ')[0];
  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <DashboardHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="xl">
          <Stack gap="xl">
            <Group justify="space-between" align="flex-end">
              <div>
                <Title order={1}>{first ? `Welcome, ${first}!` : 'Welcome!'}</Title>
                <Text c="dimmed" mt={4}>
                  How would you like to start your first board{current ? ` in ${current.name}` : ''}?
                </Text>
              </div>
              <Anchor component={Link} to="/dashboard" data-testid="skip-start">
                Skip for now
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <Choice icon={<IconTemplate size={26} />} color="grape" title="Start from a template" text="Pick a ready-made board or app from the marketplace, then fill it with your own data.">
                <Button component={Link} to="/templates" variant="light" color="grape" fullWidth>
                  Browse templates
                </Button>
              </Choice>
              <Choice icon={<IconFileSpreadsheet size={26} />} color="teal" title="Start from a spreadsheet" text="Import a CSV or Excel file. We check it with you, then make a board over it.">
                <ImportSpreadsheet onImported={(s) => setBoardFor(s.id)} />
              </Choice>
              <Choice icon={<IconLayoutDashboard size={26} />} color="indigo" title="Start from a blank board" text="An empty board to fill with blocks; connect a spreadsheet whenever you are ready.">
                <BlankBoardForm />
              </Choice>
            </SimpleGrid>
          </Stack>
        </Container>
        <NewBoardModal opened={boardFor !== null} initialSpreadsheetId={boardFor} onClose={() => setBoardFor(null)} />
      </AppShell.Main>
    </AppShell>
  );
}

function Choice({ icon, color, title, text, children }: { icon: ReactNode; color: string; title: string; text: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function BlankBoardForm() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.post<Out<typeof AppResponse>>('/api/apps', { name: name.trim(), kind: 'board' }),
    onSuccess: ({ app }) => {
      qc.invalidateQueries({ queryKey: keys.apps });
      toast.success('Board created', `${app.name} is ready for its first block.`);
      navigate(`/${app.subdomain}`);
    },
    onError: (e) => setError(issuesByPath(e).name ?? (e as Error).message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please give the board a name.');
      return;
    }
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Blank board">
      <Stack gap="xs">
        <TextInput
          label="Board name"
          placeholder="e.g. Weekly sales"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={error}
          maxLength={200}
        />
        <Button type="submit" variant="light" color="indigo" loading={create.isPending} fullWidth>
          Create blank board
        </Button>
      </Stack>
    </form>
  );
}
