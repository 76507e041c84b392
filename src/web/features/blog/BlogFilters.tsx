// The listing's controls: search (sent after a pause in typing), category and author. The values
// live in the address (listing-query.ts); the box follows the address on Back / Forward.
import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { DebouncedSearchInput } from '../../components/DebouncedSearchInput';
import { useBlogAuthors, useBlogCategories } from './api';
import { isFiltered, SEARCH_DEBOUNCE_MS, SEARCH_MAX, type BlogListingState } from './listing-query';

export function BlogFilters({ state, onChange, onClear }: { state: BlogListingState; onChange: (patch: Partial<BlogListingState>) => void; onClear: () => void }) {
  const categories = useBlogCategories();
  const authors = useBlogAuthors();

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.slug, label: c.post_count ? `${c.name} (${c.post_count})` : c.name }));
  // A link may name a category or author the list does not hold (yet): keep it selectable.
  if (state.category && categories.data && !categoryOptions.some((o) => o.value === state.category)) categoryOptions.unshift({ value: state.category, label: state.category });
  const authorOptions = (authors.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (state.author && authors.data && !authorOptions.some((o) => o.value === state.author)) authorOptions.unshift({ value: state.author, label: 'Unknown author' });

  return (
    <Paper withBorder radius="lg" p="md" role="search" aria-label="Find posts">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DebouncedSearchInput value={state.q} onCommit={(q) => onChange({ q })} delay={SEARCH_DEBOUNCE_MS} placeholder="Title or text" maxLength={SEARCH_MAX} testId="blog-search" />
        <Select
          label="Category"
          placeholder={categories.isError ? 'Categories could not be loaded' : 'All categories'}
          data={categoryOptions}
          value={state.category || null}
          onChange={(v) => onChange({ category: v ?? '' })}
          clearable
          searchable
          nothingFoundMessage="No such category"
          data-testid="blog-category-filter"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Author"
          placeholder={authors.isError ? 'Authors could not be loaded' : 'All authors'}
          data={authorOptions}
          value={state.author || null}
          onChange={(v) => onChange({ author: v ?? '' })}
          clearable
          searchable
          nothingFoundMessage="No such author"
          data-testid="blog-author-filter"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {isFiltered(state) && (
        <Group justify="flex-end" mt="sm">
          <Button size="compact-sm" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear} data-testid="blog-clear-filters-top">
            Clear filters
          </Button>
        </Group>
      )}
    </Paper>
  );
}
