// /blog-admin/blogs (editors): every post with its status, author, category and dates; filters by
// status, category, author and words; 25 a page; edit and delete (after a confirm).
import { ActionIcon, Anchor, Badge, Button, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BlogPostSummary } from '../../../shared/api/blog';
import { BLOG_POST_STATUSES, BLOG_STATUS_LABELS, type BlogPostStatus } from '../../../shared/rules/blog';
import { Loading } from '../../components/Loading';
import { formatInstant, PAGE_CONTROLS } from '../../features/admin/format';
import { blogApi, blogKeys, useBlogAuthors, useBlogCategories, useBlogPosts } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError, useBlogFailure } from '../../features/blog-admin/BlogLoadError';
import { statusColour, statusLabel } from '../../features/blog-admin/post-form';
import { toast } from '../../lib/toast';

const isStatus = (v: string | null): v is BlogPostStatus => !!v && (BLOG_POST_STATUSES as readonly string[]).includes(v);

export function BlogPostsPage() {
  useDocumentTitle('Posts · Blog admin');
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as BlogPostStatus) : 'all';
  const category = params.get('category') ?? undefined;
  const author = params.get('author') ?? undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const posts = useBlogPosts({ status, category, author, q: q || undefined, page });
  const categories = useBlogCategories();
  const authors = useBlogAuthors();
  const qc = useQueryClient();
  const failed = useBlogFailure();

  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const inAddress = params.get('q') ?? '';
  useEffect(() => {
    if (q === inAddress) return;
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    next.delete('page');
    setParams(next, { replace: true });
  }, [q, inAddress, params, setParams]);

  const remove = useMutation({
    mutationFn: (id: string) => blogApi.deletePost(id),
    onSuccess: () => {
      toast.success('Post deleted', 'The post is gone from the blog and this list.');
      void qc.invalidateQueries({ queryKey: blogKeys.postsAll });
    },
    onError: (e) => failed('The post was not deleted', e),
  });

  const confirmDelete = (p: BlogPostSummary) =>
    modals.openConfirmModal({
      title: 'Delete this post?',
      children: (
        <Text size="sm">
          “{p.title || 'Untitled'}” will be deleted{p.live ? ' and taken off the blog' : ''}. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'blog-confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(p.id),
    });

  const data = posts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const filtered = status !== 'all' || !!category || !!author || !!q;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id={headingId}>
          Posts
        </Title>
        <Button component={Link} to="/blog-admin/add-blog" leftSection={<IconPlus size={16} />}>
          New post
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Select
          label="Status"
          value={status}
          onChange={(v) => setFilter('status', v === 'all' ? null : v)}
          data={[{ value: 'all', label: 'All' }, ...BLOG_POST_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }))]}
          allowDeselect={false}
          data-testid="blog-filter-status"
        />
        <Select
          label="Category"
          placeholder="All categories"
          value={category ?? null}
          onChange={(v) => setFilter('category', v)}
          data={(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
          clearable
          data-testid="blog-filter-category"
        />
        <Select
          label="Author"
          placeholder="All authors"
          value={author ?? null}
          onChange={(v) => setFilter('author', v)}
          data={(authors.data?.authors ?? []).map((a) => ({ value: a.id, label: a.name }))}
          clearable
          searchable
          data-testid="blog-filter-author"
        />
        <TextInput
          label="Search"
          placeholder="Words in the title"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={200}
          data-testid="blog-filter-search"
        />
      </SimpleGrid>
      {posts.isPending ? (
        <Loading />
      ) : posts.isError ? (
        <BlogLoadError error={posts.error} title="The posts could not be loaded" />
      ) : data && data.posts.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {filtered ? 'No post matches these filters.' : 'No posts yet. Start the first one with “New post”.'}
        </Text>
      ) : (
        data && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.total === 1 ? '1 post' : `${data.total} posts`}
            </Text>
            <Table.ScrollContainer minWidth={980}>
              <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Author</Table.Th>
                    <Table.Th>Category</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th>Published / scheduled</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.posts.map((p) => (
                    <Table.Tr key={p.id} data-testid="blog-post-row">
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Anchor component={Link} to={`/blog-admin/edit-blog/${encodeURIComponent(p.id)}`}>
                          {p.title || 'Untitled'}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          /blog/{p.slug}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={statusColour(p)}>
                          {statusLabel(p)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.author?.name ?? 'N/A'}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.category_name ?? 'Uncategorised'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(p.created_at)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(p.updated_at)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.status === 'draft' ? 'N/A' : formatInstant(p.publish_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="Edit">
                            <ActionIcon component={Link} to={`/blog-admin/edit-blog/${encodeURIComponent(p.id)}`} variant="subtle" aria-label={`Edit ${p.title || 'Untitled'}`}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(p)} aria-label={`Delete ${p.title || 'Untitled'}`} data-testid="blog-post-delete">
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(p) => {
                    const next = new URLSearchParams(params);
                    if (p > 1) next.set('page', String(p));
                    else next.delete('page');
                    setParams(next);
                  }}
                  getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })}
                />
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
