// The boards of /boardWorkspace as cards with a thumbnail of their layout (drawn by the server
// from their blocks); a card opens its board. Nothing found says so, with the search it was.
import { Badge, Button, Card, Center, Group, Image, SimpleGrid, Text } from '@mantine/core';
import { IconLayoutDashboard, IconLayoutList } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BoardCard as Board } from '../../../shared/api/workspaces';
import { formatInstant } from '../../lib/dates';

export function BoardGrid({ boards, search }: { boards: readonly Board[] | undefined; search: string }) {
  return (
    <>
      {boards?.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed">{search ? `No board's name contains “${search}”.` : 'No boards in this workspace yet. Start one with “New board”.'}</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="board-grid">
        {boards?.map((b) => <BoardCard key={b.id} board={b} />)}
      </SimpleGrid>
      {boards && boards.length > 0 && (
        <Center>
          <Text size="xs" c="dimmed">
            {boards.length} {boards.length === 1 ? 'board' : 'boards'}
          </Text>
        </Center>
      )}
    </>
  );
}

function BoardCard({ board: b }: { board: Board }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="board-card" component="article" aria-label={b.name}>
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
  );
}
