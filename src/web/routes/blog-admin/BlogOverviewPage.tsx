// /blog-admin: for an author, their own posts to continue; for editors, the posts by status and
// the latest changes.
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isBlogEditor, type BlogPostStatus } from '../../../shared/rules/blog';
import { Loading } from '../../components/Loading';
import { formatInstant } from '../../features/admin/format';
import { useBlogPosts, useBlogSession } from '../../features/blog-admin/blog-admin-api';
import { useBlogRole } from '../../features/blog-admin/BlogAdminLayout';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';
import { statusColour, statusLabel } from '../../features/blog-admin/post-form';

export function BlogOverviewPage() {
  useDocumentTitle('Overview · Blog admin');
  const role = useBlogRole();
  const session = useBlogSession();
  const name = session.data?.user.name;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2}>Overview</Title>
          {name && (
            <Text c="dimmed" size="sm">
              Signed in as {name}
            </Text>
          )}
        </div>
        <Button component={Link} to="/blog-admin/add-blog" leftSection={<IconPlus size={16} />} data-testid="blog-overview-new">
          New post
        </Button>
      </Group>
      {isBlogEditor(role) ? <EditorOverview /> : <AuthorOverview />}
    </Stack>
  );
}

function AuthorOverview() {
  const posts = useBlogPosts({ status: 'all', page: 1 });
  if (posts.isPending) return <Loading />;
  if (posts.isError) return <BlogLoadError error={posts.error} title="Your posts could not be loaded" />;
  const list = posts.data.posts;
  if (list.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        You have not written a post yet. Start one with “New post”.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Your posts
      </Title>
      {list.map((p) => (
        <Card key={p.id} withBorder radius="md" padding="sm" data-testid="blog-my-post">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.title || 'Untitled'}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color={statusColour(p)}>
                  {statusLabel(p)}
                </Badge>
                <Text size="xs" c="dimmed">
                  Updated {formatInstant(p.updated_at)}
                </Text>
              </Group>
            </Stack>
            {p.status === 'draft' && (
              <Button component={Link} to={`/blog-admin/add-blog/${encodeURIComponent(p.id)}`} size="xs" variant="light">
                Continue
              </Button>
            )}
          </Group>
        </Card>
      ))}
      {posts.data.total > list.length && (
        <Text size="sm" c="dimmed">
          Showing the {list.length} most recently changed of {posts.data.total} posts.
        </Text>
      )}
    </Stack>
  );
}

const COUNTS: { status: BlogPostStatus; label: string }[] = [
  { status: 'draft', label: 'Drafts' },
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'published', label: 'Published' },
];

function CountCard({ status, label }: { status: BlogPostStatus; label: string }) {
  const q = useBlogPosts({ status, page: 1 });
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={`/blog-admin/blogs?status=${status}`} data-testid={`blog-count-${status}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz={28}>
        {q.isPending ? '…' : q.isError ? '—' : q.data.total}
      </Text>
    </Card>
  );
}

function EditorOverview() {
  const recent = useBlogPosts({ status: 'all', page: 1 });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {COUNTS.map((c) => (
          <CountCard key={c.status} {...c} />
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Recently changed
          </Title>
          <Anchor component={Link} to="/blog-admin/blogs" size="sm">
            All posts
          </Anchor>
        </Group>
        {recent.isPending ? (
          <Loading />
        ) : recent.isError ? (
          <BlogLoadError error={recent.error} title="The posts could not be loaded" />
        ) : recent.data.posts.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No posts yet. Start the first one with “New post”.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" bg="white" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data.posts.slice(0, 10).map((p) => (
                  <Table.Tr key={p.id} data-testid="blog-recent-post">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={`/blog-admin/edit-blog/${encodeURIComponent(p.id)}`}>
                        {p.title || 'Untitled'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColour(p)}>
                        {statusLabel(p)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{p.author?.name ?? 'N/A'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(p.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
