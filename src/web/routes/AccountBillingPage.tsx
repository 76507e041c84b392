// /dashboard/accountbilling (owner): 'Plan and billing'. First the workspace's plan (issue 18,
// features/billing/PlanCard: Upgrade through Stripe Checkout, the customer portal, invoices);
// coming back from Checkout (?upgrade=done) waits for Stripe's webhook to open the plan, and a
// failed plan check says 'Failed to verify plan status'. Then 'Payments for your templates': the workspace's Stripe
// Connect account (GET /api/billing/connect): off on this server, not connected ('Connect Stripe'
// → POST /api/billing/connect → Stripe's onboarding), onboarding unfinished, or ready. Coming back
// from Stripe (?stripe=return or ?stripe=refresh) asks the server to re-read the account first.
import { Alert, AppShell, Badge, Button, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBrandStripe, IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PLAN_MESSAGES } from '../../shared/rules/plans';
import { useSearchParams } from 'react-router';
import type { ConnectLinkResponse, ConnectStatus } from '../../shared/api/admin';
import { Loading } from '../components/Loading';
import { OwnerModals } from '../components/OwnerModals';
import { CONNECT_TEXT, connectState, isOnboardingUrl, isStripeReturn } from '../features/account/connect-state';
import { planKeys, usePlan } from '../features/billing/plan-api';
import { PlanCard } from '../features/billing/PlanCard';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { api, messageOf, type Out } from '../lib/api';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';

const CONNECT_KEY = ['billing', 'connect'] as const;
const STATE_COLORS = { off: 'gray', 'not-connected': 'gray', onboarding: 'yellow', ready: 'teal' } as const;

/** How often, and how long, the page asks again while Stripe's webhook for a paid Checkout is on its way. */
const CONFIRM_POLL_MS = 1500;
const CONFIRM_WAIT_MS = 2 * 60_000;

export function AccountBillingPage() {
  useDocumentTitle('Plan and billing · Sheetboard');
  const [params, setParams] = useSearchParams();
  const returning = isStripeReturn(params);
  const qc = useQueryClient();
  const upgraded = params.get('upgrade');
  // Until the plan shows Pro (then the address loses ?upgrade and the polling stops), two minutes at most.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (upgraded !== 'done') return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [upgraded]);
  const plan = usePlan({ refetchInterval: upgraded === 'done' && !gaveUp ? CONFIRM_POLL_MS : false });
  const confirmed = upgraded === 'done' && plan.data?.plan === 'pro';
  useEffect(() => {
    if (!confirmed) return;
    toast.success('Welcome to Pro', 'Your payment went through: every feature of the Pro plan is yours.');
    void qc.invalidateQueries({ queryKey: keys.workspace });
    void qc.invalidateQueries({ queryKey: planKeys.invoices });
    setParams({}, { replace: true });
  }, [confirmed, qc, setParams]);
  const planFailed = plan.isError;
  useEffect(() => {
    if (planFailed) toast.error('Plan', PLAN_MESSAGES.checkFailed);
  }, [planFailed]);

  const refresh = useMutation({
    mutationFn: () => api.post<unknown>('/api/billing/connect/refresh'),
    onSettled: () => {
      setParams({}, { replace: true });
      void qc.invalidateQueries({ queryKey: CONNECT_KEY });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per return (StrictMode runs effects twice).
    if (!returning || started.current) return;
    started.current = true;
    refresh.mutate();
  }, [returning, refresh]);

  const status = useQuery({
    queryKey: CONNECT_KEY,
    queryFn: () => api.get<ConnectStatus>('/api/billing/connect'),
    enabled: !returning && !refresh.isPending,
  });

  const connect = useMutation({
    mutationFn: async () => {
      const { url } = await api.post<Out<typeof ConnectLinkResponse>>('/api/billing/connect');
      if (!isOnboardingUrl(url)) throw new Error('Stripe did not give us a setup page. Please try again.');
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
  });

  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="sm" py="md" px={0}>
            <Stack gap="lg">
              <Title order={2}>Plan and billing</Title>
              {upgraded === 'done' && !confirmed && !gaveUp && (
                <Alert color="teal" variant="light" role="status" title="Confirming your payment...">
                  Stripe is telling us about your payment. This page updates by itself in a moment.
                </Alert>
              )}
              {upgraded === 'done' && !confirmed && gaveUp && (
                <Alert color="yellow" variant="light" role="status" title="Stripe has not confirmed your payment yet">
                  It can take a few minutes. Come back to this page later; if you were charged and the plan stays free, contact us.
                </Alert>
              )}
              {upgraded === 'cancelled' && (
                <Alert color="gray" variant="light" role="status" withCloseButton onClose={() => setParams({}, { replace: true })}>
                  Checkout was cancelled: nothing was charged.
                </Alert>
              )}
              {plan.isPending ? (
                <Loading text="Loading your plan..." />
              ) : plan.isError ? (
                <Alert color="red" variant="light" role="alert" title={PLAN_MESSAGES.checkFailed}>
                  {messageOf(plan.error)}
                </Alert>
              ) : (
                <PlanCard plan={plan.data} />
              )}
              <div>
                <Title order={2} size="h3">
                  Payments for your templates
                </Title>
                <Text c="dimmed" size="sm">
                  Sell your apps as paid templates on the marketplace. Payments go through Stripe, straight to your own account.
                </Text>
              </div>
              {refresh.isError && (
                <Alert color="yellow" variant="light" role="alert" title="Stripe could not be checked just now">
                  {messageOf(refresh.error)} What is shown below is what Stripe last told us.
                </Alert>
              )}
              {returning || refresh.isPending || status.isPending ? (
                <Loading text={returning ? 'Checking your Stripe account...' : 'Loading...'} />
              ) : status.isError ? (
                <Alert color="red" variant="light" role="alert" title="Your payment account could not be loaded">
                  {messageOf(status.error)}
                </Alert>
              ) : (
                <ConnectCard status={status.data} connecting={connect.isPending} onConnect={() => connect.mutate()} error={connect.isError ? messageOf(connect.error) : null} />
              )}
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}

function ConnectCard({ status, connecting, onConnect, error }: { status: ConnectStatus; connecting: boolean; onConnect: () => void; error: string | null }) {
  const state = connectState(status);
  const { title, text } = CONNECT_TEXT[state];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="connect-status" data-state={state}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={STATE_COLORS[state]}>
            <IconBrandStripe size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3}>{title}</Title>
              {state === 'ready' && (
                <Badge color="teal" variant="light">
                  Connected
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </Group>
        {status.account && (
          <List spacing={4} size="sm" aria-label="Stripe account">
            <Check ok={status.account.details_submitted} label="Business details sent to Stripe" />
            <Check ok={status.account.charges_enabled} label="Can take card payments" />
            <Check ok={status.account.payouts_enabled} label="Can pay out to your bank" />
          </List>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {state === 'not-connected' && (
          <Button leftSection={<IconBrandStripe size={18} />} onClick={onConnect} loading={connecting} w={{ base: '100%', xs: 'auto' }}>
            Connect Stripe
          </Button>
        )}
        {state === 'onboarding' && (
          <Button onClick={onConnect} loading={connecting} w={{ base: '100%', xs: 'auto' }}>
            Continue Stripe setup
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={ok ? 'teal' : 'gray'} variant="light" aria-hidden>
          {ok ? <IconCheck size={14} /> : <IconX size={14} />}
        </ThemeIcon>
      }
    >
      {label}: {ok ? 'yes' : 'not yet'}
    </List.Item>
  );
}
