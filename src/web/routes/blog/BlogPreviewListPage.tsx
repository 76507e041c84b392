// /blog/preview: every post that is not live yet, for blog admins (their session cookie). Cards
// lead to /blog/preview/{slug}, which the same session opens without a token. Never indexed.
import '../../features/blog/blog.css';
import { Stack } from '@mantine/core';
import { ListingIntro } from '../../components/CardListing';
import { useBlogPreviewList } from '../../features/blog/api';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { PreviewPostListing } from '../../features/blog/PreviewPostListing';

export function BlogPreviewListPage() {
  useBlogHead({ title: 'Posts not yet published · Sheetboard Blog', description: 'Drafts and scheduled posts of the Sheetboard blog.', noindex: true });
  const list = useBlogPreviewList();
  return (
    <BlogLayout>
      <Stack gap="lg">
        <ListingIntro title="Posts not yet published" intro="Drafts and scheduled posts, as readers will see them." fz={{ base: 28, sm: 36 }} />
        <PreviewPostListing list={list} />
      </Stack>
    </BlogLayout>
  );
}
