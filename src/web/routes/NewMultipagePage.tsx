// /dashboard/new-multipage (shell §2.1): name, address, spreadsheet → the new app's editor.
import { AppShell, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { NewAppForm } from '../features/dashboard/NewAppForm';

export function NewMultipagePage() {
  useDocumentTitle('New multipage app · Sheetboard');
  const navigate = useNavigate();
  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <DashboardHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xs" py="xl">
          <Card withBorder radius="md" p="lg">
            <Stack gap="md">
              <div>
                <Title order={2}>New multipage app</Title>
                <Text c="dimmed" size="sm">
                  A website-like app of several pages fed by one spreadsheet. It starts with a home page holding a header and a footer.
                </Text>
              </div>
              <NewAppForm kind="multipage" onCancel={() => navigate('/dashboard')} />
            </Stack>
          </Card>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
