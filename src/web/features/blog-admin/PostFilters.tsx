// /blog-admin/blogs' filters: status, category, author and words in the title. The route keeps
// them in the address; a category or author list that failed to load leaves its select empty.
import { Select, SimpleGrid } from '@mantine/core';
import { BLOG_POST_STATUSES, BLOG_STATUS_LABELS, type BlogPostStatus } from '../../../shared/rules/blog';
import { ListSearchInput } from '../../components/ListSearchInput';
import { useBlogAuthors, useBlogCategories } from './blog-admin-api';

export type PostFilterKey = 'status' | 'category' | 'author';

export const isPostStatus = (v: string | null): v is BlogPostStatus => !!v && (BLOG_POST_STATUSES as readonly string[]).includes(v);

const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, ...BLOG_POST_STATUSES.map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }))];

export function PostFilters({
  status,
  category,
  author,
  onFilter,
  search,
  onSearch,
}: {
  status: BlogPostStatus | 'all';
  category: string | undefined;
  author: string | undefined;
  onFilter: (key: PostFilterKey, value: string | null) => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  const categories = useBlogCategories();
  const authors = useBlogAuthors();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Select
        label="Status"
        value={status}
        onChange={(v) => onFilter('status', v === 'all' ? null : v)}
        data={STATUS_OPTIONS}
        allowDeselect={false}
        data-testid="blog-filter-status"
      />
      <Select
        label="Category"
        placeholder="All categories"
        value={category ?? null}
        onChange={(v) => onFilter('category', v)}
        data={(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        clearable
        data-testid="blog-filter-category"
      />
      <Select
        label="Author"
        placeholder="All authors"
        value={author ?? null}
        onChange={(v) => onFilter('author', v)}
        data={(authors.data?.authors ?? []).map((a) => ({ value: a.id, label: a.name }))}
        clearable
        searchable
        data-testid="blog-filter-author"
      />
      <ListSearchInput placeholder="Words in the title" value={search} onChange={onSearch} testId="blog-filter-search" />
    </SimpleGrid>
  );
}
