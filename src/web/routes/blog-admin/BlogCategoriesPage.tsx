// /blog-admin/categories (editors): the categories with their address and number of posts; add
// (the address made from the name by the spec's rule unless given), rename, delete (its posts
// become uncategorised).
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { BlogCategory } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, blogSlug } from '../../../shared/rules/blog';
import { Loading } from '../../components/Loading';
import { blogApi, blogKeys, useBlogCategories } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError, useBlogFailure } from '../../features/blog-admin/BlogLoadError';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';

export function BlogCategoriesPage() {
  useDocumentTitle('Categories · Blog admin');
  const headingId = useId();
  const categories = useBlogCategories();
  const qc = useQueryClient();
  const failed = useBlogFailure();
  // null: closed; 'new': adding; a category: renaming it.
  const [editing, setEditing] = useState<null | 'new' | BlogCategory>(null);

  const remove = useMutation({
    mutationFn: (id: string) => blogApi.deleteCategory(id),
    onSuccess: () => {
      toast.success('Category deleted', 'Its posts are now uncategorised.');
      void qc.invalidateQueries({ queryKey: blogKeys.categories });
      void qc.invalidateQueries({ queryKey: blogKeys.postsAll });
    },
    onError: (e) => failed('The category was not deleted', e),
  });

  const confirmDelete = (c: BlogCategory) =>
    modals.openConfirmModal({
      title: 'Delete this category?',
      children: (
        <Text size="sm">
          “{c.name}” will be deleted. {c.post_count === 1 ? 'Its 1 post becomes' : `Its ${c.post_count} posts become`} uncategorised; no post is deleted.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'blog-confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(c.id),
    });

  const list = categories.data?.categories;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id={headingId}>
          Categories
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="blog-category-add">
          Add category
        </Button>
      </Group>
      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <BlogLoadError error={categories.error} title="The categories could not be loaded" />
      ) : list && list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No categories yet. Add one to group posts on the blog.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Posts</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list?.map((c) => (
                <Table.Tr key={c.id} data-testid="blog-category-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.slug}</Table.Td>
                  <Table.Td>{c.post_count}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Rename">
                        <ActionIcon variant="subtle" onClick={() => setEditing(c)} aria-label={`Rename ${c.name}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(c)} aria-label={`Delete ${c.name}`}>
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
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add category' : 'Rename category'}>
        {editing !== null && <CategoryForm key={editing === 'new' ? 'new' : editing.id} category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function CategoryForm({ category, onDone }: { category: BlogCategory | null; onDone: () => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(category?.name ?? '');
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [error, setError] = useState<string | null>(null);
  const shown = blogSlug(slug) || blogSlug(name);

  const save = useMutation({
    mutationFn: () =>
      category ? blogApi.updateCategory(category.id, { name: name.trim(), slug: slug.trim() || undefined }) : blogApi.createCategory(name.trim(), slug.trim() || undefined),
    onSuccess: (res) => {
      toast.success(category ? 'Category saved' : 'Category added', res.category.name);
      void qc.invalidateQueries({ queryKey: blogKeys.categories });
      void qc.invalidateQueries({ queryKey: blogKeys.postsAll });
      onDone();
    },
    onError: (e) => setError(messageOf(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(BLOG_MESSAGES.categoryNameRequired);
    setError(null);
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={BLOG_LIMITS.categoryName} data-autofocus required data-testid="blog-category-name" />
        <TextInput
          label="Address"
          placeholder={blogSlug(name) || 'made from the name'}
          description={shown ? `/blog?category=${shown}` : 'Made from the name when left empty'}
          value={slug}
          onChange={(e) => setSlug(e.currentTarget.value)}
          maxLength={BLOG_LIMITS.slug}
          data-testid="blog-category-slug"
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="blog-category-save">
            {category ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
