// /boardWorkspace (shell §2.1: "workspace of boards"; issue 18): every board and app of the current
// workspace with a thumbnail of its layout (drawn by the server from its blocks), searched by name
// and sorted by last edited or by name; a card opens the board. Signed in only (RequireAuth).
import { AppShell, Badge, Button, Card, Center, Container, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconLayoutDashboard, IconLayoutList, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BoardSort } from '../../shared/api/workspaces';
import { Loading } from '../components/Loading';
import { OwnerModals } from '../components/OwnerModals';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { useBoardWorkspace } from '../features/workspaces/api';
import { formatInstant } from '../lib/dates';

export function BoardWorkspacePage() {
  useDocumentTitle('Boards · Sheetboard');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<BoardSort>('updated');
  const boards = useBoardWorkspace(q, sort);
  const list = boards.data?.boards;
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="lg" py="md">
            <Stack gap="lg">
              <Group justify="space-between" align="flex-end">
                <div>
                  <Title order={2}>Boards</Title>
                  <Text c="dimmed" size="sm">
                    {boards.data ? `Every board and app of ${boards.data.workspace.name}.` : 'Every board and app of this workspace.'}
                  </Text>
                </div>
                <Button component={Link} to="/dashboard/start" leftSection={<IconPlus size={16} />} variant="light">
                  New board
                </Button>
              </Group>
              <Group gap="sm" wrap="wrap">
                <TextInput
                  placeholder="Search boards by name"
                  aria-label="Search boards"
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  maxLength={200}
                  style={{ flex: '1 1 240px' }}
                />
                <SegmentedControl
                  aria-label="Sort boards"
                  value={sort}
                  onChange={(v) => setSort(v as BoardSort)}
                  data={[
                    { value: 'updated', label: 'Last edited' },
                    { value: 'name', label: 'Name' },
                  ]}
                />
              </Group>
              {boards.isPending && <Loading />}
              {boards.isError && <Text c="red">{boards.error.message}</Text>}
              {list?.length === 0 && (
                <Card withBorder radius="md" p="lg">
                  <Text c="dimmed">{q ? `No board's name contains “${q}”.` : 'No boards in this workspace yet. Start one with “New board”.'}</Text>
                </Card>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="board-grid">
                {list?.map((b) => (
                  <Card key={b.id} withBorder radius="md" padding="sm" data-testid="board-card" component="article" aria-label={b.name}>
                    <Card.Section>
                      <Link to={`/${b.subdomain}`} aria-hidden tabIndex={-1}>
                        <Image src={b.thumbnail_url} alt="" h={150} fit="cover" bg="gray.1" />
                      </Link>
                    </Card.Section>
                    <Group justify="space-between" wrap="nowrap" mt="sm" gap={6}>
                      <Group gap={6} wrap="nowrap" miw={0}>
                        {b.kind === 'multipage' ? <IconLayoutList size={18} color="var(--mantine-color-indigo-6)" aria-label="Multipage app" /> : <IconLayoutDashboard size={18} color="var(--mantine-color-indigo-6)" />}
                        <Text fw={600} truncate data-testid="board-name">
                          {b.name}
                        </Text>
                      </Group>
                      <Badge variant="light" color={b.public ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                        {b.public ? 'Public' : 'Private'}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" mt={4}>
                      Edited {formatInstant(b.updated_at)} · {b.blocks} {b.blocks === 1 ? 'block' : 'blocks'}
                    </Text>
                    <Button component={Link} to={`/${b.subdomain}`} size="xs" mt="sm" variant="light" aria-label={`Open ${b.name}`}>
                      Open
                    </Button>
                  </Card>
                ))}
              </SimpleGrid>
              {list && list.length > 0 && (
                <Center>
                  <Text size="xs" c="dimmed">
                    {list.length} {list.length === 1 ? 'board' : 'boards'}
                  </Text>
                </Center>
              )}
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}
