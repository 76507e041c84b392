// /blog/preview/{slug}?token=…: a post that is not live, as it will look, with a banner saying so.
// The token is the post's preview link; without one a blog admin's session lets the server answer.
// A refused link shows the server's words on the error screen. Never indexed.
import '../../features/blog/blog.css';
import { Alert, Anchor, Container } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AccessDenied } from '../../components/ErrorScreen';
import { useBlogPreview } from '../../features/blog/api';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { previewBannerText, previewKind } from '../../features/blog/preview-state';
import { PostSkeleton, PostView } from '../../features/blog/PostView';
import { messageOf } from '../../lib/api';

export function BlogPreviewPage() {
  const slug = useParams().slug ?? '';
  const token = useSearchParams()[0].get('token') ?? '';
  const page = useBlogPreview(slug, token);
  const post = page.data?.post;
  useBlogHead({
    title: post ? `Preview: ${post.seo_title || post.title}` : 'Preview',
    description: post ? post.seo_description || post.excerpt : 'A post of the Sheetboard blog that is not published yet.',
    noindex: true,
  });

  if (page.isError) return <AccessDenied title="This preview cannot be shown" message={messageOf(page.error)} />;
  const kind = page.data ? previewKind(page.data.preview, page.data.post.published_at) : null;
  const banner = page.data && kind && (
    <Container size="lg" pt="md" px={{ base: 'sm', sm: 'md' }}>
      <Alert color={kind === 'live' ? 'teal' : 'yellow'} variant="filled" icon={<IconEye size={18} aria-hidden />} role="status" data-testid="blog-preview-banner" styles={{ message: { color: kind === 'live' ? undefined : 'var(--mantine-color-dark-9)' } }}>
        {previewBannerText(kind, page.data.post.published_at)}
        {kind === 'live' && (
          <>
            {' '}
            <Anchor component={Link} to={`/blog/${encodeURIComponent(page.data.post.slug)}`} c="white" fw={700} underline="always">
              Open the post
            </Anchor>
          </>
        )}
      </Alert>
    </Container>
  );
  return <BlogLayout banner={banner}>{page.data ? <PostView page={page.data} /> : <PostSkeleton />}</BlogLayout>;
}
