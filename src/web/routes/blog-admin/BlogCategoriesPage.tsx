// /blog-admin/categories (editors): the categories with their address and number of posts; add
// (the address made from the name by the spec's rule unless given), rename, delete (its posts
// become uncategorised).
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ListBody } from '../../components/ListBody';
import { PageHeading } from '../../components/PageHeading';
import { useBlogCategories } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';
import { CategoriesTable } from '../../features/blog-admin/CategoriesTable';
import { CategoryDialog, type CategoryEditing } from '../../features/blog-admin/CategoryDialog';

export function BlogCategoriesPage() {
  useDocumentTitle('Categories · Blog admin');
  const headingId = useId();
  const categories = useBlogCategories();
  const [editing, setEditing] = useState<CategoryEditing>(null);

  return (
    <Stack gap="md">
      <PageHeading
        title="Categories"
        id={headingId}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="blog-category-add">
            Add category
          </Button>
        }
      />
      <ListBody
        query={categories}
        failed={(e) => <BlogLoadError error={e} title="The categories could not be loaded" />}
        isEmpty={(d) => d.categories.length === 0}
        empty="No categories yet. Add one to group posts on the blog."
      >
        {(d) => <CategoriesTable categories={d.categories} labelledBy={headingId} onRename={setEditing} />}
      </ListBody>
      <CategoryDialog editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
