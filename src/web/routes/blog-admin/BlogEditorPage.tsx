// /blog-admin/add-blog (a new post), /blog-admin/add-blog/{id} (an author's draft; authors reach
// only these) and /blog-admin/edit-blog/{id}: one editor. The first save of a new post replaces
// the address with the post's own, keeping the editor and what was typed (editor-handoff.ts).
import { Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { BlogPostAdmin } from '../../../shared/api/blog';
import { isBlogEditor } from '../../../shared/rules/blog';
import { Loading } from '../../components/Loading';
import { blogApi, blogKeys } from '../../features/blog-admin/blog-admin-api';
import { useBlogRole } from '../../features/blog-admin/BlogAdminLayout';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';
import { peekHandoff } from '../../features/blog-admin/editor-handoff';
import { PostEditor } from '../../features/blog-admin/PostEditor';

export function BlogEditorPage() {
  const { id } = useParams();
  useDocumentTitle(id ? 'Edit post · Blog admin' : 'New post · Blog admin');
  const location = useLocation();
  const navigate = useNavigate();
  const role = useBlogRole();
  const handed = peekHandoff(id);
  // The editor that made the post keeps its key at the post's new address.
  const editorKey = (location.state as { editorKey?: string } | null)?.editorKey ?? location.key;
  const post = useQuery({ queryKey: blogKeys.post(id ?? ''), queryFn: () => blogApi.post(id!), enabled: !!id && !handed, staleTime: 0, gcTime: 0 });

  const onCreated = useCallback(
    (p: BlogPostAdmin) =>
      navigate(isBlogEditor(role) ? `/blog-admin/edit-blog/${encodeURIComponent(p.id)}` : `/blog-admin/add-blog/${encodeURIComponent(p.id)}`, {
        replace: true,
        state: { editorKey },
      }),
    [navigate, role, editorKey],
  );

  if (!id) return <PostEditor key={editorKey} start={{ post: null }} role={role} onCreated={onCreated} />;
  if (handed) return <PostEditor key={editorKey} start={{ post: handed.post, form: handed.form, dirty: handed.dirty }} role={role} onCreated={onCreated} />;
  if (post.isPending) return <Loading text="Loading the post..." />;
  if (post.isError)
    return (
      <Stack>
        <BlogLoadError error={post.error} title="The post could not be opened" />
        <Anchor component={Link} to="/blog-admin">
          Back to the overview
        </Anchor>
      </Stack>
    );
  return <PostEditor key={editorKey} start={{ post: post.data.post }} role={role} onCreated={onCreated} />;
}
