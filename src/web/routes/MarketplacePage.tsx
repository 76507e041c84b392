// /marketplace and /templates (every kind) and /multipage-templates (multipage apps): published
// templates, newest first by default, TEMPLATE_LIMITS.pageSize a page. The search, filters, order
// and page live in the address (features/templates/listing-query.ts), so a listing can be shared
// and Back walks back through it.
import { Stack } from '@mantine/core';
import { ListingIntro } from '../components/CardListing';
import { useListingAddress } from '../components/use-listing-address';
import { useTemplateList } from '../features/templates/api';
import { ListingFilters } from '../features/templates/ListingFilters';
import * as templateListing from '../features/templates/listing-query';
import { MarketplaceLayout } from '../features/templates/MarketplaceLayout';
import { usePageMeta } from '../features/templates/page-meta';
import { TemplateListing } from '../features/templates/TemplateListing';

function Listing({ name }: { name: templateListing.ListingName }) {
  const listing = templateListing.LISTINGS[name];
  usePageMeta({ title: listing.title, description: listing.intro });
  const { state, change, clear } = useListingAddress(templateListing);
  const list = useTemplateList(templateListing.queryOf(state, listing.kind));

  return (
    <MarketplaceLayout>
      <Stack gap="lg">
        <ListingIntro title={listing.title} intro={listing.intro} fz={{ base: 26, sm: 32 }} />
        <ListingFilters state={state} onChange={change} onClear={clear} />
        <TemplateListing list={list} state={state} onChange={change} onClear={clear} />
      </Stack>
    </MarketplaceLayout>
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
