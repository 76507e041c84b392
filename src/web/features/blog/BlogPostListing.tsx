// /blog's cards under the filters, in the states of components/CardListing.tsx, with the blog's
// words for an empty page.
import { IconArticle } from '@tabler/icons-react';
import { CardListing, ListingEmpty } from '../../components/CardListing';
import type { useBlogPosts } from './api';
import { isFiltered, type BlogListingState } from './listing-query';
import { CARD_GRID, PostCard, PostCardSkeleton } from './PostCard';

export function BlogPostListing({ list, state, onChange, onClear }: { list: ReturnType<typeof useBlogPosts>; state: BlogListingState; onChange: (patch: Partial<BlogListingState>) => void; onClear: () => void }) {
  const filtered = isFiltered(state);
  return (
    <CardListing
      query={list}
      items={(d) => d.posts}
      cols={CARD_GRID}
      Skeleton={PostCardSkeleton}
      loadingLabel="Loading posts"
      errorTitle="The posts could not be loaded"
      empty={(beyondLastPage) => (
        <ListingEmpty
          state={{ filtered, beyondLastPage }}
          things="posts"
          filtered={{ title: 'No posts match your search', text: 'Try other words, another category or another author.', clearTestId: 'blog-clear-filters' }}
          nothing={{ icon: IconArticle, title: 'No posts yet', text: 'Our first articles are on their way. Please come back soon.' }}
          titleOrder={2}
          testId="blog-empty"
          onClear={onClear}
          onFirstPage={() => onChange({ page: 1 })}
        />
      )}
      count={(total) => `${total === 1 ? '1 post' : `${total} posts`}${filtered ? ' found' : ''}`}
      countTestId="blog-count"
      listTestId="blog-post-list"
      page={state.page}
      onPage={(page) => onChange({ page })}
      pager={{ nameItems: true, testId: 'blog-pagination' }}
    >
      {(p) => <PostCard key={p.slug} post={p} to={`/blog/${encodeURIComponent(p.slug)}`} />}
    </CardListing>
  );
}
