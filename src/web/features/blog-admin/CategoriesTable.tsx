// /blog-admin/categories' table: each category with its address and number of posts; Rename,
// and Delete after a confirmation (its posts become uncategorised, none is deleted).
import { VisuallyHidden } from '@mantine/core';
import type { BlogCategory } from '../../../shared/api/blog';
import { RecordTable, WRAP, type RecordColumn } from '../../components/RecordTable';
import { blogApi, blogKeys } from './blog-admin-api';
import { confirmDeletion, useBlogDelete } from './blog-delete';
import { RowActions } from './RowActions';

export function CategoriesTable({ categories, labelledBy, onRename }: { categories: readonly BlogCategory[]; labelledBy: string; onRename: (c: BlogCategory) => void }) {
  const remove = useBlogDelete({
    call: blogApi.deleteCategory,
    done: ['Category deleted', 'Its posts are now uncategorised.'],
    refresh: [blogKeys.categories, blogKeys.postsAll],
    failure: 'The category was not deleted',
  });
  const confirmDelete = (c: BlogCategory) =>
    confirmDeletion({
      title: 'Delete this category?',
      text: `“${c.name}” will be deleted. ${c.post_count === 1 ? 'Its 1 post becomes' : `Its ${c.post_count} posts become`} uncategorised; no post is deleted.`,
      onConfirm: () => remove.mutate(c.id),
    });

  const columns: RecordColumn<BlogCategory>[] = [
    { header: 'Name', cell: (c) => c.name, style: WRAP },
    { header: 'Address', cell: (c) => c.slug, style: WRAP },
    { header: 'Posts', cell: (c) => c.post_count },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (c) => <RowActions name={c.name} change={{ label: 'Rename', onClick: () => onRename(c) }} onDelete={() => confirmDelete(c)} />,
    },
  ];
  return <RecordTable rows={categories} columns={columns} minWidth={420} labelledBy={labelledBy} rowTestId="blog-category-row" />;
}
