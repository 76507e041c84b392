// Adding or renaming a blog category: the name, and the address (made from the name by the
// spec's rule unless given). Saving reads the categories and the posts (their category names) again.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BlogCategory } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, blogSlug } from '../../../shared/rules/blog';
import { DialogActions } from '../../components/DialogActions';
import { FormError } from '../../components/FormError';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { blogApi, blogKeys } from './blog-admin-api';

/** null: closed; 'new': adding; a category: renaming it. */
export type CategoryEditing = null | 'new' | BlogCategory;

export function CategoryDialog({ editing, onClose }: { editing: CategoryEditing; onClose: () => void }) {
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing === 'new' ? 'Add category' : 'Rename category'}>
      {editing !== null && <CategoryForm key={editing === 'new' ? 'new' : editing.id} category={editing === 'new' ? null : editing} onDone={onClose} />}
    </Modal>
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
        <FormError plain>{error}</FormError>
        <DialogActions onCancel={onDone} submit={category ? 'Save' : 'Add'} loading={save.isPending} submitTestId="blog-category-save" />
      </Stack>
    </form>
  );
}
