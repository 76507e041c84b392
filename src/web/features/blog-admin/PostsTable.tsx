// /blog-admin/blogs' table: every post with its status, author, category and dates, Edit and
// Delete (after a confirmation).
import { Text, VisuallyHidden } from '@mantine/core';
import type { BlogPostSummary } from '../../../shared/api/blog';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import { formatInstant } from '../admin/format';
import { blogApi, blogKeys } from './blog-admin-api';
import { confirmDeletion, useBlogDelete } from './blog-delete';
import { postEditPath, PostStatusBadge, postTitle, PostTitleLink } from './PostCells';
import { RowActions } from './RowActions';

export function PostsTable({ posts, labelledBy }: { posts: readonly BlogPostSummary[]; labelledBy: string }) {
  const remove = useBlogDelete({
    call: blogApi.deletePost,
    done: ['Post deleted', 'The post is gone from the blog and this list.'],
    refresh: [blogKeys.postsAll],
    failure: 'The post was not deleted',
  });
  const confirmDelete = (p: BlogPostSummary) =>
    confirmDeletion({
      title: 'Delete this post?',
      text: (
        <>
          “{postTitle(p)}” will be deleted{p.live ? ' and taken off the blog' : ''}. This cannot be undone.
        </>
      ),
      onConfirm: () => remove.mutate(p.id),
    });

  const columns: RecordColumn<BlogPostSummary>[] = [
    {
      header: 'Title',
      cell: (p) => (
        <>
          <PostTitleLink post={p} />
          <Text size="xs" c="dimmed">
            /blog/{p.slug}
          </Text>
        </>
      ),
      style: WRAP,
    },
    { header: 'Status', cell: (p) => <PostStatusBadge post={p} /> },
    { header: 'Author', cell: (p) => p.author?.name ?? 'N/A', style: WRAP },
    { header: 'Category', cell: (p) => p.category_name ?? 'Uncategorised', style: WRAP },
    { header: 'Created', cell: (p) => formatInstant(p.created_at), style: NOWRAP },
    { header: 'Updated', cell: (p) => formatInstant(p.updated_at), style: NOWRAP },
    { header: 'Published / scheduled', cell: (p) => (p.status === 'draft' ? 'N/A' : formatInstant(p.publish_at)), style: NOWRAP },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (p) => <RowActions name={postTitle(p)} change={{ label: 'Edit', to: postEditPath(p) }} onDelete={() => confirmDelete(p)} deleteTestId="blog-post-delete" />,
    },
  ];
  return <RecordTable rows={posts} columns={columns} minWidth={980} labelledBy={labelledBy} rowTestId="blog-post-row" />;
}
