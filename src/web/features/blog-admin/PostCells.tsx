// A post as the blog admin's lists show it: its title linking to the editor, and its status.
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { BlogPostSummary } from '../../../shared/api/blog';
import { statusColour, statusLabel } from './post-form';

export const postTitle = (p: Pick<BlogPostSummary, 'title'>) => p.title || 'Untitled';
export const postEditPath = (p: Pick<BlogPostSummary, 'id'>) => `/blog-admin/edit-blog/${encodeURIComponent(p.id)}`;

export function PostTitleLink({ post }: { post: BlogPostSummary }) {
  return (
    <Anchor component={Link} to={postEditPath(post)}>
      {postTitle(post)}
    </Anchor>
  );
}

export function PostStatusBadge({ post }: { post: Pick<BlogPostSummary, 'status' | 'live'> }) {
  return (
    <Badge variant="light" color={statusColour(post)}>
      {statusLabel(post)}
    </Badge>
  );
}
