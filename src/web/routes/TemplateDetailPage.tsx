// /templates/{slug}: one published template. Its images ('Template Images' gallery), the rich
// description, the seller, a live preview on the board host, and the main action of shell §4:
// 'Use Template' (free, bought or one's own) or 'Buy for $x' (Stripe Checkout).
import { Alert, Anchor, Badge, Box, Button, Center, Grid, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Typography, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconEye, IconMapOff, IconPhoto, IconShoppingCart, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { categoryLabel, priceLabel } from '../../shared/rules/marketplace';
import { TEMPLATE_MESSAGES } from '../../shared/rules/templates';
import { TEMPLATE_REDIRECT_KEY } from '../features/auth/redirect';
import { galleryItems } from '../features/marketplace/form-state';
import { GalleryModal } from '../features/marketplace/GalleryModal';
import { templateKeys, templatePreviewPath, templatesApi, useTemplate, type TemplateDetail } from '../features/templates/api';
import { backLink } from '../features/templates/listing-query';
import { MarketplaceLayout } from '../features/templates/MarketplaceLayout';
import { absoluteUrl, usePageMeta } from '../features/templates/page-meta';
import { actionNote, authPath, needsPurchase, onBase, purchaseNote, templateAction } from '../features/templates/template-action';
import { ApiError, messageOf } from '../lib/api';
import { useBaseUrl } from '../lib/host';
import { useMe } from '../lib/queries';

export function TemplateDetailPage() {
  const { slug } = useParams();
  const template = useTemplate(slug);
  const back = backLink(useLocation().state);
  const notFound = template.error instanceof ApiError && template.error.status === 404;
  usePageMeta(
    template.data
      ? { title: template.data.name, description: template.data.summary, image: absoluteUrl(template.data.thumbnail, window.location.origin) }
      : template.isError
        ? { title: notFound ? TEMPLATE_MESSAGES.notFound : TEMPLATE_MESSAGES.loadFailed, description: 'Templates for your spreadsheets.' }
        : null,
  );

  return (
    <MarketplaceLayout>
      <Stack gap="md">
        <Anchor component={Link} to={back.to} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
        {template.isPending ? (
          <DetailSkeleton />
        ) : template.isError ? (
          notFound ? (
            <Problem title={TEMPLATE_MESSAGES.notFound} text="It may have been taken out of the marketplace, or the link is not quite right." />
          ) : (
            <Problem title={TEMPLATE_MESSAGES.loadFailed} text={messageOf(template.error)} onRetry={() => template.refetch()} retrying={template.isFetching} />
          )
        ) : (
          <Detail t={template.data} slug={slug ?? ''} />
        )}
      </Stack>
    </MarketplaceLayout>
  );
}

function Detail({ t, slug }: { t: TemplateDetail; slug: string }) {
  const [gallery, setGallery] = useState<number | null>(null);
  const items = galleryItems(t);
  const base = useBaseUrl();
  const bg = t.thumbnail_bg_color || '#ffffff';

  return (
    <div className="sb-template-detail" data-testid="template-detail">
      <Stack gap="lg" data-area="head">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }} data-testid="template-title">
            {t.name}
          </Title>
          <Text c="dimmed" mt={4}>
            by <b>{t.seller_name}</b>
          </Text>
          <Text mt="sm" size="lg" style={{ overflowWrap: 'anywhere' }}>
            {t.summary}
          </Text>
        </div>
        <Stack gap="xs">
          <UnstyledButton
            onClick={() => items.length && setGallery(0)}
            aria-label="Open the template images"
            style={{ background: bg, borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden', cursor: items.length ? 'zoom-in' : 'default' }}
            disabled={items.length === 0}
          >
            {t.thumbnail ? (
              <Image src={t.thumbnail} alt={`${t.name}: thumbnail`} h={{ base: 220, sm: 320 }} fit="contain" p="md" />
            ) : (
              <Center h={220} c="gray.5">
                <IconPhoto size={48} aria-hidden />
              </Center>
            )}
          </UnstyledButton>
          {t.additional_images.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="template-images">
              {t.additional_images.map((src, i) => (
                <UnstyledButton
                  key={`${i}-${src}`}
                  onClick={() => setGallery(items.findIndex((it) => it.type === 'additional' && it.index === i + 1))}
                  aria-label={`Open image ${i + 1}`}
                  style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)', background: 'white', cursor: 'zoom-in' }}
                >
                  <Image src={src} alt="" h={72} fit="cover" />
                </UnstyledButton>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>

      <div data-area="action">
        <ActionCard t={t} base={base.data} slug={slug} />
      </div>

      <div data-area="body">
        <Title order={2} fz="lg" mb="xs">
          About this template
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          {/* The description is rich HTML the server cleans (sanitize-html) when it is stored
              and again when it is served; nothing else is injected here. */}
          <Typography>
            <Box data-testid="template-description" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: t.description }} />
          </Typography>
        </Paper>
      </div>

      <GalleryModal items={items} start={gallery ?? 0} opened={gallery !== null} onClose={() => setGallery(null)} background={bg} />
    </div>
  );
}

function ActionCard({ t, base, slug }: { t: TemplateDetail; base: string | undefined; slug: string }) {
  const me = useMe();
  const qc = useQueryClient();
  const signedIn = !!me.data;
  const action = templateAction(t, signedIn, base, window.location.href);
  const note = actionNote(t, signedIn);
  const payment = t.is_free ? null : purchaseNote(t.purchase_status);
  const checkout = useMutation({
    mutationFn: () => templatesApi.checkout(t.id),
    // Off to Stripe's page; the purchase counts once Stripe's signed webhook says it was paid.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => {
      // Bought (or made clonable) meanwhile, say in another tab: the page catches up.
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: templateKeys.detail(slug) });
      // The session ended meanwhile: sign in again, then back here.
      if (e instanceof ApiError && e.status === 401) {
        localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href);
        window.location.assign(authPath(t.id));
      }
    },
  });
  const checkoutError = checkout.error && !(checkout.error instanceof ApiError && checkout.error.status === 401) ? messageOf(checkout.error) : null;
  const Icon = needsPurchase(t) ? IconShoppingCart : IconCopy;

  return (
    <Paper withBorder radius="lg" p="lg" shadow="sm">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Text fw={800} fz={28} data-testid="template-detail-price">
            {priceLabel(t.is_free, t.price)}
          </Text>
          <Group gap={6}>
            {t.isPurchased && (
              <Badge color="green" variant="light" data-testid="template-purchased">
                Purchased
              </Badge>
            )}
            {t.own && (
              <Badge color="indigo" variant="light">
                Your template
              </Badge>
            )}
          </Group>
        </Group>

        {me.isPending ? (
          <Skeleton h={42} />
        ) : action.kind === 'buy' ? (
          <Button size="md" fullWidth leftSection={<Icon size={18} />} loading={checkout.isPending} onClick={() => checkout.mutate()} data-testid="template-action">
            {action.label}
          </Button>
        ) : action.kind === 'sign-in' ? (
          <Button
            size="md"
            fullWidth
            leftSection={<Icon size={18} />}
            component={Link}
            to={action.href}
            onClick={() => localStorage.setItem(TEMPLATE_REDIRECT_KEY, action.redirect)}
            data-testid="template-action"
          >
            {action.label}
          </Button>
        ) : (
          <Button size="md" fullWidth leftSection={<Icon size={18} />} component="a" href={action.href} data-testid="template-action">
            {action.label}
          </Button>
        )}
        <Button size="md" fullWidth variant="default" leftSection={<IconEye size={18} />} component="a" href={onBase(base, templatePreviewPath(t))} data-testid="template-preview">
          Live preview
        </Button>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {payment && (
          <Alert color={payment.color} variant="light" py="xs">
            <Text size="sm">{payment.text}</Text>
          </Alert>
        )}
        {checkoutError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            <Text size="sm">{checkoutError}</Text>
          </Alert>
        )}

        <Stack gap={10} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Fact label="Category">{categoryLabel(t.category)}</Fact>
          <Fact label="Kind">{t.kind === 'multipage' ? 'Multipage app' : 'Board'}</Fact>
          <Fact label="Seller">{t.seller_name}</Fact>
          <Fact label="Version">{`${t.version_number}, updated ${formatDate(t.updated_at)}`}</Fact>
          {t.tags.length > 0 && (
            <div>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                Tags
              </Text>
              <Group gap={6}>
                {t.tags.map((tag) => (
                  <Badge key={tag} variant="light" color="gray" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Group>
            </div>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Problem({ title, text, onRetry, retrying }: { title: string; text: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Center py={48} data-testid="template-problem">
      <Paper withBorder radius="lg" p="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color={onRetry ? 'red' : 'gray'}>
            <IconMapOff size={30} />
          </ThemeIcon>
          <Title order={2} fz="xl" role="alert">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          <Group justify="center" mt="xs">
            {onRetry && (
              <Button variant="light" onClick={onRetry} loading={retrying}>
                Try again
              </Button>
            )}
            <Button component={Link} to="/templates" variant={onRetry ? 'default' : 'light'}>
              Browse templates
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

function DetailSkeleton() {
  return (
    <Grid gutter="xl" aria-busy="true" aria-label="Loading the template">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Skeleton h={34} w="70%" />
          <Skeleton h={16} w="30%" />
          <Skeleton h={16} />
          <Skeleton h={300} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={280} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}
