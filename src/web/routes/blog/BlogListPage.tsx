// /blog: live posts, newest first, BLOG_LIMITS.pageSize a page, filtered by category, author
// and search. The filters and the page live in the address (features/blog/listing-query.ts), so a
// link reproduces the view. Page 1 unfiltered comes with the HTML (features/blog/boot-data.ts).
import '../../features/blog/blog.css';
import { Stack } from '@mantine/core';
import { ListingIntro } from '../../components/CardListing';
import { useListingAddress } from '../../components/use-listing-address';
import { useBlogPosts } from '../../features/blog/api';
import { BlogFilters } from '../../features/blog/BlogFilters';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { BlogPostListing } from '../../features/blog/BlogPostListing';
import { useBlogHead } from '../../features/blog/head';
import * as blogListing from '../../features/blog/listing-query';

export const BLOG_TITLE = 'Sheetboard Blog';
export const BLOG_INTRO = 'Tutorials, template showcases and news about building boards and apps from your spreadsheets.';

export function BlogListPage() {
  useBlogHead({ title: BLOG_TITLE, description: BLOG_INTRO, canonical: `${window.location.origin}/blog` });
  const { state, change, clear } = useListingAddress(blogListing);
  const list = useBlogPosts(blogListing.queryOf(state));

  return (
    <BlogLayout>
      <Stack gap="lg">
        <ListingIntro title="Blog" intro={BLOG_INTRO} fz={{ base: 28, sm: 36 }} introMaw={640} testId="blog-heading" />
        <BlogFilters state={state} onChange={change} onClear={clear} />
        <BlogPostListing list={list} state={state} onChange={change} onClear={clear} />
      </Stack>
    </BlogLayout>
  );
}
