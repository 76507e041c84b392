// One post of a listing: cover, category, title, excerpt, author with avatar, date and reading
// time. The whole card links to the post (or to its preview on /blog/preview).
import { Avatar, Badge, Box, Card, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BlogPostCard } from '../../../shared/api/blog';
import { formatInstant } from '../../lib/dates';
import { safeImageSrc } from '../admin/format';
import { minutesLabel } from './listing-query';

/**
 * `heading`: h2 on a listing, h3 under a post's 'Related posts' heading. `status`: the preview
 * list's word for a post that is not live (Draft, Scheduled).
 */
export function PostCard({ post, to, heading = 'h2', status }: { post: BlogPostCard; to: string; heading?: 'h2' | 'h3'; status?: string }) {
  const cover = post.cover_image ? safeImageSrc(post.cover_image) : null;
  const avatar = post.author?.avatar ? safeImageSrc(post.author.avatar) : null;
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="md" shadow="xs" className="sb-blog-card" data-testid="blog-post-card" data-slug={post.slug} aria-label={post.title}>
      <Card.Section className="sb-blog-cover">
        {cover ? (
          <img src={cover} alt={post.title} loading="lazy" decoding="async" width={800} height={450} />
        ) : (
          <Center h="100%" c="gray.5">
            <IconPhoto size={40} aria-hidden />
          </Center>
        )}
      </Card.Section>
      <Stack gap={8} mt="sm" style={{ flex: 1 }}>
        {(post.category || status) && (
          <Group gap={6}>
            {status && (
              <Badge variant="filled" color="yellow" c="dark" tt="none" size="sm" data-testid="blog-post-status">
                {status}
              </Badge>
            )}
            {post.category && (
              <Badge variant="light" tt="none" size="sm" maw="100%">
                {post.category.name}
              </Badge>
            )}
          </Group>
        )}
        <Text component={heading} fw={700} fz="lg" lh={1.3} m={0} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Text>
        {post.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Text>
        )}
        <Box style={{ flex: 1 }} />
        <Group gap="xs" wrap="nowrap">
          {post.author && <Avatar src={avatar} alt={post.author.name} name={post.author.name} color="initials" size={32} radius="xl" />}
          <Stack gap={0} style={{ minWidth: 0 }}>
            {post.author && (
              <Text size="sm" fw={600} truncate>
                {post.author.name}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <time dateTime={post.published_at ?? undefined}>{formatInstant(post.published_at)}</time> · {minutesLabel(post.reading_minutes)}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Card.Section className="sb-blog-cover">
        <Skeleton h="100%" radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Skeleton h={16} w={80} radius="xl" />
        <Skeleton h={20} w="85%" />
        <Skeleton h={12} />
        <Skeleton h={12} w="70%" />
        <Group gap="xs" mt="xs">
          <Skeleton h={32} w={32} circle />
          <Skeleton h={12} w={140} />
        </Group>
      </Stack>
    </Card>
  );
}

/** The cards' grid: one column on a phone, two on a tablet, three on a wide screen. */
export const CARD_GRID = { base: 1, sm: 2, md: 3 } as const;
