// The billing page's plan section (issue 18): the current plan and what it allows (with what the
// workspace uses), Upgrade through Stripe Checkout, 'Manage subscription' through Stripe's customer
// portal, a warning when a renewal failed, and the invoices with Stripe's hosted pages and PDFs.
import { Alert, Anchor, Badge, Button, Card, Group, List, Progress, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconExternalLink, IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PlanStatus } from '../../../shared/api/billing';
import { appsText, PLAN_LABELS, PRO_LIMITS, storageText } from '../../../shared/rules/plans';
import { CheckItem } from '../../components/CheckItem';
import { ListTable } from '../../components/ListTable';
import { Notice } from '../../components/Notice';
import { messageOf } from '../../lib/api';
import { useInvoices, usePortal, useUpgrade } from './plan-api';

const PLAN_COLORS = { free: 'gray', pro: 'teal', lifetime: 'grape' } as const;

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() || 'USD' }).format(cents / 100);
export const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function planText(plan: PlanStatus): string {
  if (plan.self_hosted) return 'Every feature is on for every workspace of this server.';
  if (plan.plan === 'pro') return 'Embedding, unlimited apps and more room for files.';
  if (plan.plan === 'lifetime') return `Paid for good with ${plan.codes.count} lifetime ${plan.codes.count === 1 ? 'code' : 'codes'}.`;
  return 'Share your apps by link. Embedding them on your own website comes with a paid plan.';
}

function Usage({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit: string }) {
  const pct = limit ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed">
          {limit === null ? `${used} ${unit} · no limit` : `${used} of ${limit} ${unit}`}
        </Text>
      </Group>
      {limit !== null && <Progress value={pct} color={pct >= 90 ? 'red' : 'teal'} size="sm" aria-label={label} />}
    </div>
  );
}

export function PlanCard({ plan }: { plan: PlanStatus }) {
  const upgrade = useUpgrade();
  const portal = usePortal();
  const invoices = useInvoices(plan.has_customer);
  const sub = plan.subscription;
  const canUpgrade = plan.plan !== 'pro' && plan.upgrade.available && !sub?.active;
  const price = plan.upgrade.amount_cents !== null ? `${money(plan.upgrade.amount_cents, plan.upgrade.currency)} a ${plan.upgrade.interval}` : null;
  const storageGb = (mb: number) => Math.round((mb / 1024) * 100) / 100;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="plan-card" data-plan={plan.plan}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={PLAN_COLORS[plan.plan]}>
            <IconCrown size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3}>{PLAN_LABELS[plan.plan]}</Title>
              {sub && !sub.active && sub.status === 'canceled' && <Badge color="gray">Cancelled</Badge>}
              {sub?.active && sub.cancel_at_period_end && <Badge color="yellow">Ends {sub.current_period_end ? day(sub.current_period_end) : 'soon'}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {planText(plan)}
            </Text>
          </div>
        </Group>

        <List spacing={4} size="sm" aria-label="What your plan allows">
          <CheckItem ok={plan.limits.embed}>Embed apps on your own website: {plan.limits.embed ? 'yes' : 'no'}</CheckItem>
        </List>
        <Usage label="Apps" used={plan.usage.apps} limit={plan.limits.apps} unit="apps" />
        <Usage label="Files (GB)" used={storageGb(plan.usage.upload_mb)} limit={storageGb(plan.limits.upload_mb)} unit="GB" />

        {sub?.active && sub.payment_failed && (
          <Alert color="red" variant="light" role="alert" title="Your last payment did not go through">
            Stripe will try your card again. Update it under Manage subscription to keep your plan.
          </Alert>
        )}
        {sub?.active && sub.current_period_end && !sub.cancel_at_period_end && (
          <Text size="sm" c="dimmed">
            Renews on {day(sub.current_period_end)}.
          </Text>
        )}

        {canUpgrade && (
          <Card withBorder radius="md" bg="teal.0" padding="md">
            <Stack gap={6}>
              <Text fw={700}>Pro{price ? ` · ${price}` : ''}</Text>
              <Text size="sm">
                Embedding, {appsText(PRO_LIMITS.apps).toLowerCase()} and {storageText(PRO_LIMITS.uploadMb!)}. Cancel any time.
              </Text>
              <Group>
                <Button leftSection={<IconCrown size={18} />} color="teal" onClick={() => upgrade.mutate()} loading={upgrade.isPending} w={{ base: '100%', xs: 'auto' }}>
                  Upgrade to Pro
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {!plan.upgrade.available && plan.plan === 'free' && !plan.self_hosted && (
          <Text size="sm" c="dimmed">
            Upgrades are not available on this server yet. A lifetime code still works:{' '}
            <Anchor component={Link} to="/dashboard/redeemappsumocodes">
              redeem a code
            </Anchor>
            .
          </Text>
        )}
        {upgrade.isError && <Notice tone="error">{messageOf(upgrade.error)}</Notice>}
        <Group gap="sm">
          {plan.has_customer && plan.upgrade.available && (
            <Button variant="default" rightSection={<IconExternalLink size={16} />} onClick={() => portal.mutate()} loading={portal.isPending}>
              Manage subscription
            </Button>
          )}
          {!plan.self_hosted && (
            <Button variant="subtle" component={Link} to="/dashboard/redeemappsumocodes">
              Redeem a lifetime code
            </Button>
          )}
        </Group>
        {portal.isError && <Notice tone="error">{messageOf(portal.error)}</Notice>}

        {plan.has_customer && (
          <Stack gap="xs">
            <Title order={4}>Invoices</Title>
            {invoices.isPending ? (
              <Text size="sm" c="dimmed">
                Loading invoices...
              </Text>
            ) : invoices.isError ? (
              <Alert color="yellow" variant="light">
                {messageOf(invoices.error)}
              </Alert>
            ) : invoices.data.invoices.length === 0 ? (
              <Text size="sm" c="dimmed">
                No invoices yet.
              </Text>
            ) : (
              <ListTable
                striped
                aria-label="Invoices"
                minWidth={420}
                columns={['Date', 'Number', 'Amount', 'Status', 'Invoice']}
                items={invoices.data.invoices}
                row={(i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{day(i.created)}</Table.Td>
                    <Table.Td>{i.number ?? '—'}</Table.Td>
                    <Table.Td>{money(i.amount_cents, i.currency)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={i.status === 'paid' ? 'teal' : i.status === 'open' ? 'yellow' : 'gray'}>
                        {i.status === 'paid' ? 'Paid' : i.status === 'open' ? 'Due' : (i.status ?? '')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {i.hosted_url && (
                          <Anchor href={i.hosted_url} target="_blank" rel="noopener noreferrer" size="sm">
                            View
                          </Anchor>
                        )}
                        {i.pdf_url && (
                          <Anchor href={i.pdf_url} target="_blank" rel="noopener noreferrer" size="sm">
                            <Group gap={2} wrap="nowrap">
                              <IconFileInvoice size={14} /> PDF
                            </Group>
                          </Anchor>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
