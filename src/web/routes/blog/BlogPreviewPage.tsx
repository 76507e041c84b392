// /blog/preview/{slug}?token=…: a post that is not live, as it will look, with a banner saying so.
// The token is the post's preview link; without one a blog admin's session lets the server answer.
// A refused link shows the server's words on the error screen. Never indexed.
import '../../features/blog/blog.css';
import { useParams, useSearchParams } from 'react-router';
import { AccessDenied } from '../../components/ErrorScreen';
import { useBlogPreview } from '../../features/blog/api';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { PreviewBanner } from '../../features/blog/PreviewBanner';
import { previewKind } from '../../features/blog/preview-state';
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
  if (!page.data)
    return (
      <BlogLayout>
        <PostSkeleton />
      </BlogLayout>
    );
  const banner = <PreviewBanner kind={previewKind(page.data.preview, page.data.post.published_at)} slug={page.data.post.slug} publishedAt={page.data.post.published_at} />;
  return (
    <BlogLayout banner={banner}>
      <PostView page={page.data} />
    </BlogLayout>
  );
}
