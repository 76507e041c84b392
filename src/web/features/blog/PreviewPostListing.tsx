// /blog/preview's cards: every post not live yet, each leading to its preview. Without a blog
// admin session the server says 401, and the page offers the blog admin sign-in instead.
import { Button, Center, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconNotes } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardGridSkeleton } from '../../components/CardListing';
import { EmptyState } from '../../components/EmptyState';
import { RetryAlert } from '../../components/RetryAlert';
import { ApiError } from '../../lib/api';
import type { useBlogPreviewList } from './api';
import { CARD_GRID, PostCard, PostCardSkeleton } from './PostCard';
import { previewStatusLabel } from './preview-state';

const PREVIEW_SIGN_IN = '/blog-admin/login?redirect=/blog/preview';

function SignInFirst() {
  return (
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
  );
}

export function PreviewPostListing({ list }: { list: ReturnType<typeof useBlogPreviewList> }) {
  if (list.isPending) return <CardGridSkeleton cols={CARD_GRID} count={3} label="Loading posts" Card={PostCardSkeleton} />;
  if (list.error instanceof ApiError && list.error.status === 401) return <SignInFirst />;
  if (list.isError) return <RetryAlert title="The posts could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.posts.length === 0) return <EmptyState icon={IconNotes} title="Every post is published" text="Drafts and scheduled posts appear here." testId="blog-empty" />;
  return (
    <SimpleGrid cols={CARD_GRID} spacing="md" data-testid="blog-preview-list">
      {list.data.posts.map((p) => (
        <PostCard key={p.slug} post={p} to={`/blog/preview/${encodeURIComponent(p.slug)}`} status={previewStatusLabel(p.published_at)} />
      ))}
    </SimpleGrid>
  );
}
