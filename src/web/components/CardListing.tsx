// A public listing of cards (the marketplace's templates, the blog's posts): card-shaped
// placeholders while it loads, the reason and "Try again" when it failed, an explanation when it
// is empty, else the count, the cards (dimmed while the next page loads) and the pager.
import { Group, SimpleGrid, Text, Title, type SimpleGridProps } from '@mantine/core';
import { IconSearchOff, type Icon } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ListPager } from './ListPager';
import { pageCount } from './list-paging';
import { RetryAlert } from './RetryAlert';

type Cols = SimpleGridProps['cols'];

/** The listing's title and its intro line. */
export function ListingIntro({ title, intro, fz, introMaw, testId }: { title: string; intro: string; fz: { base: number; sm: number }; introMaw?: number; testId?: string }) {
  return (
    <div>
      <Title order={1} fz={fz} data-testid={testId}>
        {title}
      </Title>
      <Text c="dimmed" mt={4} maw={introMaw}>
        {intro}
      </Text>
    </div>
  );
}

/** The shape of the cards to come, so the page does not jump when they arrive. */
export function CardGridSkeleton({ cols, count, label, Card }: { cols: Cols; count: number; label: string; Card: ComponentType }) {
  return (
    <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} />
      ))}
    </SimpleGrid>
  );
}

/** Why a listing shows nothing: a page past its end, a search that found nothing, or nothing yet. */
export function ListingEmpty({
  state,
  things,
  filtered,
  nothing,
  titleOrder,
  testId,
  onClear,
  onFirstPage,
}: {
  state: { filtered: boolean; beyondLastPage: boolean };
  /** What the listing lists, in the plural ('posts'). */
  things: string;
  filtered: { title: string; text: string; clearTestId?: string };
  nothing: { icon: Icon; title: string; text: string };
  titleOrder: 2 | 3;
  testId: string;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  const icon = state.filtered ? IconSearchOff : nothing.icon;
  if (state.beyondLastPage)
    return (
      <EmptyState
        icon={icon}
        title="This page is empty"
        text={`There are fewer ${things} than this page number.`}
        action={{ label: 'Go to the first page', onClick: onFirstPage }}
        titleOrder={titleOrder}
        testId={testId}
      />
    );
  if (state.filtered)
    return (
      <EmptyState
        icon={icon}
        title={filtered.title}
        text={filtered.text}
        action={{ label: 'Clear filters', onClick: onClear, testId: filtered.clearTestId }}
        titleOrder={titleOrder}
        testId={testId}
      />
    );
  return <EmptyState icon={icon} title={nothing.title} text={nothing.text} titleOrder={titleOrder} testId={testId} />;
}

interface ListingQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export function CardListing<D extends { total: number; page_size: number }, T>({
  query,
  items,
  cols,
  Skeleton,
  loadingLabel,
  errorTitle,
  empty,
  count,
  countTestId,
  listTestId,
  page,
  onPage,
  pager,
  children,
}: {
  query: ListingQuery<D>;
  items: (data: D) => readonly T[];
  cols: Cols;
  Skeleton: ComponentType;
  loadingLabel: string;
  errorTitle: string;
  /** The listing with nothing on this page; `beyondLastPage` when there is something on earlier ones. */
  empty: (beyondLastPage: boolean) => ReactNode;
  count: (total: number) => string;
  countTestId: string;
  listTestId: string;
  page: number;
  onPage: (page: number) => void;
  pager?: { nameItems?: boolean; testId?: string };
  /** One card, with its key. */
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <CardGridSkeleton cols={cols} count={6} label={loadingLabel} Card={Skeleton} />;
  if (query.isError) return <RetryAlert title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  // Neither loading nor failed means the data is there; the check only narrows its type.
  if (!query.data) return null;
  const { total, page_size } = query.data;
  const list = items(query.data);
  if (list.length === 0) return empty(total > 0);
  const pages = pageCount(total, page_size);
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid={countTestId} aria-live="polite">
          {count(total)}
        </Text>
        {pages > 1 && (
          <Text size="sm" c="dimmed">
            Page {Math.min(page, pages)} of {pages}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={cols} spacing="md" data-testid={listTestId} style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {list.map(children)}
      </SimpleGrid>
      <ListPager total={total} pageSize={page_size} page={page} onChange={onPage} mt="sm" nameItems={pager?.nameItems} testId={pager?.testId} />
    </>
  );
}
