// /blog/preview: every post that is not live yet, for blog admins (their session cookie). Cards
// lead to /blog/preview/{slug}, which the same session opens without a token. Never indexed.
import '../../features/blog/blog.css';
import { Button, Center, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconNotes } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBlogPreviewList } from '../../features/blog/api';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { CARD_GRID, PostCard, PostCardSkeleton } from '../../features/blog/PostCard';
import { previewStatusLabel } from '../../features/blog/preview-state';
import { ApiError } from '../../lib/api';
import { RetryAlert } from '../../components/RetryAlert';

export const PREVIEW_SIGN_IN = '/blog-admin/login?redirect=/blog/preview';

export function BlogPreviewListPage() {
  useBlogHead({ title: 'Posts not yet published · Sheetboard Blog', description: 'Drafts and scheduled posts of the Sheetboard blog.', noindex: true });
  const list = useBlogPreviewList();
  const signedOut = list.error instanceof ApiError && list.error.status === 401;

  return (
    <BlogLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Posts not yet published
          </Title>
          <Text c="dimmed" mt={4}>
            Drafts and scheduled posts, as readers will see them.
          </Text>
        </div>
        {list.isPending ? (
          <SimpleGrid cols={CARD_GRID} spacing="md" aria-busy="true" aria-label="Loading posts">
            {Array.from({ length: 3 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : signedOut ? (
          <Center py={32}>
            <Paper withBorder radius="lg" p="xl" maw={440} w="100%" data-testid="blog-preview-sign-in">
              <Stack align="center" ta="center" gap="sm">
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconLock size={30} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>Sign in to the blog admin area to see drafts</Text>
                <Button component={Link} to={PREVIEW_SIGN_IN}>
                  Sign in
                </Button>
              </Stack>
            </Paper>
          </Center>
        ) : list.isError ? (
          <RetryAlert title="The posts could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.posts.length === 0 ? (
          <Center py={48} data-testid="blog-empty">
            <Stack align="center" ta="center" gap="xs">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                <IconNotes size={30} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="h3">
                Every post is published
              </Title>
              <Text c="dimmed">Drafts and scheduled posts appear here.</Text>
            </Stack>
          </Center>
        ) : (
          <SimpleGrid cols={CARD_GRID} spacing="md" data-testid="blog-preview-list">
            {list.data.posts.map((p) => (
              <PostCard key={p.slug} post={p} to={`/blog/preview/${encodeURIComponent(p.slug)}`} status={previewStatusLabel(p.published_at)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </BlogLayout>
  );
}
