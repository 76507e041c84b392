// /blog-admin's two faces: an author's own posts to continue, and for editors the number of posts
// by status (each leads to the filtered list) and the latest changes.
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BlogPostSummary } from '../../../shared/api/blog';
import type { BlogPostStatus } from '../../../shared/rules/blog';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import { ListBody } from '../../components/ListBody';
import { formatInstant } from '../admin/format';
import { useBlogPosts } from './blog-admin-api';
import { BlogLoadError } from './BlogLoadError';
import { PostStatusBadge, postTitle, PostTitleLink } from './PostCells';

export function AuthorOverview() {
  const posts = useBlogPosts({ status: 'all', page: 1 });
  return (
    <ListBody
      query={posts}
      failed={(e) => <BlogLoadError error={e} title="Your posts could not be loaded" />}
      isEmpty={(d) => d.posts.length === 0}
      empty="You have not written a post yet. Start one with “New post”."
    >
      {(d) => <MyPosts posts={d.posts} total={d.total} />}
    </ListBody>
  );
}

function MyPosts({ posts, total }: { posts: readonly BlogPostSummary[]; total: number }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Your posts
      </Title>
      {posts.map((p) => (
        <Card key={p.id} withBorder radius="md" padding="sm" data-testid="blog-my-post">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={WRAP}>
                {postTitle(p)}
              </Text>
              <Group gap="xs">
                <PostStatusBadge post={p} />
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
      {total > posts.length && (
        <Text size="sm" c="dimmed">
          Showing the {posts.length} most recently changed of {total} posts.
        </Text>
      )}
    </Stack>
  );
}

const RECENT_COLUMNS: RecordColumn<BlogPostSummary>[] = [
  { header: 'Title', cell: (p) => <PostTitleLink post={p} />, style: WRAP },
  { header: 'Status', cell: (p) => <PostStatusBadge post={p} /> },
  { header: 'Author', cell: (p) => p.author?.name ?? 'N/A' },
  { header: 'Updated', cell: (p) => formatInstant(p.updated_at), style: NOWRAP },
];

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

export function EditorOverview() {
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
        <ListBody
          query={recent}
          failed={(e) => <BlogLoadError error={e} title="The posts could not be loaded" />}
          isEmpty={(d) => d.posts.length === 0}
          empty="No posts yet. Start the first one with “New post”."
        >
          {(d) => <RecordTable rows={d.posts.slice(0, 10)} columns={RECENT_COLUMNS} minWidth={520} rowTestId="blog-recent-post" />}
        </ListBody>
      </Stack>
    </Stack>
  );
}
