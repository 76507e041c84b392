// The listing's controls: search (sent after a pause in typing), category, price (All / Free /
// Paid) and order, plus the active filters as removable chips.
import { Button, Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { TEMPLATE_LIMITS, type PriceFilter, type TemplateSort } from '../../../shared/rules/templates';
import { DebouncedSearchInput } from '../../components/DebouncedSearchInput';
import { CATEGORY_OPTIONS, filterChips, isFiltered, PRICE_OPTIONS, SEARCH_DEBOUNCE_MS, SORT_OPTIONS, type ListingState } from './listing-query';

export function ListingFilters({ state, onChange, onClear }: { state: ListingState; onChange: (patch: Partial<ListingState>) => void; onClear: () => void }) {
  const chips = filterChips(state);

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <DebouncedSearchInput value={state.q} onCommit={(q) => onChange({ q })} delay={SEARCH_DEBOUNCE_MS} placeholder="Title, summary or tag" maxLength={TEMPLATE_LIMITS.searchMax} />
          <Select
            label="Category"
            placeholder="Any category"
            data={CATEGORY_OPTIONS}
            value={state.category}
            onChange={(v) => onChange({ category: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Input.Wrapper label="Price" labelElement="div">
            <SegmentedControl aria-label="Price" data={PRICE_OPTIONS} value={state.price} onChange={(v) => onChange({ price: v as PriceFilter })} fullWidth />
          </Input.Wrapper>
          <Select label="Sort by" data={SORT_OPTIONS} value={state.sort} onChange={(v) => v && onChange({ sort: v as TemplateSort })} comboboxProps={{ withinPortal: true }} />
        </SimpleGrid>
        {chips.length > 0 && (
          <Group gap="xs" data-testid="template-filter-chips">
            {chips.map((c) => (
              <Button
                key={c.key}
                size="compact-sm"
                variant="light"
                radius="xl"
                rightSection={<IconX size={12} aria-hidden />}
                onClick={() => onChange(c.remove)}
                aria-label={`Remove filter ${c.label}`}
              >
                {c.label}
              </Button>
            ))}
            {isFiltered(state) && chips.length > 1 && (
              <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
                Clear filters
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
