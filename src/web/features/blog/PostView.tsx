// A post as /blog/{slug} and its preview show it: back link, category, title, author, date and
// reading time, cover, the text, tags, the author's card and related posts.
import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BlogPostPublic } from '../../../shared/api/blog';
import { formatInstant } from '../../lib/dates';
import { safeImageSrc } from '../admin/format';
import type { BlogPostPage } from './api';
import { minutesLabel } from './listing-query';
import { CARD_GRID, PostCard } from './PostCard';

export function BackToBlog({ to = '/blog', label = 'All posts' }: { to?: string; label?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed" data-testid="blog-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** `relatedHref`: where a related card leads (the preview list links to previews). */
export function PostView({ page, relatedHref = (slug) => `/blog/${encodeURIComponent(slug)}`, back }: { page: BlogPostPage; relatedHref?: (slug: string) => string; back?: { to: string; label: string } }) {
  const { post, related } = page;
  const cover = post.cover_image ? safeImageSrc(post.cover_image) : null;
  return (
    <Stack gap="xl">
      <article className="sb-blog-column" data-testid="blog-post">
        <Stack gap="lg">
          <BackToBlog {...back} />
          <Stack gap="sm">
            {post.category && (
              <Badge component={Link} to={`/blog?category=${encodeURIComponent(post.category.slug)}`} variant="light" tt="none" style={{ alignSelf: 'flex-start', cursor: 'pointer' }} maw="100%" data-testid="blog-post-category">
                {post.category.name}
              </Badge>
            )}
            <Title order={1} fz={{ base: 28, sm: 38 }} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="blog-post-title">
              {post.title}
            </Title>
            {post.excerpt && (
              <Text size="lg" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {post.excerpt}
              </Text>
            )}
            <Byline post={post} />
          </Stack>
          {cover && (
            <div className="sb-blog-hero">
              <img src={cover} alt={post.title} width={1440} height={810} decoding="async" fetchPriority="high" />
            </div>
          )}
          {/* The only HTML put in as such: the server cleans a post's text (an allow-list) when it
              is saved and again when it is served. */}
          <div className="sb-blog-content" data-testid="blog-post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
          {post.tags.length > 0 && (
            <Group gap="xs" data-testid="blog-post-tags" aria-label="Tags">
              {post.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" tt="none" maw="100%">
                  #{tag}
                </Badge>
              ))}
            </Group>
          )}
          {post.author && <AuthorCard author={post.author} />}
        </Stack>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="blog-related-heading" data-testid="blog-related">
          <Title order={2} fz="xl" mb="md" id="blog-related-heading">
            Related posts
          </Title>
          <SimpleGrid cols={CARD_GRID} spacing="md">
            {related.map((p) => (
              <PostCard key={p.slug} post={p} to={relatedHref(p.slug)} heading="h3" />
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}

function Byline({ post }: { post: BlogPostPublic }) {
  const avatar = post.author?.avatar ? safeImageSrc(post.author.avatar) : null;
  return (
    <Group gap="sm" wrap="nowrap">
      {post.author && <Avatar src={avatar} alt={post.author.name} name={post.author.name} color="initials" size={40} radius="xl" />}
      <Stack gap={0} style={{ minWidth: 0 }}>
        {post.author && (
          <Text fw={600} truncate>
            {post.author.name}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="blog-post-meta">
          <time dateTime={post.published_at ?? undefined}>{formatInstant(post.published_at)}</time> · {minutesLabel(post.reading_minutes)}
        </Text>
      </Stack>
    </Group>
  );
}

function AuthorCard({ author }: { author: NonNullable<BlogPostPublic['author']> }) {
  const avatar = author.avatar ? safeImageSrc(author.avatar) : null;
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-label="About the author" data-testid="blog-author-card">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Avatar src={avatar} alt={author.name} name={author.name} color="initials" size={56} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Written by
          </Text>
          <Text fw={700}>{author.name}</Text>
          {author.bio && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {author.bio}
            </Text>
          )}
          <Anchor component={Link} to={`/blog?author=${encodeURIComponent(author.id)}`} size="sm">
            More posts by {author.name}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}

export function PostSkeleton() {
  return (
    <Stack className="sb-blog-column" gap="md" aria-busy="true" aria-label="Loading the post" w="100%">
      <Skeleton h={14} w={90} />
      <Skeleton h={20} w={100} radius="xl" />
      <Skeleton h={40} w="90%" />
      <Skeleton h={18} w="70%" />
      <Group gap="sm">
        <Skeleton h={40} w={40} circle />
        <Skeleton h={14} w={180} />
      </Group>
      <Skeleton className="sb-blog-hero" h="auto" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={14} w={i % 3 === 2 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}
