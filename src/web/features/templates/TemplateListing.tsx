// The marketplace's cards under the filters, in the states of components/CardListing.tsx, with the
// marketplace's words for an empty page.
import { IconBuildingStore } from '@tabler/icons-react';
import { CardListing, ListingEmpty } from '../../components/CardListing';
import type { useTemplateList } from './api';
import { countLabel, isFiltered, type ListingState } from './listing-query';
import { TemplateCard, TemplateCardSkeleton } from './TemplateCard';

const GRID = { base: 1, xs: 2, md: 3 } as const;

export function TemplateListing({ list, state, onChange, onClear }: { list: ReturnType<typeof useTemplateList>; state: ListingState; onChange: (patch: Partial<ListingState>) => void; onClear: () => void }) {
  const filtered = isFiltered(state);
  return (
    <CardListing
      query={list}
      items={(d) => d.templates}
      cols={GRID}
      Skeleton={TemplateCardSkeleton}
      loadingLabel="Loading templates"
      errorTitle="The templates could not be loaded"
      empty={(beyondLastPage) => (
        <ListingEmpty
          state={{ filtered, beyondLastPage }}
          things="templates"
          filtered={{ title: 'No templates match', text: 'Try other words, another category or another price.' }}
          nothing={{ icon: IconBuildingStore, title: 'No templates yet', text: 'Templates appear here once their makers publish them and our team approves them. Please come back soon.' }}
          titleOrder={3}
          testId="template-empty"
          onClear={onClear}
          onFirstPage={() => onChange({ page: 1 })}
        />
      )}
      count={(total) => countLabel(total, filtered)}
      countTestId="template-count"
      listTestId="template-list"
      page={state.page}
      onPage={(page) => onChange({ page })}
    >
      {(t) => <TemplateCard key={t.id} t={t} />}
    </CardListing>
  );
}
