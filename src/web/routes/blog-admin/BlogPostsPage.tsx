// /blog-admin/blogs (editors): every post with its status, author, category and dates; filters by
// status, category, author and words (?status=, ?category=, ?author=, ?q=); 25 a page (?page=);
// edit and delete (after a confirm).
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CountLine, ListBody } from '../../components/ListBody';
import { ListPager } from '../../components/ListPager';
import { pageParam, withParams } from '../../components/list-paging';
import { PageHeading } from '../../components/PageHeading';
import { useAddressSearch } from '../../components/use-address-search';
import { useBlogPosts } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';
import { isPostStatus, PostFilters } from '../../features/blog-admin/PostFilters';
import { PostsTable } from '../../features/blog-admin/PostsTable';

export function BlogPostsPage() {
  useDocumentTitle('Posts · Blog admin');
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isPostStatus(statusParam) ? statusParam : 'all';
  const category = params.get('category') ?? undefined;
  const author = params.get('author') ?? undefined;
  const page = pageParam(params);
  const { text, setText, search: q } = useAddressSearch(params, setParams, 'q');
  const posts = useBlogPosts({ status, category, author, q: q || undefined, page });
  const filtered = status !== 'all' || !!category || !!author || !!q;

  return (
    <Stack gap="md">
      <PageHeading
        title="Posts"
        id={headingId}
        action={
          <Button component={Link} to="/blog-admin/add-blog" leftSection={<IconPlus size={16} />}>
            New post
          </Button>
        }
      />
      <PostFilters
        status={status}
        category={category}
        author={author}
        onFilter={(key, value) => setParams(withParams(params, { [key]: value, page: null }))}
        search={text}
        onSearch={setText}
      />
      <ListBody
        query={posts}
        failed={(e) => <BlogLoadError error={e} title="The posts could not be loaded" />}
        isEmpty={(d) => d.posts.length === 0}
        empty={filtered ? 'No post matches these filters.' : 'No posts yet. Start the first one with “New post”.'}
      >
        {(d) => (
          <>
            <CountLine total={d.total} one="post" many="posts" />
            <PostsTable posts={d.posts} labelledBy={headingId} />
            <ListPager total={d.total} pageSize={d.page_size} page={page} onChange={(p) => setParams(withParams(params, { page: p > 1 ? String(p) : null }))} />
          </>
        )}
      </ListBody>
    </Stack>
  );
}
