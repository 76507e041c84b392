// The template page's action card (shell §4): the price, 'Use Template' (free, bought or one's
// own) or 'Buy for $x' (Stripe Checkout), the live preview, what the purchase stands at, and the
// template's facts.
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCopy, IconEye, IconShoppingCart } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryLabel, priceLabel } from '../../../shared/rules/marketplace';
import { ApiError, messageOf } from '../../lib/api';
import { useMe } from '../../lib/queries';
import { TEMPLATE_REDIRECT_KEY } from '../auth/redirect';
import { templateKeys, templatePreviewPath, templatesApi, type TemplateDetail } from './api';
import { actionNote, authPath, needsPurchase, onBase, purchaseNote, templateAction } from './template-action';

export function TemplateActionCard({ t, base, slug }: { t: TemplateDetail; base: string | undefined; slug: string }) {
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
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

