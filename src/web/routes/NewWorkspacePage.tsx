// /dashboard/new-workspace (shell §2.1; issue 18): a new, empty workspace of the owner's, with its
// own boards, spreadsheets, editors and plan; it becomes the current one and the owner lands on
// its first step (/dashboard/start).
import { AppShell, Button, Card, Container, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX } from '../../shared/api/workspaces';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { useCreateWorkspace } from '../features/workspaces/api';
import { issuesByPath } from '../lib/api';
import { toast } from '../lib/toast';

export function NewWorkspacePage() {
  useDocumentTitle('New workspace · Sheetboard');
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(WORKSPACE_MESSAGES.nameRequired);
      return;
    }
    create.mutate(name, {
      onSuccess: ({ workspace }) => {
        toast.success('Workspace created', `You are now in ${workspace.name}.`);
        navigate('/dashboard/start');
      },
      onError: (err) => setError(issuesByPath(err).name ?? (err as Error).message),
    });
  };

  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <DashboardHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xs" py="xl">
          <Card withBorder radius="md" p="lg">
            <form onSubmit={submit} noValidate aria-label="New workspace">
              <Stack gap="md">
                <div>
                  <Title order={2}>New workspace</Title>
                  <Text c="dimmed" size="sm">
                    A separate place for another client, team or project. It has its own:
                  </Text>
                  <List size="sm" c="dimmed" mt={4}>
                    <List.Item>boards and multipage apps</List.Item>
                    <List.Item>spreadsheets and uploaded files</List.Item>
                    <List.Item>editors and plan</List.Item>
                  </List>
                </div>
                <TextInput
                  label="Workspace name"
                  placeholder="e.g. Acme Inc. reporting"
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    setError(null);
                  }}
                  error={error}
                  maxLength={WORKSPACE_NAME_MAX}
                  data-autofocus
                  required
                />
                <Text size="xs" c="dimmed">
                  It starts empty: next you choose a template, a spreadsheet or a blank board. Switch between workspaces with the menu at the top left.
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => navigate('/dashboard')}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={create.isPending}>
                    Create workspace
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
