// /blog/{slug}: one live post. Its first answer comes with the HTML (features/blog/boot-data.ts);
// an unknown slug is the 404 screen, any other refusal the error screen with the server's words.
import '../../features/blog/blog.css';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { useBlogPost } from '../../features/blog/api';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { PostSkeleton, PostView } from '../../features/blog/PostView';
import { absoluteUrl } from '../../features/templates/page-meta';

export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const page = useBlogPost(slug);
  const post = page.data?.post;
  useBlogHead(
    post
      ? {
          title: post.seo_title || post.title,
          description: post.seo_description || post.excerpt,
          image: absoluteUrl(post.cover_image, window.location.origin),
          canonical: post.canonical_url || null,
          type: 'article',
        }
      : null,
  );

  if (page.isError) return <ErrorScreen error={page.error} />;
  return <BlogLayout>{page.data ? <PostView page={page.data} /> : <PostSkeleton />}</BlogLayout>;
}
