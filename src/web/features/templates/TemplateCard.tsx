// One template of a listing: its thumbnail on its background colour, title, summary, category,
// a few tags, the price (Free or $amount), 'Purchased' when the visitor bought it, the seller.
// The whole card links to /templates/{slug}.
import { Badge, Box, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { TemplateSummary } from '../../../shared/api/templates';
import { categoryLabel, priceLabel } from '../../../shared/rules/marketplace';
import { visibleTags, type FromListing } from './listing-query';

const THUMB_HEIGHT = 170;

export function TemplateCard({ t }: { t: TemplateSummary }) {
  const tags = visibleTags(t.tags);
  const { pathname, search } = useLocation();
  const from: FromListing = { listing: pathname + search };
  return (
    <Card
      component={Link}
      to={`/templates/${encodeURIComponent(t.slug)}`}
      state={from}
      withBorder
      radius="lg"
      padding="md"
      shadow="xs"
      data-testid="template-card"
      aria-label={t.name}
      className="sb-template-card"
      style={{ height: '100%' }}
    >
      <Card.Section style={{ background: t.thumbnail_bg_color || '#ffffff', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        {t.thumbnail ? (
          <Image src={t.thumbnail} alt="" h={THUMB_HEIGHT} fit="contain" p="sm" loading="lazy" />
        ) : (
          <Group h={THUMB_HEIGHT} justify="center" c="gray.5">
            <IconPhoto size={40} aria-hidden />
          </Group>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={700} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Text>
          <Badge variant={t.is_free ? 'light' : 'filled'} color={t.is_free ? 'teal' : 'indigo'} style={{ flexShrink: 0 }} tt="none" data-testid="template-price">
            {priceLabel(t.is_free, t.price)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {t.summary}
        </Text>
        <Group gap={6} mt={2}>
          <Badge variant="outline" color="gray" tt="none" size="sm">
            {categoryLabel(t.category)}
          </Badge>
          {tags.shown.map((tag) => (
            <Badge key={tag} variant="light" color="gray" tt="none" size="sm" maw={140}>
              {tag}
            </Badge>
          ))}
          {tags.more > 0 && (
            <Text size="xs" c="dimmed">
              +{tags.more}
            </Text>
          )}
        </Group>
        <Box style={{ flex: 1 }} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" truncate>
            by {t.seller_name}
          </Text>
          {t.isPurchased && (
            <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }} data-testid="template-purchased">
              Purchased
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A card's shape while the listing loads. */
export function TemplateCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton h={THUMB_HEIGHT} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Skeleton h={18} w="70%" />
        <Skeleton h={12} />
        <Skeleton h={12} w="85%" />
        <Group gap={6}>
          <Skeleton h={18} w={90} radius="xl" />
          <Skeleton h={18} w={60} radius="xl" />
        </Group>
      </Stack>
    </Card>
  );
}
