// 'Payments for your templates' on the billing page: the workspace's Stripe Connect account
// (GET /api/billing/connect): off on this server, not connected ('Connect Stripe' →
// POST /api/billing/connect → Stripe's onboarding), onboarding unfinished, or ready. Coming back
// from Stripe (?stripe=return or ?stripe=refresh) asks the server to re-read the account first.
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandStripe } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { ConnectLinkResponse, ConnectStatus } from '../../../shared/api/admin';
import { CheckItem } from '../../components/CheckItem';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeading } from '../../components/PageHeading';
import { api, messageOf, type Out } from '../../lib/api';
import { CONNECT_TEXT, connectState, isOnboardingUrl } from './connect-state';

const CONNECT_KEY = ['billing', 'connect'] as const;
const STATE_COLORS = { off: 'gray', 'not-connected': 'gray', onboarding: 'yellow', ready: 'teal' } as const;

/** `returning`: the address says Stripe sent the seller back; `setParams` clears it once re-read. */
export function TemplatePayments({ returning, setParams }: { returning: boolean; setParams: SetURLSearchParams }) {
  const qc = useQueryClient();
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
    <>
      <PageHeading order={2} size="h3" title="Payments for your templates" description="Sell your apps as paid templates on the marketplace. Payments go through Stripe, straight to your own account." />
      {refresh.isError && (
        <Notice tone="error" color="yellow" title="Stripe could not be checked just now">
          {messageOf(refresh.error)} What is shown below is what Stripe last told us.
        </Notice>
      )}
      {returning || refresh.isPending || status.isPending ? (
        <Loading text={returning ? 'Checking your Stripe account...' : 'Loading...'} />
      ) : status.isError ? (
        <Notice tone="error" title="Your payment account could not be loaded">
          {messageOf(status.error)}
        </Notice>
      ) : (
        <ConnectCard status={status.data} connecting={connect.isPending} onConnect={() => connect.mutate()} error={connect.isError ? messageOf(connect.error) : null} />
      )}
    </>
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
        {error && <Notice tone="error">{error}</Notice>}
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
    <CheckItem ok={ok}>
      {label}: {ok ? 'yes' : 'not yet'}
    </CheckItem>
  );
}
