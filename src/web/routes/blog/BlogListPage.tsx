// /blog: live posts, newest first, BLOG_LIMITS.pageSize a page, filtered by category, author
// and search. The filters and the page live in the address (features/blog/listing-query.ts), so a
// link reproduces the view. Page 1 unfiltered comes with the HTML (features/blog/boot-data.ts).
import '../../features/blog/blog.css';
import { Button, Center, Group, Pagination, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArticle, IconSearchOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PAGE_CONTROLS } from '../../features/admin/format';
import { useBlogPosts } from '../../features/blog/api';
import { BlogFilters } from '../../features/blog/BlogFilters';
import { BlogLayout } from '../../features/blog/BlogLayout';
import { useBlogHead } from '../../features/blog/head';
import { changeState, clearedFilters, isFiltered, pageCount, paramsFromState, queryOf, replacesHistory, stateFromParams, type BlogListingState } from '../../features/blog/listing-query';
import { CARD_GRID, PostCard, PostCardSkeleton } from '../../features/blog/PostCard';
import { RetryAlert } from '../../components/RetryAlert';

export const BLOG_TITLE = 'Sheetboard Blog';
export const BLOG_INTRO = 'Tutorials, template showcases and news about building boards and apps from your spreadsheets.';

export function BlogListPage() {
  useBlogHead({ title: BLOG_TITLE, description: BLOG_INTRO, canonical: `${window.location.origin}/blog` });
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const list = useBlogPosts(queryOf(state));

  const go = (next: BlogListingState) => {
    setParams(paramsFromState(next), { replace: replacesHistory(state, next) });
    if (next.page !== state.page) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const change = (patch: Partial<BlogListingState>) => go(changeState(state, patch));
  const clear = () => go(clearedFilters());
  const filtered = isFiltered(state);
  const pages = list.data ? pageCount(list.data.total, list.data.page_size) : 1;

  return (
    <BlogLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 36 }} data-testid="blog-heading">
            Blog
          </Title>
          <Text c="dimmed" mt={4} maw={640}>
            {BLOG_INTRO}
          </Text>
        </div>
        <BlogFilters state={state} onChange={change} onClear={clear} />

        {list.isPending ? (
          <SimpleGrid cols={CARD_GRID} spacing="md" aria-busy="true" aria-label="Loading posts">
            {Array.from({ length: 6 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <RetryAlert title="The posts could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.posts.length === 0 ? (
          <Empty filtered={filtered} beyondLastPage={list.data.total > 0} onClear={clear} onFirstPage={() => change({ page: 1 })} />
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="blog-count" aria-live="polite">
                {list.data.total === 1 ? '1 post' : `${list.data.total} posts`}
                {filtered ? ' found' : ''}
              </Text>
              {pages > 1 && (
                <Text size="sm" c="dimmed">
                  Page {Math.min(state.page, pages)} of {pages}
                </Text>
              )}
            </Group>
            <SimpleGrid cols={CARD_GRID} spacing="md" data-testid="blog-post-list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {list.data.posts.map((p) => (
                <PostCard key={p.slug} post={p} to={`/blog/${encodeURIComponent(p.slug)}`} />
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group justify="center" mt="sm">
                <Pagination
                  total={pages}
                  value={Math.min(state.page, pages)}
                  onChange={(page) => change({ page })}
                  getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                  data-testid="blog-pagination"
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </BlogLayout>
  );
}

function Empty({ filtered, beyondLastPage, onClear, onFirstPage }: { filtered: boolean; beyondLastPage: boolean; onClear: () => void; onFirstPage: () => void }) {
  const Icon = filtered ? IconSearchOff : IconArticle;
  return (
    <Center py={48} data-testid="blog-empty">
      <Stack align="center" ta="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <Icon size={30} aria-hidden />
        </ThemeIcon>
        {beyondLastPage ? (
          <>
            <Title order={2} fz="h3">
              This page is empty
            </Title>
            <Text c="dimmed">There are fewer posts than this page number.</Text>
            <Button variant="light" onClick={onFirstPage} mt="xs">
              Go to the first page
            </Button>
          </>
        ) : filtered ? (
          <>
            <Title order={2} fz="h3">
              No posts match your search
            </Title>
            <Text c="dimmed">Try other words, another category or another author.</Text>
            <Button variant="light" onClick={onClear} mt="xs" data-testid="blog-clear-filters">
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Title order={2} fz="h3">
              No posts yet
            </Title>
            <Text c="dimmed">Our first articles are on their way. Please come back soon.</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
