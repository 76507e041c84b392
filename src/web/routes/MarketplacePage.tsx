// /marketplace and /templates (every kind) and /multipage-templates (multipage apps): published
// templates, newest first by default, TEMPLATE_LIMITS.pageSize a page. The search, filters, order
// and page live in the address (features/templates/listing-query.ts), so a listing can be shared
// and Back walks back through it.
import { Button, Center, Group, Pagination, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconSearchOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PAGE_CONTROLS } from '../features/admin/format';
import { useTemplateList } from '../features/templates/api';
import { ListingFilters } from '../features/templates/ListingFilters';
import {
  changeState,
  clearedFilters,
  countLabel,
  isFiltered,
  LISTINGS,
  pageCount,
  paramsFromState,
  queryOf,
  replacesHistory,
  stateFromParams,
  type ListingName,
  type ListingState,
} from '../features/templates/listing-query';
import { MarketplaceLayout } from '../features/templates/MarketplaceLayout';
import { usePageMeta } from '../features/templates/page-meta';
import { TemplateCard, TemplateCardSkeleton } from '../features/templates/TemplateCard';
import { RetryAlert } from '../components/RetryAlert';

const GRID = { base: 1, xs: 2, md: 3 } as const;

function Listing({ name }: { name: ListingName }) {
  const listing = LISTINGS[name];
  usePageMeta({ title: listing.title, description: listing.intro });
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const list = useTemplateList(queryOf(state, listing.kind));

  const go = (next: ListingState) => {
    setParams(paramsFromState(next), { replace: replacesHistory(state, next) });
    if (next.page !== state.page) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const change = (patch: Partial<ListingState>) => go(changeState(state, patch));
  const clear = () => go(clearedFilters(state));

  const filtered = isFiltered(state);
  const pages = list.data ? pageCount(list.data.total, list.data.page_size) : 1;

  return (
    <MarketplaceLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {listing.title}
          </Title>
          <Text c="dimmed" mt={4}>
            {listing.intro}
          </Text>
        </div>
        <ListingFilters state={state} onChange={change} onClear={clear} />

        {list.isPending ? (
          <SimpleGrid cols={GRID} spacing="md" aria-busy="true" aria-label="Loading templates">
            {Array.from({ length: 6 }, (_, i) => (
              <TemplateCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <RetryAlert title="The templates could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.templates.length === 0 ? (
          <Empty filtered={filtered} beyondLastPage={list.data.total > 0} onClear={clear} onFirstPage={() => change({ page: 1 })} />
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="template-count" aria-live="polite">
                {countLabel(list.data.total, filtered)}
              </Text>
              {pages > 1 && (
                <Text size="sm" c="dimmed">
                  Page {Math.min(state.page, pages)} of {pages}
                </Text>
              )}
            </Group>
            <SimpleGrid cols={GRID} spacing="md" data-testid="template-list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {list.data.templates.map((t) => (
                <TemplateCard key={t.id} t={t} />
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group justify="center" mt="sm">
                <Pagination total={pages} value={Math.min(state.page, pages)} onChange={(page) => change({ page })} getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })} />
              </Group>
            )}
          </>
        )}
      </Stack>
    </MarketplaceLayout>
  );
}

function Empty({ filtered, beyondLastPage, onClear, onFirstPage }: { filtered: boolean; beyondLastPage: boolean; onClear: () => void; onFirstPage: () => void }) {
  const Icon = filtered ? IconSearchOff : IconBuildingStore;
  return (
    <Center py={48} data-testid="template-empty">
      <Stack align="center" ta="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <Icon size={30} />
        </ThemeIcon>
        {beyondLastPage ? (
          <>
            <Title order={3}>This page is empty</Title>
            <Text c="dimmed">There are fewer templates than this page number.</Text>
            <Button variant="light" onClick={onFirstPage} mt="xs">
              Go to the first page
            </Button>
          </>
        ) : filtered ? (
          <>
            <Title order={3}>No templates match</Title>
            <Text c="dimmed">Try other words, another category or another price.</Text>
            <Button variant="light" onClick={onClear} mt="xs">
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Title order={3}>No templates yet</Title>
            <Text c="dimmed">Templates appear here once their makers publish them and our team approves them. Please come back soon.</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}

export function MarketplacePage() {
  return <Listing name="marketplace" />;
}

export function TemplatesPage() {
  return <Listing name="templates" />;
}

export function MultipageTemplatesPage() {
  return <Listing name="multipage" />;
}
